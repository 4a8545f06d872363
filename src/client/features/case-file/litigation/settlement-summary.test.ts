import { describe, expect, it } from 'vitest';
import type { TSettlementEvent } from '../../../../shared/domain/settlements';
import { summarise } from './settlement-summary';

const event = (id: string, over: Partial<TSettlementEvent>): TSettlementEvent => ({
  id, caseId: 'c', kind: 'offer', date: '2026-01-01', fromSide: 'opposing', amountCents: 100, heads: {}, status: 'open', note: null,
  recordedByName: null, createdAt: `2026-01-01T08:00:00.000Z`, version: 1, ...over,
});

describe('summarise', () => {
  it('takes each side’s latest figure (a withdrawn one not) and the gap between them', () => {
    const s = summarise([
      event('a', { date: '2026-01-10', fromSide: 'opposing', amountCents: 1_800_000 }),
      event('b', { date: '2026-02-01', fromSide: 'ours', amountCents: 900_000, kind: 'tender', status: 'rejected' }),
      event('c', { date: '2026-03-01', fromSide: 'opposing', amountCents: 1_500_000, kind: 'counter-offer' }),
      event('d', { date: '2026-03-05', fromSide: 'ours', amountCents: 1_000_000 }),
      event('e', { date: '2026-03-09', fromSide: 'ours', amountCents: 200_000, status: 'withdrawn' }),
    ]);
    expect(s.ours?.id).toBe('d');
    expect(s.opposing?.id).toBe('c');
    expect(s.gapCents).toBe(500_000);
    expect(s.outcome).toBeNull();
  });

  it('calls a matter settled when a settlement was accepted, even if a court order followed; else ordered by the court', () => {
    const consent = summarise([event('a', { status: 'accepted' }), event('b', { kind: 'court-order', fromSide: 'court', status: 'final', date: '2026-02-01' })]);
    expect(consent.outcome).toMatchObject({ how: 'settled', event: { id: 'a' } });
    const trial = summarise([event('a', { status: 'rejected' }), event('b', { kind: 'court-order', fromSide: 'court', status: 'final' })]);
    expect(trial.outcome).toMatchObject({ how: 'ordered', event: { id: 'b' } });
    expect(summarise([event('b', { kind: 'court-order', fromSide: 'court', status: 'withdrawn' })]).outcome).toBeNull();
    expect(summarise([]).gapCents).toBeNull();
  });
});

describe('summarise from the claim on the court matter (issue 32)', () => {
  it('takes the claim as the claimant’s figure until the claimant tables one, and counts the gap from it', () => {
    // The State defends: the claimant is the other side; the claim R 2 500 000, our tender R 900 000.
    const s = summarise([event('a', { fromSide: 'ours', amountCents: 90_000_000, kind: 'tender' })], { cents: 250_000_000, side: 'opposing' });
    expect(s.claimStandsFor).toBe('opposing');
    expect(s.gapCents).toBe(250_000_000 - 90_000_000);
    // Once the claimant offers, its offer is its figure.
    const later = summarise([event('a', { fromSide: 'ours', amountCents: 90_000_000 }), event('b', { fromSide: 'opposing', amountCents: 180_000_000 })], { cents: 250_000_000, side: 'opposing' });
    expect([later.claimStandsFor, later.gapCents]).toEqual([null, 90_000_000]);
  });

  it('starts from the claim alone, before anything is logged', () => {
    const s = summarise([], { cents: 2_500_000_000, side: 'ours' });
    expect([s.claimStandsFor, s.gapCents, s.ours, s.opposing]).toEqual(['ours', null, null, null]);
    expect(summarise([]).claim).toBeNull();
  });
});
