import type { FastifyInstance } from 'fastify';
import { clearSessionCookie, resolveAuth, sessionTokenOf } from '../auth/request-auth';
import { logout } from '../auth/auth.service';
import { appRouter } from '../router';
import type { Deps } from '../deps';
import { createContextFactory } from '../trpc';
import { buildOpenApiDocument } from './openapi';
import { registerProcedureRoutes } from './rest-routes';
import { keepBodyInputsStrict } from './strict-body-inputs';

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

  keepBodyInputsStrict(appRouter);
  registerProcedureRoutes(app, { router: appRouter, createContext: createContextFactory(deps) });
}
