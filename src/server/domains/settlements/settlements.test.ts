import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../../shared/calendar';
import { formatZar } from '../../../shared/format';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The settlement log (issue 20) through REST: the shapes of GET/POST /api/patient-cases/{id}/
// settlement-events and PATCH /api/settlement-events/{id}, 400s naming the field, 409 on a stale
// version, the log append-only (only the status moves), the timeline, tenants, a hospital refused,
// and the dashboards' figures: the settlement rate from a known log and the Settlements panel.

let t: TestApp;
let unit: string;
let hospital: string;
let otherUnit: string;
const cookies = { attorney: '', director: '', nurse: '', stranger: '', outsider: '' };
let attorneyId: string;
const year = Number(dayKey().slice(0, 4));
/** 'R 1 250 000,00' as en-ZA writes it (with non-breaking spaces). */
const R1_25M = formatZar(1_250_000_00);

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const logOf = (id: string) => `/api/patient-cases/${id}/settlement-events`;
const eventCount = async () => Number((await t.db.selectFrom('settlement_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const timelineOf = (caseId: string) =>
  t.db.selectFrom('case_events').select(['kind', 'summary', 'actor_id', 'details']).where('case_id', '=', caseId).where('kind', 'in', ['settlement.logged', 'settlement.updated']).orderBy('at').orderBy('id').execute();

beforeAll(async () => {
  t = await startTestApp();
  unit = await createOrganization(t.db, 'State Litigation Unit', 'medicolegal');
  hospital = await createOrganization(t.db, 'Settle Hospital', 'healthcare');
  otherUnit = await createOrganization(t.db, 'Other Chambers', 'legal');
  const attorney = await createUser(t.db, { organizationId: unit, role: 'Attorneys', firstName: 'Lindiwe' });
  attorneyId = attorney.id;
  cookies.attorney = await signIn(t.app, attorney.email);
  cookies.director = await signIn(t.app, (await createUser(t.db, { organizationId: unit, role: 'Director', firstName: 'Sizwe' })).email);
  cookies.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Nurse' })).email);
  cookies.stranger = await signIn(t.app, (await createUser(t.db, { organizationId: otherUnit, role: 'Attorneys' })).email);
  cookies.outsider = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Administrator' })).email);
});
afterAll(() => t.close());

describe('the settlement log of a case', () => {
  let matter: string;
  let offerId: string;

  beforeAll(async () => {
    matter = await createCase(t.db, unit, { patient_name: 'Lwazi Mokoena (minor)', case_type: 'Cerebral Palsy Claim' });
  });

  it('answers an empty log as {items: []}', async () => {
    const res = await call('GET', logOf(matter), cookies.attorney);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  it('logs an offer with heads of damages: open by default, with who recorded it, and on the timeline with the amount', async () => {
    const res = await call('POST', logOf(matter), cookies.attorney, {
      kind: 'offer', date: '2026-02-10', fromSide: 'opposing', amountCents: 1_250_000_00,
      heads: { pastMedical: 150_000_00, futureMedical: 600_000_00, generalDamages: 500_000_00 }, note: 'Without prejudice',
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json();
    expect(event).toMatchObject({
      caseId: matter, kind: 'offer', date: '2026-02-10', fromSide: 'opposing', amountCents: 1_250_000_00,
      heads: { pastMedical: 150_000_00, futureMedical: 600_000_00, generalDamages: 500_000_00 },
      status: 'open', note: 'Without prejudice', recordedByName: 'Lindiwe Nkosi', version: 1,
    });
    expect(event.heads).not.toHaveProperty('lossOfEarnings');
    offerId = event.id;
    const timeline = await timelineOf(matter);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ kind: 'settlement.logged', actor_id: attorneyId });
    expect(timeline[0]!.summary).toBe(`Offer of ${R1_25M} from the opposing side (10 Feb 2026): Open`);
    expect(JSON.parse(timeline[0]!.details)).toMatchObject({ settlementEventId: offerId, amountCents: 1_250_000_00, status: 'open' });
  });

  it('makes a court order final by default and lists the log in date order', async () => {
    const counter = await call('POST', logOf(matter), cookies.attorney, { kind: 'counter-offer', date: '2026-03-02', fromSide: 'ours', amountCents: 900_000_00 });
    expect(counter.statusCode, counter.body).toBe(200);
    expect(counter.json()).toMatchObject({ status: 'open', heads: {} });
    const order = await call('POST', logOf(matter), cookies.attorney, { kind: 'court-order', date: '2026-01-20', fromSide: 'court', amountCents: 0, note: 'Merits separated (Rule 33(4))' });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().status).toBe('final');
    const list = (await call('GET', logOf(matter), cookies.director)).json() as { items: { date: string; kind: string }[] };
    expect(list.items.map((e) => `${e.date} ${e.kind}`)).toEqual(['2026-01-20 court-order', '2026-02-10 offer', '2026-03-02 counter-offer']);
  });

  it('refuses heads that add up to more than the amount (400 naming heads) and writes nothing', async () => {
    const before = await eventCount();
    const res = await call('POST', logOf(matter), cookies.attorney, {
      kind: 'tender', date: '2026-03-05', fromSide: 'ours', amountCents: 100_000_00, heads: { pastMedical: 60_000_00, lossOfEarnings: 40_000_01 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['heads']);
    expect(res.json().fields.heads).toMatch(/more than the amount/);
    expect(await eventCount()).toBe(before);
    // Exactly the amount is fine.
    const exact = await call('POST', logOf(matter), cookies.attorney, { kind: 'tender', date: '2026-03-05', fromSide: 'ours', amountCents: 100_000_00, heads: { pastMedical: 60_000_00, lossOfEarnings: 40_000_00 } });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it.each([
    ['kind', { kind: 'bribe', date: '2026-03-05', fromSide: 'ours', amountCents: 1 }],
    ['date', { kind: 'offer', date: '2026-02-30', fromSide: 'ours', amountCents: 1 }],
    ['fromSide', { kind: 'offer', date: '2026-03-05', fromSide: 'nobody', amountCents: 1 }],
    ['amountCents', { kind: 'offer', date: '2026-03-05', fromSide: 'ours', amountCents: -5 }],
    ['amountCents', { kind: 'offer', date: '2026-03-05', fromSide: 'ours', amountCents: 10.5 }],
    ['heads.generalDamages', { kind: 'offer', date: '2026-03-05', fromSide: 'ours', amountCents: 100, heads: { generalDamages: -1 } }],
    ['status', { kind: 'offer', date: '2026-03-05', fromSide: 'ours', amountCents: 100, status: 'final' }],
    ['status', { kind: 'court-order', date: '2026-03-05', fromSide: 'court', amountCents: 100, status: 'open' }],
  ])('refuses a bad %s (400 naming it), never a 500', async (field, payload) => {
    const before = await eventCount();
    const res = await call('POST', logOf(matter), cookies.attorney, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await eventCount()).toBe(before);
  });

  it('moves only the status: accepting the offer bumps the version, keeps the amount, and writes settlement.updated', async () => {
    const res = await call('PATCH', `/api/settlement-events/${offerId}`, cookies.director, { status: 'accepted', expectedVersion: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: offerId, status: 'accepted', version: 2, amountCents: 1_250_000_00, date: '2026-02-10', kind: 'offer' });
    const last = (await timelineOf(matter)).at(-1)!;
    expect(last.kind).toBe('settlement.updated');
    expect(last.summary).toBe(`Offer of ${R1_25M} from the opposing side (10 Feb 2026): Open → Accepted`);
    expect(JSON.parse(last.details)).toMatchObject({ settlementEventId: offerId, amountCents: 1_250_000_00, from: 'open', to: 'accepted' });
  });

  it('answers a stale version with 409 and the current event, and changes nothing', async () => {
    const res = await call('PATCH', `/api/settlement-events/${offerId}`, cookies.attorney, { status: 'rejected', expectedVersion: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', current: { id: offerId, status: 'accepted', version: 2 } });
    const stored = await t.db.selectFrom('settlement_events').select(['status', 'version']).where('id', '=', offerId).executeTakeFirstOrThrow();
    expect({ status: stored.status, version: Number(stored.version) }).toEqual({ status: 'accepted', version: 2 });
  });

  it('refuses a status the kind cannot have (400 naming status), an unknown event (404), and takes no other field', async () => {
    const final = await call('PATCH', `/api/settlement-events/${offerId}`, cookies.attorney, { status: 'final', expectedVersion: 2 });
    expect(final.statusCode).toBe(400);
    expect(Object.keys(final.json().fields)).toEqual(['status']);
    expect((await call('PATCH', '/api/settlement-events/no-such-event', cookies.attorney, { status: 'accepted', expectedVersion: 1 })).statusCode).toBe(404);
    // The event itself is never edited: an amount in the PATCH body is not applied.
    const sneaky = await call('PATCH', `/api/settlement-events/${offerId}`, cookies.attorney, { status: 'accepted', expectedVersion: 2, amountCents: 1 });
    expect(sneaky.statusCode, sneaky.body).toBe(200);
    expect(sneaky.json()).toMatchObject({ amountCents: 1_250_000_00, version: 2 });
  });

  it('keeps another organisation out (404 on the log and on an event) and refuses a hospital (403: no court cases)', async () => {
    expect((await call('GET', logOf(matter), cookies.stranger)).statusCode).toBe(404);
    expect((await call('POST', logOf(matter), cookies.stranger, { kind: 'offer', date: '2026-03-05', fromSide: 'ours', amountCents: 1 })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/settlement-events/${offerId}`, cookies.stranger, { status: 'rejected', expectedVersion: 2 })).statusCode).toBe(404);
    const ward = await createCase(t.db, hospital);
    const refused = await call('GET', logOf(ward), cookies.nurse);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not part of the Healthcare platform/);
    expect((await call('POST', logOf(ward), cookies.outsider, { kind: 'offer', date: '2026-03-05', fromSide: 'ours', amountCents: 1 })).statusCode).toBe(403);
    expect((await call('GET', '/api/settlements/figures', cookies.nurse)).statusCode).toBe(403);
  });
});

describe('the settlement figures', () => {
  // A fresh organisation with a known log. The rate's rule (settlement-figures.ts): of the matters
  // concluded by settlement (an accepted offer, counter-offer, tender or mediation outcome) or by a
  // standing court order, the share settled; a matter with both counts as settled.
  let firm: string;
  let partner: { id: string; email: string };
  let associate: { id: string; email: string };
  let secret: string;
  const cases: Record<string, string> = {};

  const log = async (cookie: string, caseId: string, body: object) => {
    const res = await call('POST', logOf(caseId), cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; version: number };
  };
  const accept = async (cookie: string, event: { id: string; version: number }) => {
    const res = await call('PATCH', `/api/settlement-events/${event.id}`, cookie, { status: 'accepted', expectedVersion: event.version });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    firm = await createOrganization(t.db, 'Figures & Co', 'legal');
    partner = await createUser(t.db, { organizationId: firm, role: 'Administrator', firstName: 'Partner' });
    associate = await createUser(t.db, { organizationId: firm, role: 'Attorneys', firstName: 'Associate' });
    const c = await signIn(t.app, partner.email);
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) cases[name] = await createCase(t.db, firm, { patient_name: name, reference: `FC-${name}` });
    secret = await createCase(t.db, firm, { patient_name: 'Restricted Client', restricted: 1 });
    // Alpha: settled this year — offer of R 300 000 accepted.
    await accept(c, await log(c, cases.Alpha!, { kind: 'offer', date: `${year}-02-01`, fromSide: 'opposing', amountCents: 300_000_00 }));
    // Bravo: settled last year — tender of R 50 000 accepted (not in this year's total).
    await accept(c, await log(c, cases.Bravo!, { kind: 'tender', date: `${year - 1}-11-15`, fromSide: 'ours', amountCents: 50_000_00 }));
    // Charlie: ordered by the court after a rejected offer.
    await log(c, cases.Charlie!, { kind: 'offer', date: `${year}-01-10`, fromSide: 'ours', amountCents: 10_000_00, status: 'rejected' });
    await log(c, cases.Charlie!, { kind: 'court-order', date: `${year}-03-01`, fromSide: 'court', amountCents: 80_000_00 });
    // Delta: still negotiating — two open offers.
    await log(c, cases.Delta!, { kind: 'offer', date: `${year}-01-05`, fromSide: 'opposing', amountCents: 500_000_00 });
    await log(c, cases.Delta!, { kind: 'counter-offer', date: `${year}-01-06`, fromSide: 'ours', amountCents: 200_000_00 });
    // Echo: a mediation outcome accepted this year (R 120 000).
    await accept(c, await log(c, cases.Echo!, { kind: 'mediation', date: `${year}-01-20`, fromSide: 'mediator', amountCents: 120_000_00 }));
    // The restricted case (the associate is not on its team): settled, R 1 000 000 this year, and an open offer.
    await accept(c, await log(c, secret, { kind: 'counter-offer', date: `${year}-02-15`, fromSide: 'ours', amountCents: 1_000_000_00 }));
    await log(c, secret, { kind: 'offer', date: `${year}-02-20`, fromSide: 'opposing', amountCents: 1 });
  });

  it('computes the settlement rate on the dashboard: 4 settled (Alpha, Bravo, Echo, restricted) of 5 concluded = 80%', async () => {
    const res = await call('GET', '/api/dashboard/stats', await signIn(t.app, associate.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().settlementRate).toBe(80);
  });

  it('moves the rate when a court order is logged on a matter still negotiating: 4 of 6 = 67%', async () => {
    const c = await signIn(t.app, partner.email);
    await log(c, cases.Delta!, { kind: 'court-order', date: `${year}-04-01`, fromSide: 'court', amountCents: 250_000_00 });
    expect((await call('GET', '/api/dashboard/stats', c)).json().settlementRate).toBe(67);
    // And back when the order is set aside (withdrawn): 4 of 5 = 80%.
    const order = (await call('GET', logOf(cases.Delta!), c)).json().items.find((e: { kind: string }) => e.kind === 'court-order');
    expect((await call('PATCH', `/api/settlement-events/${order.id}`, c, { status: 'withdrawn', expectedVersion: order.version })).statusCode).toBe(200);
    expect((await call('GET', '/api/dashboard/stats', c)).json().settlementRate).toBe(80);
  });

  it('gives the Settlements panel this year’s settled total, the open offers and the latest events, of readable cases only', async () => {
    const res = await call('GET', '/api/settlements/figures', await signIn(t.app, associate.email));
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json();
    // Alpha R 300 000 + Echo R 120 000 (Bravo was last year; the restricted case is not readable).
    expect(figures).toMatchObject({ year, settledCents: 420_000_00, settledCount: 2, openOffers: 2 });
    expect(figures.latest).toHaveLength(5);
    expect(figures.latest[0]).toMatchObject({ caseId: cases.Delta, caseName: 'Delta', caseReference: 'FC-Delta', kind: 'court-order', date: `${year}-04-01`, status: 'withdrawn' });
    expect(figures.latest.map((e: { date: string }) => e.date)).toEqual([`${year}-04-01`, `${year}-03-01`, `${year}-02-01`, `${year}-01-20`, `${year}-01-10`]);
    expect(figures.latest.some((e: { caseId: string }) => e.caseId === secret)).toBe(false);
  });

  it('shows the restricted case to its team: its settlement and open offer count', async () => {
    await addTeamMember(t.db, firm, secret, associate.id, 'attorney');
    const figures = (await call('GET', '/api/settlements/figures', await signIn(t.app, associate.email))).json();
    expect(figures).toMatchObject({ settledCents: 1_420_000_00, settledCount: 3, openOffers: 3 });
    expect(figures.latest[0]).toMatchObject({ caseId: cases.Delta });
    expect(figures.latest.map((e: { caseName: string }) => e.caseName)).toContain('Restricted Client');
  });

  it('answers the figures of another organisation with nothing of this one', async () => {
    const figures = (await call('GET', '/api/settlements/figures', cookies.stranger)).json();
    expect(figures).toEqual({ year, settledCents: 0, settledCount: 0, openOffers: 0, latest: [] });
  });
});
