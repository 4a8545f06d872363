import { TRPCError, initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { appRouter, asyncValidatedProcedures } from './router';
import { validateSynchronously } from './synchronous-validation';

const t = initTRPC.create();

function build() {
  const router = t.router({
    strips: t.procedure
      .input(z.object({ id: z.string().min(2, 'Id is too short') }))
      .output(z.object({ id: z.string() }))
      .query(({ input }) => ({ id: input.id, password_hash: 'secret' })),
    merges: t.procedure
      .input(z.object({ a: z.number() }))
      .input(z.object({ b: z.number() }))
      .query(({ input }) => input),
    wrongOutput: t.procedure.output(z.object({ n: z.number() })).query(() => ({ n: 'not a number' }) as never),
    asyncRule: t.procedure
      .input(z.object({ name: z.string() }).refine(async (v) => v.name !== 'taken', 'Name is taken'))
      .query(({ input }) => input.name),
  });
  return { router, skipped: validateSynchronously(router) };
}

describe('synchronous validation of procedure inputs and outputs', () => {
  it('covers every procedure of the app', () => {
    expect(asyncValidatedProcedures).toEqual([]);
    // tRPC's own validators (parseAsync) are gone from every procedure.
    const procedures = Object.values((appRouter as unknown as { _def: { procedures: Record<string, { _def: { middlewares: { name: string }[] } }> } })._def.procedures);
    const tRPCValidators = procedures.flatMap((p) => p._def.middlewares.map((m) => m.name)).filter((name) => /^(input|output)ValidatorMiddleware$/.test(name));
    expect(procedures.length).toBeGreaterThan(50);
    expect(tRPCValidators).toEqual([]);
  });

  it('validates as tRPC does: strips what the output does not declare, refuses bad input with the zod error', async () => {
    const { router, skipped } = build();
    expect(skipped).toEqual([]);
    const caller = t.createCallerFactory(router)({});
    expect(await caller.strips({ id: 'ab' })).toEqual({ id: 'ab' });
    const refused = await caller.strips({ id: 'a' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect((refused as TRPCError).cause).toBeInstanceOf(ZodError);
    expect(((refused as TRPCError).cause as ZodError).issues[0]?.message).toBe('Id is too short');
  });

  it('merges chained inputs and fails an output that breaks its schema', async () => {
    const { router } = build();
    const caller = t.createCallerFactory(router)({});
    expect(await caller.merges({ a: 1, b: 2 } as never)).toEqual({ a: 1, b: 2 });
    await expect(caller.wrongOutput()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
  });

  it('falls back to asynchronous parsing for a schema that needs it', async () => {
    const { router } = build();
    const caller = t.createCallerFactory(router)({});
    expect(await caller.asyncRule({ name: 'free' })).toBe('free');
    await expect(caller.asyncRule({ name: 'taken' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
