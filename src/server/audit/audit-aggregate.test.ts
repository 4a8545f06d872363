import { describe, expect, it } from 'vitest';
import { FailureAggregator, isFoldable } from './audit-aggregate';
import type { AuditEventInput } from './audit-log';

// The folding rule of decision 0024 on a clock of its own: per address and kind, the first failure at
// once, the repeats of the next minute as one entry with their count when the minute ends.

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const unauthenticated = (ip: string, procedure = 'cases.list'): AuditEventInput => ({
  actor: null, action: 'list', entityType: 'case', entityId: `guess-${Math.random()}`, outcome: 'denied', client: { ip, userAgent: 'curl' }, details: { procedure, error: 'UNAUTHORIZED' },
});

function harness() {
  let clock = T0;
  const written: AuditEventInput[] = [];
  const aggregator = new FailureAggregator(async (e) => void written.push(e), { now: () => clock });
  return { aggregator, written, tick: (ms: number) => (clock += ms) };
}

describe('folding repeated failures', () => {
  it('writes the first at once and the repeats of its minute as one entry when the minute ends', async () => {
    const { aggregator, written, tick } = harness();
    for (let i = 0; i < 50; i += 1) {
      await aggregator.record(unauthenticated('198.51.100.7'));
      tick(1_000); // one a second: the 50 fall in the first minute
    }
    expect(written).toHaveLength(1);
    tick(10_000); // 60 s after the first
    await aggregator.flush();
    expect(written).toHaveLength(2);
    expect(written[1]).toMatchObject({ outcome: 'denied', entityId: null, client: { ip: '198.51.100.7' } });
    expect(written[1]!.details).toEqual({ procedure: 'cases.list', error: 'UNAUTHORIZED', count: 49, firstAt: '2026-11-25T10:00:01.000Z', lastAt: '2026-11-25T10:00:49.000Z' });
    expect(aggregator.pending).toBe(0);
  });

  it('keeps addresses and kinds apart, and starts a new window after the minute', async () => {
    const { aggregator, written, tick } = harness();
    await aggregator.record(unauthenticated('198.51.100.7'));
    await aggregator.record(unauthenticated('203.0.113.9'));
    await aggregator.record(unauthenticated('198.51.100.7', 'dashboard.stats'));
    await aggregator.record(unauthenticated('198.51.100.7'));
    expect(written).toHaveLength(3);
    tick(61_000);
    await aggregator.record(unauthenticated('198.51.100.7')); // closes the old window (1 repeat) and opens a new one
    expect(written.map((e) => e.details?.count ?? 1)).toEqual([1, 1, 1, 1, 1]);
    await aggregator.flush(true);
    expect(written.map((e) => Number(e.details?.count ?? 1)).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('writes nothing for a window without repeats, and keeps the count when the database refuses', async () => {
    let fail = false;
    const written: AuditEventInput[] = [];
    const aggregator = new FailureAggregator(async (e) => {
      if (fail) throw new Error('database down');
      written.push(e);
    }, { now: () => T0 });
    await aggregator.record(unauthenticated('198.51.100.7'));
    await aggregator.record(unauthenticated('198.51.100.7'));
    fail = true;
    await expect(aggregator.flush(true)).rejects.toThrow('database down');
    fail = false;
    await aggregator.flush(true);
    expect(written.map((e) => e.details?.count ?? 1)).toEqual([1, 1]);
  });
});

describe('what folds', () => {
  const signedIn = { userId: 'u1', role: 'Doctor', organizationId: 'o1' };
  const client = { ip: '10.0.0.1', userAgent: null };
  it('failures of callers not signed in, throttled failures of anybody, and polled reads', () => {
    expect(isFoldable({ actor: null, action: 'sign-in', entityType: 'session', outcome: 'failure', client, details: { reason: 'unknown-account' } })).toBe(true);
    expect(isFoldable({ actor: { ...signedIn, role: null }, action: 'sign-in', entityType: 'session', outcome: 'failure', client, details: { reason: 'locked' } })).toBe(true);
    expect(isFoldable({ actor: signedIn, action: 'access-denied', entityType: 'request', outcome: 'denied', client, details: { error: 'TOO_MANY_REQUESTS' } })).toBe(true);
    expect(isFoldable({ actor: signedIn, action: 'list', entityType: 'support', outcome: 'success', client, fold: true })).toBe(true);
  });
  it('not a signed-in person\'s refusals or actions', () => {
    expect(isFoldable({ actor: signedIn, action: 'read', entityType: 'case', outcome: 'failure', client, details: { error: 'NOT_FOUND' } })).toBe(false);
    expect(isFoldable({ actor: signedIn, action: 'read', entityType: 'case', outcome: 'success', client })).toBe(false);
    expect(isFoldable({ actor: null, action: 'sign-in', entityType: 'session', outcome: 'success', client })).toBe(false);
  });
});
