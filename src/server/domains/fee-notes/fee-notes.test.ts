import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { pdfText } from '../../test-support/pdf-text';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Fee notes on the legal platforms (issue 34) as a firm meets them: a fee-earner records time and a
// disbursement, Finance bills them with VAT worked by hand from the rule (15% per line, half a cent
// up), issues, receipts, credits; work is billed once (also when two fee notes race); a fee-earner
// reads only the matters they work on; another firm, the healthcare platform and a State unit that
// acts for no claimant reach none of it.

let t: TestApp;
let firm: string;
let matter: string;
let otherMatter: string;
const c: Record<'admin' | 'finance' | 'director' | 'onTeam' | 'offTeam' | 'clerk' | 'otherFinance' | 'hospital' | 'stateAdmin' | 'stateFinance', string> = {
  admin: '', finance: '', director: '', onTeam: '', offTeam: '', clerk: '', otherFinance: '', hospital: '', stateAdmin: '', stateFinance: '',
};
let onTeamId: string;
const today = dayKey();

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload });

/** A stopped time entry of `minutes` at `rateCents` an hour, as the timer leaves it. */
async function timeEntry(caseId: string, userId: string, minutes: number, rateCents: number): Promise<string> {
  const id = randomUUID();
  const start = new Date(Date.now() - 86_400_000);
  await t.db
    .insertInto('time_entries')
    .values({
      id, organization_id: firm, case_id: caseId, user_id: userId, role: 'Legal Consultants', description: 'Drafting particulars of claim',
      start_time: start.toISOString(), end_time: new Date(start.getTime() + minutes * 60_000).toISOString(), duration_minutes: minutes,
      hourly_rate_cents: rateCents, total_cost_cents: Math.round((minutes * rateCents) / 60), created_at: nowIso(),
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  firm = await createOrganization(t.db, 'Dlamini Attorneys', 'legal');
  const other = await createOrganization(t.db, 'Other Attorneys', 'legal');
  const hospital = await createOrganization(t.db, 'Hospital', 'healthcare');
  const state = await createOrganization(t.db, 'State Attorney', 'medicolegal');
  const user = async (key: keyof typeof c, organizationId: string, role: string) => {
    const u = await createUser(t.db, { organizationId, role });
    c[key] = await signIn(t.app, u.email);
    return u;
  };
  await user('admin', firm, 'Administrator');
  await user('finance', firm, 'Finance Staff');
  await user('director', firm, 'Director');
  onTeamId = (await user('onTeam', firm, 'Legal Consultants')).id;
  await user('offTeam', firm, 'Legal Consultants');
  await user('clerk', firm, 'Admin Staff');
  await user('otherFinance', other, 'Finance Staff');
  await user('hospital', hospital, 'Administrator');
  await user('stateAdmin', state, 'Administrator');
  await user('stateFinance', state, 'Finance Staff');
  matter = await createCase(t.db, firm);
  otherMatter = await createCase(t.db, firm);
  await addTeamMember(t.db, firm, matter, onTeamId, 'responsible-attorney');
});
afterAll(async () => t?.close());

describe('the firm and its disbursements', () => {
  it('sets the VAT number (a vendor charges VAT), refusing a bad one by name', async () => {
    const bad = await send('PUT', '/api/fee-settings', c.admin, { vatNumber: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('vatNumber');
    const res = await send('PUT', '/api/fee-settings', c.admin, { vatNumber: '4123456789' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firmName: 'Dlamini Attorneys', vatNumber: '4123456789', registeredVendor: true, bills: true });
    expect((await send('PUT', '/api/fee-settings', c.finance, { vatNumber: '4123456789' })).statusCode).toBe(403);
  });

  it('records disbursements by a fee-earner and by a clerk on their behalf; bad input names the field and writes nothing', async () => {
    const bad = await send('POST', `/api/patient-cases/${matter}/disbursements`, c.onTeam, { date: today, description: 'Sheriff', amountCents: -5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['amountCents', 'vatable']));
    const sheriff = await send('POST', `/api/patient-cases/${matter}/disbursements`, c.onTeam, { date: today, description: "Sheriff's fee", amountCents: 450_00, vatable: false });
    expect(sheriff.statusCode, sheriff.body).toBe(200);
    expect(sheriff.json()).toMatchObject({ amountCents: 450_00, vatable: false, feeNoteId: null });
    expect((await send('POST', `/api/patient-cases/${matter}/disbursements`, c.clerk, { date: today, description: "Counsel's fee", amountCents: 3_500_00, vatable: true })).statusCode).toBe(200);
    const list = (await get(`/api/patient-cases/${matter}/disbursements`, c.finance)).json().items;
    expect(list.map((d: { description: string }) => d.description)).toEqual(["Sheriff's fee", "Counsel's fee"]);
  });
});

describe('fee notes', () => {
  let hours: string;
  let noteId: string;

  it('shows the work in progress to the matter’s fee-earner and Finance, not to a fee-earner off the matter', async () => {
    hours = await timeEntry(matter, onTeamId, 90, 2_000_00);
    const wip = await get(`/api/patient-cases/${matter}/wip`, c.onTeam);
    expect(wip.statusCode, wip.body).toBe(200);
    expect(wip.json()).toMatchObject({ feesCents: 3_000_00, disbursementsCents: 3_950_00 });
    expect(wip.json().timeEntries).toHaveLength(1);
    expect((await get(`/api/patient-cases/${matter}/wip`, c.finance)).statusCode).toBe(200);
    expect((await get(`/api/patient-cases/${matter}/wip`, c.offTeam)).statusCode).toBe(403);
    expect((await get(`/api/patient-cases/${matter}/fee-notes`, c.offTeam)).statusCode).toBe(403);
  });

  it('bills time, a fixed fee and disbursements as tax invoice 1, with VAT per line as worked by hand', async () => {
    const wip = (await get(`/api/patient-cases/${matter}/wip`, c.finance)).json();
    const payload = { timeEntryIds: [hours], disbursementIds: wip.disbursements.map((d: { id: string }) => d.id), fixedFees: [{ date: today, description: 'Letter of demand', amountCents: 1_000_33 }] };
    expect((await send('POST', `/api/patient-cases/${matter}/fee-notes`, c.onTeam, payload)).statusCode).toBe(403);
    const res = await send('POST', `/api/patient-cases/${matter}/fee-notes`, c.finance, payload);
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json();
    noteId = note.id;
    // 1.5 h × R2 000 = R3 000.00 + VAT R450.00; fixed fee R1 000.33 + VAT R150.05 (150.0495 → half a cent up
    // only from .005); sheriff R450.00, no VAT; counsel R3 500.00 + VAT R525.00.
    expect(note.lines.map((l: { kind: string; amountCents: number; vatCents: number }) => [l.kind, l.amountCents, l.vatCents])).toEqual([
      ['fee', 3_000_00, 450_00],
      ['fixed-fee', 1_000_33, 150_05],
      ['disbursement', 450_00, 0],
      ['disbursement', 3_500_00, 525_00],
    ]);
    expect(note).toMatchObject({ number: 1, status: 'issued', subtotalCents: 7_950_33, vatCents: 1_125_05, totalCents: 9_075_38, owingCents: 9_075_38 });
    expect(note.firm).toMatchObject({ name: 'Dlamini Attorneys', vatNumber: '4123456789' });
    expect(note.lines[0]).toMatchObject({ minutes: 90, rateCents: 2_000_00 });
    const wipAfter = (await get(`/api/patient-cases/${matter}/wip`, c.finance)).json();
    expect(wipAfter).toMatchObject({ timeEntries: [], disbursements: [], feesCents: 0 });
  });

  it('bills an entry once: again is 409, and of two fee notes sent at once one is made', async () => {
    expect((await send('POST', `/api/patient-cases/${matter}/fee-notes`, c.finance, { timeEntryIds: [hours] })).statusCode).toBe(409);
    const racing = await timeEntry(matter, onTeamId, 30, 2_000_00);
    const both = await Promise.all([1, 2].map(() => send('POST', `/api/patient-cases/${matter}/fee-notes`, c.finance, { timeEntryIds: [racing] })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await send('POST', `/api/patient-cases/${otherMatter}/fee-notes`, c.finance, { timeEntryIds: [hours] })).json().fields).toHaveProperty('timeEntryIds');
    expect((await send('POST', `/api/patient-cases/${matter}/fee-notes`, c.finance, {})).json().fields).toHaveProperty('timeEntryIds');
  });

  it('receives payment, never more than is owed (also two at once), and a receipt is reversed once', async () => {
    const over = await send('POST', `/api/fee-notes/${noteId}/receipts`, c.finance, { amountCents: 9_075_39, date: today, method: 'eft' });
    expect(over.statusCode).toBe(409);
    expect(over.json().fields).toHaveProperty('amountCents');
    const first = await send('POST', `/api/fee-notes/${noteId}/receipts`, c.finance, { amountCents: 5_000_00, date: today, method: 'eft' });
    expect(first.statusCode, first.body).toBe(200);
    const racing = await Promise.all([1, 2].map(() => send('POST', `/api/fee-notes/${noteId}/receipts`, c.director, { amountCents: 3_000_00, date: today, method: 'card' })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const note = (await get(`/api/fee-notes/${noteId}`, c.onTeam)).json();
    expect(note).toMatchObject({ paidCents: 8_000_00, owingCents: 1_075_38 });
    expect(note.receipts.map((r: { receiptNumber: number }) => r.receiptNumber)).toEqual([1, 2]);
    const reversed = await send('POST', `/api/fee-receipts/${first.json().id}/reverse`, c.finance, {});
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ amountCents: -5_000_00, receiptNumber: 3 });
    expect((await send('POST', `/api/fee-receipts/${first.json().id}/reverse`, c.finance, {})).statusCode).toBe(409);
  });

  it('is credited by a numbered credit note only once nothing stands received, and its work can then be billed again', async () => {
    const refused = await send('POST', `/api/fee-notes/${noteId}/credit-note`, c.finance, { reason: 'Wrong client' });
    expect(refused.statusCode).toBe(409);
    type Receipt = { id: string; reversesId: string | null };
    const receipts = (await get(`/api/fee-notes/${noteId}`, c.finance)).json().receipts as Receipt[];
    const standing = receipts.filter((r) => !r.reversesId && !receipts.some((x) => x.reversesId === r.id));
    expect(standing).toHaveLength(1);
    expect((await send('POST', `/api/fee-receipts/${standing[0]!.id}/reverse`, c.finance, {})).statusCode).toBe(200);
    const credited = await send('POST', `/api/fee-notes/${noteId}/credit-note`, c.finance, { reason: 'Billed to the wrong client' });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json()).toMatchObject({ status: 'credited', creditNote: { number: 1, reason: 'Billed to the wrong client' }, owingCents: 0 });
    expect((await send('POST', `/api/fee-notes/${noteId}/credit-note`, c.finance, { reason: 'again' })).statusCode).toBe(409);
    const again = await send('POST', `/api/patient-cases/${matter}/fee-notes`, c.finance, { timeEntryIds: [hours] });
    expect(again.statusCode, again.body).toBe(200);
    // Numbers run on: 1 (credited), 2 (the race), 3 now — never reused.
    expect(again.json().number).toBe(3);
  });

  it('makes a pro-forma without a number, then issues it with the next one (once)', async () => {
    const pro = await send('POST', `/api/patient-cases/${matter}/fee-notes`, c.finance, { fixedFees: [{ date: today, description: 'Consultation', amountCents: 800_00 }], proForma: true });
    expect(pro.statusCode, pro.body).toBe(200);
    expect(pro.json()).toMatchObject({ number: null, status: 'pro-forma', owingCents: 0 });
    expect((await send('POST', `/api/fee-notes/${pro.json().id}/receipts`, c.finance, { amountCents: 100, date: today, method: 'cash' })).statusCode).toBe(409);
    const issued = await send('POST', `/api/fee-notes/${pro.json().id}/issue`, c.finance, {});
    expect(issued.json()).toMatchObject({ number: 4, status: 'issued', issuedOn: today, owingCents: 920_00 });
    expect((await send('POST', `/api/fee-notes/${pro.json().id}/issue`, c.finance, {})).statusCode).toBe(409);
    const pdf = pdfText((await get(`/api/fee-notes/${pro.json().id}/pdf`, c.finance)).rawPayload);
    expect(pdf).toMatch(/Tax invoice 4/);
    expect(pdf).toMatch(/VAT no\. 4123456789/);
    expect(pdf).toMatch(/R\s?920[.,]00/);
  });

  it('writes the fee notes on the matter’s timeline', async () => {
    const timeline = (await get(`/api/patient-cases/${matter}/timeline`, c.onTeam)).json();
    const kinds = (timeline.items as { kind: string }[]).map((i) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['disbursement.recorded', 'fee-note.issued', 'fee-note.credited', 'fee-note.made']));
  });
});

describe('who reaches none of it', () => {
  it('another firm gets 404 on every id; the healthcare platform 403; a State unit that acts for no claimant 403 until it says it does', async () => {
    const notes = (await get(`/api/patient-cases/${matter}/fee-notes`, c.finance)).json().items as { id: string; status: string; receipts: { id: string }[] }[];
    const issued = notes.find((n) => n.status === 'issued')!;
    const receipt = notes.flatMap((n) => n.receipts)[0]!;
    const before = JSON.stringify(notes);
    // Every id another firm could try, each with an input that would otherwise pass.
    const tries = [
      get(`/api/fee-notes/${issued.id}`, c.otherFinance),
      get(`/api/fee-notes/${issued.id}/pdf`, c.otherFinance),
      get(`/api/patient-cases/${matter}/wip`, c.otherFinance),
      get(`/api/patient-cases/${matter}/fee-notes`, c.otherFinance),
      get(`/api/patient-cases/${matter}/disbursements`, c.otherFinance),
      send('POST', `/api/patient-cases/${matter}/disbursements`, c.otherFinance, { date: today, description: 'x', amountCents: 100, vatable: false }),
      send('POST', `/api/patient-cases/${matter}/fee-notes`, c.otherFinance, { fixedFees: [{ date: today, description: 'x', amountCents: 100 }] }),
      send('POST', `/api/fee-notes/${issued.id}/issue`, c.otherFinance, {}),
      send('POST', `/api/fee-notes/${issued.id}/credit-note`, c.otherFinance, { reason: 'x' }),
      send('POST', `/api/fee-notes/${issued.id}/receipts`, c.otherFinance, { amountCents: 1, date: today, method: 'cash' }),
      send('POST', `/api/fee-receipts/${receipt.id}/reverse`, c.otherFinance, {}),
    ];
    expect((await Promise.all(tries)).map((r) => r.statusCode)).toEqual(tries.map(() => 404));
    expect(JSON.stringify((await get(`/api/patient-cases/${matter}/fee-notes`, c.finance)).json().items)).toBe(before);
    expect((await get('/api/fee-settings', c.hospital)).statusCode).toBe(403);

    const stateMatter = await createCase(t.db, (await t.db.selectFrom('organizations').select('id').where('name', '=', 'State Attorney').executeTakeFirstOrThrow()).id);
    const refused = await get(`/api/patient-cases/${stateMatter}/wip`, c.stateFinance);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/bills nobody/);
    expect((await send('PUT', '/api/fee-settings', c.stateAdmin, { actsForClaimants: true })).json()).toMatchObject({ bills: true, registeredVendor: false });
    expect((await get(`/api/patient-cases/${stateMatter}/wip`, c.stateFinance)).statusCode).toBe(200);
  });
});
