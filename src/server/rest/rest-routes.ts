import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  coerceSchema,
  getInputOutputParsers,
  instanceofZodTypeKind,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  unwrapZodType,
} from 'trpc-to-openapi';
import { AppError, sendError } from '../errors';
import type { Context, Meta } from '../trpc';
import { restPathGroups, variantFor } from './shared-paths';

// The /api routes of the procedures that carry an `openapi` path in their meta, one Fastify route
// per path (a path shared across platforms answers with the caller's procedure: shared-paths.ts).
// trpc-to-openapi still generates the OpenAPI document from the same meta (openapi.ts); its request
// handler is not used: per request it built a fetch Request (headers copied, an
// AbortController that fired after every response), searched every procedure's path pattern in
// turn and walked the input schema again — 9 % of a bed list's time under load (decision 0019).
// What a caller sees is what that handler answered: the same inputs, statuses and JSON bodies.

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

type ZodSchema = Parameters<typeof instanceofZodTypeKind>[0];
type ZodObjectLike = { shape: Record<string, ZodSchema> };

interface RouteOptions {
  router: AnyRouter;
  createContext(request: FastifyRequest, reply: FastifyReply): Promise<Context>;
}

/** How one procedure takes its input from a request: the query string or the JSON body, and the path. */
function inputReader(procedure: AnyProcedure, method: string) {
  const schema = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
  if (instanceofZodTypeLikeVoid(schema)) return () => undefined;
  if (BODY_METHODS.has(method)) {
    return (request: FastifyRequest) => ({ ...(request.body as object), ...(request.params as object) });
  }
  // Query strings are text: number and boolean fields coerce ("?page=2"). Set once here rather than
  // on every request; body fields stay strict (strict-body-inputs.ts).
  const arrayFields: string[] = [];
  if (instanceofZodTypeObject(schema)) {
    coerceSchema(schema);
    for (const [key, field] of Object.entries((schema as unknown as ZodObjectLike).shape)) {
      const inner = instanceofZodTypeOptional(field) ? (field as unknown as { unwrap(): ZodSchema }).unwrap() : field;
      if (instanceofZodTypeKind(inner, 'array')) arrayFields.push(key);
    }
  }
  return (request: FastifyRequest) => {
    const input: Record<string, unknown> = {};
    const query = request.query as Record<string, string | string[] | undefined>;
    // An empty value (`status=`) is no value; a key given once is a value, not a list of one.
    for (const key in query) {
      const value = query[key];
      if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
    }
    for (const key of arrayFields) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
    return Object.assign(input, request.params as object);
  };
}

export function registerProcedureRoutes(api: FastifyInstance, { router, createContext }: RouteOptions): void {
  const createCaller = (router as unknown as { createCaller(ctx: Context): Record<string, unknown> }).createCaller;
  // Usually one procedure per path; a path shared across platforms is answered by the caller's (shared-paths.ts).
  for (const [key, group] of restPathGroups(router)) {
    const [method, openApiPath] = key.split(' ') as [string, string];
    const usesBody = BODY_METHODS.has(method);
    const variants = group.map((variant) => ({ ...variant, readInput: inputReader(variant.procedure, method), segments: variant.path.split('.') }));

    api.route({
      method: method as (typeof METHODS)[number],
      url: `/api${openApiPath.replace(/\{([^}]+)\}/g, ':$1')}`,
      handler: async (request, reply) => {
        try {
          const contentType = request.headers['content-type'];
          // The SPEC's client sends a write with no body (mark read, release a bed) without a content type.
          if (usesBody && contentType && !contentType.startsWith('application/json')) {
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported content-type "${contentType}"`);
          }
          const ctx = await createContext(request, reply);
          const { readInput, segments, meta } = variantFor(variants, ctx.auth?.organization?.platform);
          const input = readInput(request);
          const call = segments.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], createCaller.call(router, ctx));
          const data = await (call as (input: unknown) => Promise<unknown>)(input);
          const csv = (meta as Meta).csv;
          if (csv && (request.query as { format?: unknown } | undefined)?.format === 'csv') {
            return reply
              .header('content-type', 'text/csv; charset=utf-8')
              .header('content-disposition', `attachment; filename="${csv.fileName()}"`)
              .header('cache-control', 'no-store')
              .send(csv.render(data));
          }
          // Always JSON, a bare string too (Fastify would send a string as text).
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(data));
        } catch (cause) {
          return sendError(reply, cause);
        }
      },
    });
  }

  // Any other /api path: the JSON 404 a caller of the REST API expects, not the web app's page.
  api.route({
    method: [...METHODS],
    url: '/api/*',
    handler: async (_request, reply) => sendError(reply, new AppError('NOT_FOUND', 'Not found')),
  });
}
