import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keepBodyInputsStrict } from './strict-body-inputs';

describe('keepBodyInputsStrict', () => {
  it('keeps body fields from being coerced when the REST adapter switches coercion on, but not query fields', () => {
    const t = initTRPC.meta<OpenApiMeta>().create();
    const body = z.object({ count: z.number(), nested: z.object({ flag: z.boolean().optional() }) });
    const query = z.object({ page: z.number().optional() });
    const router = t.router({
      write: t.procedure.meta({ openapi: { method: 'POST', path: '/w' } }).input(body).mutation(() => 1),
      read: t.procedure.meta({ openapi: { method: 'GET', path: '/r' } }).input(query).query(() => 1),
    });
    keepBodyInputsStrict(router);
    // What the REST routes do to query inputs (trpc-to-openapi's coerceSchema), here to every field:
    for (const def of [body.shape.count._zod.def, body.shape.nested.shape.flag.unwrap()._zod.def, query.shape.page.unwrap()._zod.def]) {
      (def as { coerce?: boolean }).coerce = true;
    }
    expect(body.safeParse({ count: '5', nested: {} }).success).toBe(false);
    expect(body.safeParse({ count: 5, nested: { flag: 'false' } }).success).toBe(false);
    expect(body.safeParse({ count: 5, nested: { flag: false } }).success).toBe(true);
    expect(query.parse({ page: '2' })).toEqual({ page: 2 });
  });
});
