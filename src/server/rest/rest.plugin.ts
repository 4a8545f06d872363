import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, resolveAuth, sessionTokenOf } from '../auth/request-auth';
import { logout } from '../auth/auth.service';
import { isOwnTopLevelNavigation } from '../http/fetch-metadata';
import { appRouter } from '../router';
import type { Deps } from '../deps';
import { createContextFactory } from '../trpc';
import { buildOpenApiDocument } from './openapi';
import { registerProcedureRoutes } from './rest-routes';
import { keepBodyInputsStrict } from './strict-body-inputs';
import { AppError, sendError } from '../errors';

/** The thin REST adapter: every documented /api path calls the same procedure as /trpc. */
export async function registerRest(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const openApiDocument = buildOpenApiDocument(config);
  app.get('/api/openapi.json', async () => openApiDocument);

  // Browser navigations of SPEC §7.3.
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await resolveAuth(db, config, sessionTokenOf(request, config));
    if (auth) await logout(db, auth, { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
    clearSessionCookie(reply, config);
  };
  app.get('/api/logout', async (request, reply) => {
    // Only the person's own click or typed URL signs out: an <img> or a link on another page (a
    // sibling subdomain included) is refused and the session stays (issue 16).
    if (!isOwnTopLevelNavigation(request)) {
      return sendError(reply, new AppError('FORBIDDEN', 'Sign out with the Sign Out button of the application.'));
    }
    await endSession(request, reply);
    return reply.redirect('/');
  });
  // A form POST (the CSRF guard has checked its Origin) for browsers that send no Fetch Metadata.
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_024 }, (_request, _body, done) => done(null, {}));
    form.post('/api/logout', async (request, reply) => {
      await endSession(request, reply);
      return reply.redirect('/', 303);
    });
  });

  keepBodyInputsStrict(appRouter);
  registerProcedureRoutes(app, { router: appRouter, createContext: createContextFactory(deps) });
}
