import fastifyCookie from '@fastify/cookie';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Config } from './config';
import { appErrorOfDatabase } from './database-errors';
import { registerClientAssets } from './http/client-assets';
import { csrfGuard } from './http/csrf';
import { refuseDeepJson } from './http/json-depth';
import { registerSecurityHeaders } from './http/security-headers';
import { registerHealth } from './http/health';
import { registerAuditExportRoutes } from './domains/audit/audit-export.routes';
import { registerDocumentRoutes } from './domains/documents/documents.routes';
import { registerRest } from './rest/rest.plugin';
import { type AppRouter, appRouter } from './router';
import { TRPC_MAX_BATCH_SIZE } from '../shared/trpc-batch';
import { createContextFactory } from './trpc';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<DB>;
}

/** The whole HTTP surface, without listening: main.ts listens, tests call app.inject(). */
export async function buildApp({ config, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'] },
    trustProxy: config.TRUST_PROXY,
    // tRPC batches put many procedure names in one path segment; /api/beds/ is /api/beds.
    routerOptions: { maxParamLength: 5_000, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
  });

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config); // first, so refusals below carry the headers too
  app.addHook('onRequest', csrfGuard(config));
  refuseDeepJson(app);

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const mapped = appErrorOfDatabase(error); // 503 database unavailable, 400 text it cannot store
    if (mapped) {
      request.log.warn({ err: error }, mapped.message);
      return reply.code(mapped.code === 'SERVICE_UNAVAILABLE' ? 503 : 400).send({ code: mapped.code, message: mapped.message });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({
      code: error.code ?? 'ERROR',
      message: status >= 500 ? 'Something went wrong on our side. Please try again.' : error.message,
    });
  });

  registerHealth(app, db);
  const deps = { config, db };
  const createContext = createContextFactory(deps);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // The client's httpBatchLink sends at most as many (src/client/trpc.ts); above it: 400.
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: ({ req, res }) => createContext(req, res),
      onError({ error, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error }, 'tRPC call failed');
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);
  await registerDocumentRoutes(app, deps); // upload / download: file bytes beside the JSON /api
  registerAuditExportRoutes(app, deps); // CSV downloads of the audit trail and access reports
  await registerRest(app, deps);
  await registerClientAssets(app, config.CLIENT_DIST);
  return app;
}
