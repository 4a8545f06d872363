import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/router';
import type { DemoIdentity } from '../lib/demo-identity';
import { answer } from './answer';
import { toClientError } from './demo-error';

// The terminating tRPC link of demo mode (SPEC §7.1): it answers every operation from fixtures in
// the browser and never touches the network. src/client/trpc.ts loads this module with a dynamic
// import only when a demo identity is stored, so none of the fixtures reach a normal visit.

/** A short pause so loading states show as they would against a server. */
const LATENCY_MS = 120;

export function createDemoLink(identity: DemoIdentity, options: { latencyMs?: number } = {}): TRPCLink<AppRouter> {
  const latency = options.latencyMs ?? LATENCY_MS;
  return () =>
    ({ op }) =>
      observable((observer) => {
        let active = true;
        const timer = setTimeout(() => {
          if (!active) return;
          try {
            // JSON round trip: the caller gets its own copy, as from the wire, never a fixture row.
            const data: unknown = JSON.parse(JSON.stringify(answer(op.path, op.input, identity) ?? null));
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          } catch (error) {
            observer.error(toClientError(error, op.path));
          }
        }, latency);
        return () => {
          active = false;
          clearTimeout(timer);
        };
      });
}
