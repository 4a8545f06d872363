import type { inferRouterOutputs } from '@trpc/server';
import type { z } from 'zod';
import type { AppRouter } from '../../server/router';
import type { TPlatformFeature } from '../../shared/platform';
import type { TCapability } from '../../shared/roles';
import type { DemoContext } from './context';

// One demo procedure per procedure of the app router. The table type is derived from AppRouter, so
// a new server procedure without a demo answer, or an answer of the wrong shape, fails `tsc`.

type Outputs = inferRouterOutputs<AppRouter>;

export type DemoPath = {
  [R in keyof Outputs & string]: `${R}.${keyof Outputs[R] & string}`;
}[keyof Outputs & string];

export type OutputOf<P extends DemoPath> = P extends `${infer R}.${infer N}`
  ? R extends keyof Outputs
    ? N extends keyof Outputs[R]
      ? Outputs[R][N]
      : never
    : never
  : never;

export interface DemoProcedure<O = unknown> {
  /** The procedure's input schema (the shared one the server uses); null when it takes none. */
  input: z.ZodType | null;
  /** The capability and platform feature the server's guard checks (its meta). */
  capability: TCapability | null;
  feature: TPlatformFeature | null;
  run(ctx: DemoContext, input: unknown): O;
}

export type DemoProcedures = { [P in DemoPath]: DemoProcedure<OutputOf<P>> };

type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

export function procedure<S extends z.ZodType | null, O>(spec: {
  input: S;
  capability?: TCapability;
  feature?: TPlatformFeature;
  run: (ctx: DemoContext, input: InputOf<S>) => O;
}): DemoProcedure<O> {
  return {
    input: spec.input,
    capability: spec.capability ?? null,
    feature: spec.feature ?? null,
    run: (ctx, input) => spec.run(ctx, input as InputOf<S>),
  };
}
