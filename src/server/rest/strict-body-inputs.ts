import type { AnyRouter } from '@trpc/server';

// Query strings are text, so the REST routes (rest-routes.ts, with trpc-to-openapi's coerceSchema)
// turn on zod coercion for the number / boolean / date fields of query procedures' inputs by
// mutating the schema (`def.coerce = true`). A field schema can be shared with a body-carrying
// procedure (POST / PUT / PATCH), whose JSON body would then accept `true` as 1 and "" as 0 — and so
// would tRPC, which shares the schema. This pins `coerce` to false on the fields of body-carrying
// procedures before the routes are registered, so a wrong type in a body stays a 400. Fields
// declared with z.coerce keep coercing.

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'array']);

interface ZodLike {
  _zod: { def: { type: string; coerce?: boolean; innerType?: ZodLike; element?: ZodLike; in?: ZodLike; out?: ZodLike; shape?: Record<string, ZodLike> } };
}

function unwrap(schema: ZodLike, throughPipes: boolean): ZodLike {
  const def = schema._zod.def;
  if (WRAPPERS.has(def.type)) return unwrap((def.innerType ?? def.element)!, throughPipes);
  if (def.type === 'pipe' && throughPipes) return unwrap(def.out!._zod.def.type === 'transform' ? def.in! : def.out!, throughPipes);
  return schema;
}

function pinFields(object: ZodLike): void {
  for (const field of Object.values(object._zod.def.shape ?? {})) {
    const inner = unwrap(field, false);
    const def = inner._zod.def;
    if (def.type === 'object') pinFields(inner);
    else if (COERCIBLE.has(def.type) && !def.coerce) {
      Object.defineProperty(def, 'coerce', { get: () => false, set: () => {}, configurable: true });
    }
  }
}

export function keepBodyInputsStrict(router: AnyRouter): void {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: { openapi?: { method?: string } }; inputs: ZodLike[] } }>;
  for (const procedure of Object.values(procedures)) {
    const method = procedure._def.meta?.openapi?.method;
    const input = procedure._def.inputs[0];
    if (!method || !BODY_METHODS.has(method) || !input?._zod) continue;
    const schema = unwrap(input, true);
    if (schema._zod.def.type === 'object') pinFields(schema);
  }
}
