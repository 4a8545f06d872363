import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

// Deeply nested JSON (issue 16): 50,000 levels of `{"a":` parse fine (V8's JSON.parse does not
// recurse), but the first recursive walk after it — zod on a z.unknown() field, JSON.stringify —
// overflowed the stack, and callers got "Maximum call stack size exceeded". No input of the product
// nests anywhere near 32 levels, so deeper text is refused with a 400 before it is even parsed, by a
// scan that keeps one counter and no stack. Three doors lead JSON in:
// - request bodies Fastify parses (the /api routes and plain routes): the application/json parser;
// - /trpc bodies: tRPC's Fastify plugin installs a pass-through parser in its own scope and parses
//   the text itself, so the text is checked in preValidation;
// - tRPC GET calls (and batches) carry their input as JSON in the `input` query parameter.

export const MAX_JSON_DEPTH = 32;

/** True when `text`, read as JSON, opens more than `max` arrays/objects inside one another. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

const tooDeep = (what: string) => new AppError('BAD_REQUEST', `${what} is nested more than ${MAX_JSON_DEPTH} levels deep.`);

const isJsonRequest = (request: FastifyRequest) => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/** Registered on the root instance before any route, so every scope inherits parser and hooks. */
export function refuseDeepJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error'); // Fastify's own, as before
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(tooDeep('The JSON body'), undefined);
    return parseJson(request, body as string, done);
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/trpc/')) return;
    const input = (request.query as Record<string, unknown> | undefined)?.input;
    for (const text of Array.isArray(input) ? input : [input]) {
      if (typeof text === 'string' && jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw tooDeep('The input parameter');
    }
  });

  app.addHook('preValidation', async (request) => {
    if (typeof request.body === 'string' && isJsonRequest(request) && jsonNestsDeeperThan(request.body, MAX_JSON_DEPTH)) {
      throw tooDeep('The JSON body');
    }
  });
}
