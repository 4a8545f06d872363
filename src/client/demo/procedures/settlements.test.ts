import { describe, expect, it } from 'vitest';
import type { TTimelinePage } from '../../../shared/domain/case-timeline';
import type { TDashboardStats } from '../../../shared/domain/dashboard';
import type { TSettlementFigures } from '../../../shared/domain/settlement-figures';
import type { TSettlementEvent } from '../../../shared/domain/settlements';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';

// The settlement log in demo mode (issue 20), as a visitor meets it: the fixtures' log in date order,
// an offer logged and accepted on the timeline, a stale version and heads over the amount refused,
// and the dashboard's settlement rate moving with what the visitor logs. The rates below follow the
// rule in settlement-figures.ts: of the matters concluded by settlement or court order, the share settled.

const who = (userId: string, role: string, name: string, platform: DemoIdentity['platform']): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const SLU = who('senior_state_advocate', 'Special Litigation Unit', 'Adv. Mandla Ngcobo', 'medicolegal');
const PARTNER = who('managing_partner', 'Director', 'Grace Naidoo', 'legal');
const ATTORNEY = who('attorney', 'Attorneys', 'Karabo Molefe', 'legal');
const NURSE = who('registered_nurse', 'Nurse', 'Sister Nomvula', 'healthcare');

const call = <T>(path: string, input: unknown, as: DemoIdentity) => answer(path, input, as) as T;
const rate = (as: DemoIdentity) => call<TDashboardStats>('dashboard.stats', undefined, as).settlementRate;
function refusal(path: string, input: unknown, as: DemoIdentity): DemoError {
  try {
    answer(path, input, as);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} did not refuse`);
}

useFixedDemoClock();

describe('the demo settlement log', () => {
  it('lists a case’s log in date order, with who recorded each event', () => {
    const log = call<{ items: TSettlementEvent[] }>('settlements.list', { id: 'ml-case-01' }, SLU).items;
    expect(log.map((e) => e.kind)).toEqual(['offer', 'tender', 'counter-offer', 'offer']);
    expect(log.map((e) => e.date)).toEqual([...log.map((e) => e.date)].sort());
    expect(log[3]).toMatchObject({ fromSide: 'ours', amountCents: 9_750_000_00, status: 'open', recordedByName: 'Adv. Mandla Ngcobo' });
  });

  it('computes the rate from the fixtures: medicolegal 3 settled of 4 concluded (75%), legal 2 of 3 (67%), a hospital none', () => {
    expect(rate(SLU)).toBe(75);
    expect(rate(PARTNER)).toBe(67);
    expect(rate(NURSE)).toBeNull();
    expect(refusal('settlements.list', { id: 'hc-case-01' }, NURSE).code).toBe('FORBIDDEN');
  });

  it('moves the rate in the same session: a court order on a negotiating matter (3 of 5 = 60%), then that matter’s offer accepted (4 of 5 = 80%)', () => {
    const order = call<TSettlementEvent>('settlements.create', { id: 'ml-case-02', kind: 'court-order', date: '2026-03-17', fromSide: 'court', amountCents: '70000000' }, SLU);
    expect(order).toMatchObject({ status: 'final', caseId: 'ml-case-02', version: 1, recordedByName: 'Adv. Mandla Ngcobo' });
    expect(rate(SLU)).toBe(60);
    const offer = call<{ items: TSettlementEvent[] }>('settlements.list', { id: 'ml-case-02' }, SLU).items.find((e) => e.kind === 'offer')!;
    const accepted = call<TSettlementEvent>('settlements.updateStatus', { id: offer.id, status: 'accepted', expectedVersion: offer.version }, SLU);
    expect(accepted).toMatchObject({ status: 'accepted', version: 2, amountCents: offer.amountCents });
    expect(rate(SLU)).toBe(80);
    const timeline = call<TTimelinePage>('timeline.list', { id: 'ml-case-02', limit: 2 }, SLU).items;
    expect(timeline.map((e) => e.kind)).toEqual(['settlement.updated', 'settlement.logged']);
    expect(timeline[0]!.summary).toMatch(/^Offer of R.+ from the opposing side \(.+\): Open → Accepted$/);
  });

  it('answers a stale version with 409 and the current event, and heads over the amount with 400 naming heads', () => {
    const offer = call<{ items: TSettlementEvent[] }>('settlements.list', { id: 'ml-case-02' }, SLU).items[0]!;
    call('settlements.updateStatus', { id: offer.id, status: 'rejected', expectedVersion: 1 }, SLU);
    const stale = refusal('settlements.updateStatus', { id: offer.id, status: 'accepted', expectedVersion: 1 }, SLU);
    expect(stale.code).toBe('CONFLICT');
    expect(stale.extra?.current).toMatchObject({ id: offer.id, status: 'rejected', version: 2 });
    const over = refusal('settlements.create', { id: 'ml-case-02', kind: 'offer', date: '2026-03-17', fromSide: 'ours', amountCents: 100, heads: { generalDamages: 101 } }, SLU);
    expect(over.code).toBe('BAD_REQUEST');
    expect(Object.keys(over.fields ?? {})).toEqual(['heads']);
  });

  it('gives the Settlements panel the readable cases only: the attorney sees neither the walled-off Khumalo matter nor closed ones', () => {
    const partner = call<TSettlementFigures>('settlements.figures', undefined, PARTNER);
    // This year (2026): Refilwe Tau R 96 000 and Cape Fresh Produce R 250 000 accepted; open: Sipho Mahlangu ×2 and Khumalo's mediation.
    expect(partner).toMatchObject({ year: 2026, settledCents: 346_000_00, settledCount: 2, openOffers: 3 });
    expect(partner.latest.map((e) => e.caseName)).toContain('Khumalo Holdings (Pty) Ltd');
    const attorney = call<TSettlementFigures>('settlements.figures', undefined, ATTORNEY);
    expect(attorney).toMatchObject({ settledCents: 96_000_00, settledCount: 1, openOffers: 2 });
    expect(attorney.latest.map((e) => `${e.caseName} ${e.kind}`)).toEqual(['Refilwe Tau offer', 'Sipho Mahlangu counter-offer', 'Sipho Mahlangu offer']);
  });
});
