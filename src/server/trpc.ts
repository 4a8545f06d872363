import { initTRPC } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { DB } from '../../db/schema';
import type { TCapability } from '../shared/roles';
import type { TPlatformFeature } from '../shared/platform';
import { requireActor, requireCapability, requireTenant } from './auth/actor';
import {
  type AuthState,
  clearSessionCookie,
  resolveAuth,
  sessionTokenOf,
  setSessionCookie,
} from './auth/request-auth';
import type { Config } from './config';
import { INVALID_TEXT_MESSAGE, isDatabaseUnavailable } from './database-errors';
import type { Deps } from './deps';
import { AppError, appErrorOfDatabase, databaseUnavailable, errorAnswer, toTRPCError } from './errors';
import { auditCall } from './audit/audit-middleware';
import { publicUrlOf } from './http/public-url';

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /** Where links in e-mails point: PUBLIC_URL, else the first APP_ORIGIN, else the configured HOST:PORT (never the Host header). */
  publicUrl: string;
}

export interface Context {
  db: Kysely<DB>;
  config: Config;
  request: RequestInfo;
  auth: AuthState | null;
  setSessionCookie(token: string, expiresAt: string): void;
  clearSessionCookie(): void;
}

export function createContextFactory({ db, config }: Deps) {
  const publicUrl = publicUrlOf(config);
  return async function createContext(req: FastifyRequest, reply: FastifyReply): Promise<Context> {
    let auth: AuthState | null;
    try {
      auth = await resolveAuth(db, config, sessionTokenOf(req, config));
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw toTRPCError(databaseUnavailable());
      throw error;
    }
    return {
      db,
      config,
      request: { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null, publicUrl },
      auth,
      setSessionCookie: (token, expiresAt) => setSessionCookie(reply, config, token, expiresAt),
      clearSessionCookie: () => clearSessionCookie(reply, config),
    };
  };
}

/**
 * Every procedure states what it needs in its meta, so the guard, the OpenAPI document and the
 * authorization test that walks the whole router read one declaration:
 * - `capability`: the role must hold it in src/shared/roles.ts (checked for authed procedures);
 * - `feature`: the caller's platform must have it on (SPEC §3.6), e.g. beds only on healthcare;
 * - `csv`: a report's REST path answers text/csv for `?format=csv`.
 */
export type Meta = OpenApiMeta & {
  capability?: TCapability;
  feature?: TPlatformFeature;
  /** A report the REST path also answers as CSV when asked `?format=csv` (rest-routes.ts). */
  csv?: { fileName: () => string; render: (data: unknown) => string };
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Stack traces never leave the server outside development (tRPC adds them when isDev).
    isDev: process.env.NODE_ENV === 'development',
    // tRPC's wire shape keeps its envelope; the message and fields are the ones every other path
    // sends (errors.ts), so the browser and a REST caller read the same words.
    errorFormatter({ shape, error }) {
      const { body } = errorAnswer(error);
      const { stack: _stack, ...data } = shape.data;
      // appCode tells a RESTRICTED 403 from a plain FORBIDDEN; current is a 409's record as it is now.
      return {
        ...shape,
        message: body.message,
        data: { ...data, appCode: body.code, ...(body.fields ? { fields: body.fields } : {}), ...(body.current !== undefined ? { current: body.current } : {}), ...(body.existing ? { existing: body.existing } : {}) },
      };
    },
  });

// Services throw AppError; turn it into the matching tRPC error (and so HTTP status) here. A
// database that cannot be reached becomes a 503 with a clear message, text it cannot store a 400
// (database-errors.ts).
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  const mapped = result.ok ? null : appErrorOfDatabase(result.error.cause);
  if (mapped) throw toTRPCError(mapped);
  return result;
});

/** The path of the first string in `value` holding a NUL character, or null. */
function nulTextPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'input' : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulTextPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

// No text field of the product may hold NUL: Postgres cannot store it (SQLite can), so it is refused
// up front on both databases alike, naming the field, before any query runs (found by the
// hostile-input test: a NUL in a portal request was a 500 on Postgres).
const refuseNulText = t.middleware(async ({ getRawInput, next }) => {
  const path = nulTextPath(await getRawInput().catch(() => undefined), '');
  if (path) throw toTRPCError(new AppError('BAD_REQUEST', INVALID_TEXT_MESSAGE, { [path]: 'Must not contain the NUL character' }));
  return next();
});

// The audit trail (issue 8): after the call, with its outcome known. Outermost, so it sees the
// AppErrors already mapped to their tRPC codes and every refusal the guards below make.
const auditTrail = t.middleware(async ({ ctx, path, getRawInput, next }) => {
  const result = await next();
  const input = await getRawInput().catch(() => undefined);
  try {
    await auditCall({
      db: ctx.db,
      auth: ctx.auth,
      client: { ip: ctx.request.ip, userAgent: ctx.request.userAgent },
      path,
      input,
      result: result.ok ? { ok: true, data: result.data } : { ok: false, error: result.error },
    });
  } catch (error) {
    // No answer leaves without its audit entry: if the trail cannot be written, the caller is told.
    if (isDatabaseUnavailable(error)) throw toTRPCError(databaseUnavailable());
    throw error;
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(auditTrail).use(mapAppErrors).use(refuseNulText);

export const authedProcedure = publicProcedure.use(({ ctx, meta, next }) => {
  const actor = requireActor(ctx.auth);
  requireCapability(actor, meta?.capability);
  return next({ ctx: { ...ctx, auth: ctx.auth!, actor } });
});

/** A caller working inside one organisation: every query it runs is scoped by actor.organizationId. */
export const tenantProcedure = authedProcedure.use(({ ctx, meta, next }) => {
  return next({ ctx: { ...ctx, actor: requireTenant(ctx.actor, meta?.feature) } });
});
