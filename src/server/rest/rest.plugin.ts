import type { FastifyInstance } from 'fastify';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import { clearSessionCookie, resolveAuth, sessionTokenOf } from '../auth/request-auth';
import { logout } from '../auth/auth.service';
import { appRouter } from '../router';
import { type Deps, createContextFactory } from '../trpc';
import { buildOpenApiDocument } from './openapi';
import { keepBodyInputsStrict } from './strict-body-inputs';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The thin REST adapter: every documented /api path calls the same procedure as /trpc. */
export async function registerRest(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const openApiDocument = buildOpenApiDocument(config);
  app.get('/api/openapi.json', async () => openApiDocument);

  // Browser navigations of SPEC §7.3.
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  app.get('/api/logout', async (request, reply) => {
    // A link on another site must not sign people out; a click inside the app or a typed URL may.
    if (request.headers['sec-fetch-site'] !== 'cross-site') {
      const auth = await resolveAuth(db, config, sessionTokenOf(request, config));
      if (auth) await logout(db, auth, { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
      clearSessionCookie(reply, config);
    }
    return reply.redirect('/');
  });

  const createContext = createContextFactory(deps);
  keepBodyInputsStrict(appRouter);
  await app.register(async (api) => {
    // The SPEC's client sends no content type when a write has no body (mark read, release a bed);
    // trpc-to-openapi would answer 415, so an empty write counts as an empty JSON object.
    api.addHook('preHandler', async (request) => {
      if (BODY_METHODS.has(request.method) && !request.headers['content-type'] && request.body === undefined) {
        request.headers['content-type'] = 'application/json';
      }
    });
    await api.register(fastifyTRPCOpenApiPlugin, {
      basePath: '/api',
      router: appRouter,
      createContext: ({ req, res }: { req: unknown; res: unknown }) => createContext(req as never, res as never),
      onError: ({ error, req }: { error: { code: string }; req: unknown }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') (req as { log: FastifyInstance['log'] }).log.error({ err: error }, 'REST call failed');
      },
    });
  });
}
