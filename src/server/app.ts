import fastifyCookie from '@fastify/cookie';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { flushAuditAggregates } from './audit/audit-log';
import { loadAuditKey, useAuditKey } from './audit/audit-key';
import type { Config } from './config';
import type { Deps } from './deps';
import { sendError } from './errors';
import { registerClientAssets } from './http/client-assets';
import { signedInFirstPageRenderer } from './http/signed-in-first-page';
import { csrfGuard } from './http/csrf';
import { refuseDeepJson } from './http/json-depth';
import { registerSecurityHeaders } from './http/security-headers';
import { registerHealth } from './http/health';
import { registerCrawlerFiles } from './http/crawlers';
import { registerAuditExportRoutes } from './domains/audit/audit-export.routes';
import { registerDocumentRoutes } from './domains/documents/documents.routes';
import { registerHospitalRecordsRoutes } from './domains/hospital-records/hospital-records.routes';
import { registerIcd10Routes } from './domains/icd10/icd10.routes';
import { registerBillingCodeRoutes } from './domains/billing-codes/billing-codes.routes';
import { registerReadinessPdfRoute } from './domains/readiness/readiness-pdf.routes';
import { registerAccountDocumentRoutes } from './domains/statements/account-documents.routes';
import { registerFeeDocumentRoutes } from './domains/fee-notes/fee-documents.routes';
import { registerTrustDocumentRoutes } from './domains/trust/trust-documents.routes';
import { registerFeeStatementRoutes } from './domains/fee-reports/fee-statement.routes';
import { recordRoutes } from './http/route-list';
import { registerCalendarFeedRoute } from './domains/calendar-feed/calendar-feed.routes';
import { loggedRequest } from './http/log-redaction';
import { registerRest } from './rest/rest.plugin';
import { type AppRouter, appRouter } from './router';
import { TRPC_MAX_BATCH_SIZE } from '../shared/trpc-batch';
import { createContextFactory } from './trpc';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<DB>;
  /** The audit trail's key (main.ts loads it); default: from config (AUDIT_KEY or DATA_DIR/audit.key). */
  auditKey?: Buffer;
}

/** The whole HTTP surface, without listening: main.ts listens, tests call app.inject(). */
export async function buildApp({ config, db, auditKey }: BuildAppOptions): Promise<FastifyInstance> {
  useAuditKey(db, auditKey ?? loadAuditKey(config).key);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // The private calendar feed's token is in its path: logged as [token] (log-redaction.ts).
            serializers: { req: loggedRequest },
          },
    trustProxy: config.TRUST_PROXY,
    // tRPC batches put many procedure names in one path segment; /api/beds/ is /api/beds.
    routerOptions: { maxParamLength: 5_000, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
  });

  recordRoutes(app);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config); // first, so refusals below carry the headers too
  app.addHook('onRequest', csrfGuard(config, db));
  refuseDeepJson(app);
  // Failures folded in memory (audit-aggregate.ts) are written before the database closes.
  app.addHook('onClose', () => flushAuditAggregates(db));

  // Fastify's own refusals (unparsable JSON, a body too large) and anything a route did not catch:
  // the one status map and body of errors.ts.
  app.setErrorHandler((error, _request, reply) => sendError(reply, error));

  registerHealth(app, db);
  registerCrawlerFiles(app, config); // before the SPA fallback, which would answer them with the app's HTML
  const deps: Deps = { config, db };
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
  await registerIcd10Routes(app, deps); // issue 22: the ICD-10 MIT CSV import (a file upload)
  await registerBillingCodeRoutes(app, deps); // issue 33: the tariff and NAPPI list imports (file uploads)
  registerAuditExportRoutes(app, deps); // CSV downloads of the audit trail and access reports
  registerReadinessPdfRoute(app, deps); // the trial-readiness PDF of a case (issue 20)
  registerAccountDocumentRoutes(app, deps); // issue 33: account, statement and receipt PDFs
  registerFeeDocumentRoutes(app, deps); // issue 34: the fee note PDF
  registerTrustDocumentRoutes(app, deps); // issue 34: the trust reconciliation PDF
  registerFeeStatementRoutes(app, deps); // issue 34: a client's fee statement PDF
  await registerHospitalRecordsRoutes(app, deps); // a medicolegal case's hospital records: upload, bundle PDF (issue 22)
  registerCalendarFeedRoute(app, deps); // the private .ics feed of a person's appointments (issue 21)
  await registerRest(app, deps);
  await registerClientAssets(app, config.CLIENT_DIST, config.SESSION_COOKIE_NAME, signedInFirstPageRenderer(config.CLIENT_DIST, deps, app.log));
  return app;
}
