import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../../shared/calendar';
import { ZAgedDebtors } from '../../../shared/domain/account-wire';
import { ZFeeDebtors, ZFeeStatement, ZFeesByFeeEarner, ZWipReport } from '../../../shared/domain/fee-reports';
import { createTestAccount } from '../../test-support/accounts-factories';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { createClient, recordTime } from '../../test-support/fee-factories';
import { pdfText } from '../../test-support/pdf-text';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The fee reports (issue 34, decision 0067) as a firm's bookkeeper meets them, over HTTP. A firm that
// is a VAT vendor: two fee earners record time on three matters (the third restricted to its team:
// a fee earner and the Director, not Finance); Finance bills, receipts, reverses and credits through
// the fee-note paths, some fee notes issued on past dates. Every figure below is worked by hand from
// the rules: VAT 15% per line; owing = total − receipts net of reversals, nothing on a credited note;
// aged by issue date (under 30 days current, then 30/60/90/120+); billed = fee lines of fee notes
// issued in the period less those of credit notes dated in it; a target × the months of the period.

let t: TestApp;
const c = { admin: '', finance: '', director: '', aisha: '', otherFinance: '', hospital: '', stateFinance: '' };
const id = { aisha: '', bongani: '', finance: '', otherMember: '', lerato: '', sipho: '', naledi: '', m1: '', m2: '', m3: '' };
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => dayKey(new Date(Date.now() - n * DAY_MS));
const today = dayKey();
const yesterday = daysAgo(1);
const notes: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', { id: string; number: number }> = {} as never;

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload });

async function ok(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A fee note through the fee-note paths: issued today, or made as a pro-forma and issued on `issuedOn`. */
async function bill(cookie: string, caseId: string, work: object, issuedOn?: string): Promise<{ id: string; number: number; totalCents: number }> {
  const made = await ok(await send('POST', `/api/patient-cases/${caseId}/fee-notes`, cookie, { ...work, proForma: issuedOn !== undefined }));
  return issuedOn === undefined ? made : ok(await send('POST', `/api/fee-notes/${made.id}/issue`, cookie, { date: issuedOn }));
}

beforeAll(async () => {
  t = await startTestApp();
  const firm = await createOrganization(t.db, 'Dlamini Attorneys', 'legal');
  const other = await createOrganization(t.db, 'Other Attorneys', 'legal');
  const hospital = await createOrganization(t.db, 'Hospital', 'healthcare');
  const state = await createOrganization(t.db, 'State Attorney', 'medicolegal');
  const user = async (key: keyof typeof c | null, organizationId: string, role: string, firstName?: string) => {
    const u = await createUser(t.db, { organizationId, role, firstName });
    if (key) c[key] = await signIn(t.app, u.email);
    return u.id;
  };
  await user('admin', firm, 'Administrator');
  id.finance = await user('finance', firm, 'Finance Staff', 'Fiona');
  const director = await user('director', firm, 'Director', 'Dumisani');
  id.aisha = await user('aisha', firm, 'Legal Consultants', 'Aisha');
  id.bongani = await user(null, firm, 'Legal Consultants', 'Bongani');
  await user('otherFinance', other, 'Finance Staff');
  id.otherMember = await user(null, other, 'Legal Consultants');
  await user('hospital', hospital, 'Administrator');
  await user('stateFinance', state, 'Finance Staff');

  expect((await send('PUT', '/api/fee-settings', c.admin, { vatNumber: '4123456789' })).statusCode).toBe(200);
  id.lerato = await createClient(t.db, firm, 'Lerato', 'Mokoena');
  id.sipho = await createClient(t.db, firm, 'Sipho', 'Dlamini', '12 Long Street, Cape Town');
  id.naledi = await createClient(t.db, firm, 'Naledi', 'Khumalo');
  id.m1 = await createCase(t.db, firm, { person_id: id.lerato, patient_name: 'Lerato Mokoena', reference: 'LG-0001' });
  id.m2 = await createCase(t.db, firm, { person_id: id.sipho, patient_name: 'Sipho Dlamini', reference: 'LG-0002' });
  id.m3 = await createCase(t.db, firm, { person_id: id.naledi, patient_name: 'Naledi Khumalo', reference: 'LG-0003', restricted: 1 });
  await addTeamMember(t.db, firm, id.m3, id.aisha, 'responsible-attorney');
  await addTeamMember(t.db, firm, id.m3, director, 'supervising-attorney');

  // Time (started yesterday): Aisha at R2 000/h, Bongani at R1 500/h; a running timer is no work yet.
  const time = (caseId: string, userId: string, minutes: number | null, rateCents: number) =>
    recordTime(t.db, { organizationId: firm, caseId, userId, minutes, rateCents });
  const te1 = await time(id.m1, id.aisha, 120, 2_000_00); // R4 000
  await time(id.m1, id.aisha, 30, 2_000_00); // R1 000
  const te3 = await time(id.m1, id.bongani, 60, 1_500_00); // R1 500
  const te4 = await time(id.m2, id.bongani, 90, 1_500_00); // R2 250
  await time(id.m2, id.aisha, null, 2_000_00);
  const te5 = await time(id.m3, id.aisha, 60, 2_000_00); // R2 000
  await time(id.m3, id.aisha, 15, 2_000_00); // R500
  await ok(
    await send('POST', `/api/patient-cases/${id.m1}/disbursements`, c.finance, {
      date: today,
      description: "Sheriff's fee",
      amountCents: 450_00,
      vatable: false,
    }),
  );

  // a: R4 000 + R600 VAT = R4 600, issued 45 days ago, R3 450 received → owes R1 150 (30 days).
  notes.a = await bill(c.finance, id.m1, { timeEntryIds: [te1] }, daysAgo(45));
  await ok(await send('POST', `/api/fee-notes/${notes.a.id}/receipts`, c.finance, { amountCents: 3_450_00, date: daysAgo(40), method: 'eft' }));
  // b: R2 250 + R337.50 = R2 587.50, issued today (current).
  notes.b = await bill(c.finance, id.m2, { timeEntryIds: [te4] });
  // c: fixed fee R1 000 + R150 = R1 150 issued 100 days ago, credited today: owes nothing.
  notes.c = await bill(c.finance, id.m2, { fixedFees: [{ date: daysAgo(100), description: 'Letter of demand', amountCents: 1_000_00 }] }, daysAgo(100));
  await ok(await send('POST', `/api/fee-notes/${notes.c.id}/credit-note`, c.finance, { reason: 'Billed in error' }));
  // d: fixed fee R2 000 + R300 = R2 300 issued 130 days ago; R1 000 received, then reversed (bounced) → owes R2 300 (120+).
  notes.d = await bill(c.finance, id.m2, { fixedFees: [{ date: daysAgo(130), description: 'Consultation', amountCents: 2_000_00 }] }, daysAgo(130));
  const bounced = await ok(
    await send('POST', `/api/fee-notes/${notes.d.id}/receipts`, c.finance, { amountCents: 1_000_00, date: daysAgo(120), method: 'eft' }),
  );
  await ok(await send('POST', `/api/fee-receipts/${bounced.id}/reverse`, c.finance, {}));
  // e: the restricted matter, billed by the Director (on its team): R2 000 + R300 = R2 300 today.
  notes.e = await bill(c.director, id.m3, { timeEntryIds: [te5] });
  // f: Bongani's hour on matter 1, issued and credited today: the hour is work in progress again.
  notes.f = await bill(c.finance, id.m1, { timeEntryIds: [te3] });
  await ok(await send('POST', `/api/fee-notes/${notes.f.id}/credit-note`, c.finance, { reason: 'Wrong matter' }));
  // A pro-forma is no debt and no fee billed.
  await ok(
    await send('POST', `/api/patient-cases/${id.m1}/fee-notes`, c.finance, {
      fixedFees: [{ date: today, description: 'Drafting', amountCents: 500_00 }],
      proForma: true,
    }),
  );

  // A hospital with a patient owing R250 on a medical account.
  const patient = await createClient(t.db, hospital, 'Thabo', 'Mabaso');
  const ward = await createCase(t.db, hospital, { person_id: patient });
  await createTestAccount(t.db, hospital, { caseId: ward, personId: patient, payer: 'patient', lines: [{ amountCents: 250_00 }] });
}, 120_000);
afterAll(async () => t?.close());

describe('work in progress', () => {
  it('sums unbilled stopped time by matter × fee earner and unbilled disbursements, leaving out billed work, timers and matters Finance may not read', async () => {
    const wip = ZWipReport.parse(await ok(await get('/api/reports/wip', c.finance)));
    const m1 = { caseId: id.m1, caseReference: 'LG-0001', client: 'Lerato Mokoena' };
    expect(wip.rows).toEqual([
      { ...m1, feeEarnerId: id.bongani, feeEarner: 'Bongani Nkosi', timeCents: 1_500_00, minutes: 60, disbursementsCents: 0, oldestDate: yesterday },
      { ...m1, feeEarnerId: id.aisha, feeEarner: 'Aisha Nkosi', timeCents: 1_000_00, minutes: 30, disbursementsCents: 0, oldestDate: yesterday },
      { ...m1, feeEarnerId: null, feeEarner: null, timeCents: 0, minutes: 0, disbursementsCents: 450_00, oldestDate: today },
    ]);
    expect(wip.byMatter).toEqual([{ ...m1, timeCents: 2_500_00, minutes: 90, disbursementsCents: 450_00, totalCents: 2_950_00, oldestDate: yesterday }]);
    expect(wip.byFeeEarner.map((e) => [e.feeEarner, e.timeCents, e.matters])).toEqual([
      ['Bongani Nkosi', 1_500_00, 1],
      ['Aisha Nkosi', 1_000_00, 1],
    ]);
    expect(wip.totals).toEqual({ matters: 1, timeCents: 2_500_00, minutes: 90, disbursementsCents: 450_00, totalCents: 2_950_00 });
  });

  it('counts the restricted matter for the Director on its team', async () => {
    const wip = ZWipReport.parse(await ok(await get('/api/reports/wip', c.director)));
    expect(wip.byMatter.map((m) => [m.caseReference, m.totalCents])).toEqual([
      ['LG-0001', 2_950_00],
      ['LG-0003', 500_00],
    ]);
    expect(wip.totals).toMatchObject({ matters: 2, timeCents: 3_000_00, minutes: 105 });
  });

  it('answers CSV: a header, a row per matter × fee earner, a total', async () => {
    const res = await get('/api/reports/wip?format=csv', c.finance);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n')).toEqual([
      'Matter,Client,Fee earner,Hours,Time (ZAR),Disbursements (ZAR),Oldest item',
      `LG-0001,Lerato Mokoena,Bongani Nkosi,1.00,1500.00,0.00,${yesterday}`,
      `LG-0001,Lerato Mokoena,Aisha Nkosi,0.50,1000.00,0.00,${yesterday}`,
      `LG-0001,Lerato Mokoena,Disbursements,0.00,0.00,450.00,${today}`,
      'Total,1 matters,,1.50,2500.00,450.00,',
      '',
    ]);
  });
});

describe('aged debtors of a firm', () => {
  it('ages what each client owes on issued fee notes by issue date, net of reversed receipts, nothing on credited notes or pro-formas', async () => {
    const report = ZFeeDebtors.parse(await ok(await get('/api/reports/aged-debtors', c.finance)));
    expect(report.rows).toEqual([
      { clientId: id.sipho, client: 'Sipho Dlamini', feeNotes: 2, current: 2_587_50, d30: 0, d60: 0, d90: 0, d120: 2_300_00, totalCents: 4_887_50 },
      { clientId: id.lerato, client: 'Lerato Mokoena', feeNotes: 1, current: 0, d30: 1_150_00, d60: 0, d90: 0, d120: 0, totalCents: 1_150_00 },
    ]);
    expect(report).toMatchObject({ debtors: 2, totals: { current: 2_587_50, d30: 1_150_00, d60: 0, d90: 0, d120: 2_300_00, totalCents: 6_037_50 } });
    const director = ZFeeDebtors.parse(await ok(await get('/api/reports/aged-debtors', c.director)));
    expect(director.rows.map((r) => [r.client, r.totalCents])).toEqual([
      ['Sipho Dlamini', 4_887_50],
      ['Naledi Khumalo', 2_300_00],
      ['Lerato Mokoena', 1_150_00],
    ]);
    expect(ZFeeDebtors.parse(await ok(await get('/api/reports/aged-debtors?limit=1', c.finance)))).toMatchObject({
      debtors: 2,
      rows: [{ client: 'Sipho Dlamini' }],
      totals: { totalCents: 6_037_50 },
    });
  });

  it('answers CSV: a header, one row per debtor, a total', async () => {
    const res = await get('/api/reports/aged-debtors?format=csv&limit=1', c.finance);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="aged-debtors.csv"');
    expect(res.body.split('\r\n')).toEqual([
      'Client,Fee notes,Current,30 days,60 days,90 days,120+ days,Total (ZAR)',
      'Sipho Dlamini,2,2587.50,0.00,0.00,0.00,2300.00,4887.50',
      'Lerato Mokoena,1,0.00,1150.00,0.00,0.00,0.00,1150.00',
      'Total,3,2587.50,1150.00,0.00,0.00,2300.00,6037.50',
      '',
    ]);
  });

  it('still answers a hospital with its medical accounts at the same path', async () => {
    const report = ZAgedDebtors.parse(await ok(await get('/api/reports/aged-debtors', c.hospital)));
    expect(report.rows).toMatchObject([{ holderName: 'Thabo Mabaso', accounts: 1, current: 250_00, totalCents: 250_00 }]);
    expect((await get('/api/reports/aged-debtors?format=csv', c.hospital)).body.split('\r\n')[0]).toBe(
      'Account holder,Accounts,Current,30 days,60 days,90 days,120+ days,Total (ZAR)',
    );
    expect((await get('/api/reports/wip', c.hospital)).statusCode).toBe(403);
  });
});

describe('fees by fee earner against target', () => {
  // Three whole months: the month before last to the end of this one (45 days ago is inside, 100 days ago never).
  const now = new Date();
  const from = dayKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1, 12)));
  const to = dayKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 12)));

  it('sets targets (Finance), lists them, and refuses a fee earner, a stranger and a negative amount', async () => {
    expect(await ok(await send('PUT', `/api/fee-targets/${id.aisha}`, c.finance, { monthlyTargetCents: 10_000_00 }))).toMatchObject({
      userId: id.aisha,
      name: 'Aisha Nkosi',
      monthlyTargetCents: 10_000_00,
    });
    expect((await send('PUT', `/api/fee-targets/${id.bongani}`, c.director, { monthlyTargetCents: 8_000_00 })).statusCode).toBe(200);
    expect(await ok(await send('PUT', `/api/fee-targets/${id.bongani}`, c.director, { monthlyTargetCents: null }))).toMatchObject({ monthlyTargetCents: null });
    expect((await send('PUT', `/api/fee-targets/${id.bongani}`, c.aisha, { monthlyTargetCents: 1 })).statusCode).toBe(403);
    expect((await send('PUT', `/api/fee-targets/${id.otherMember}`, c.finance, { monthlyTargetCents: 1 })).statusCode).toBe(404);
    const bad = await send('PUT', `/api/fee-targets/${id.bongani}`, c.finance, { monthlyTargetCents: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('monthlyTargetCents');
    const list = (await ok(await get('/api/fee-targets', c.finance))).items as { userId: string; monthlyTargetCents: number | null }[];
    expect(list.find((i) => i.userId === id.aisha)?.monthlyTargetCents).toBe(10_000_00);
    expect(list.find((i) => i.userId === id.bongani)?.monthlyTargetCents).toBeNull();
  });

  it('measures fees billed net of credit notes in the period against target × months, with time recorded and billed', async () => {
    const report = ZFeesByFeeEarner.parse(await ok(await get(`/api/reports/fees-by-fee-earner?from=${from}&to=${to}`, c.finance)));
    expect(report).toMatchObject({ from, to, months: 3 });
    expect(report.rows.map(({ feeEarnerId: _id, ...r }) => r)).toEqual([
      // Fee note a (120 min, R4 000); the restricted matter's time is not Finance's to see. R4 000 / R30 000 = 13.3%.
      {
        feeEarner: 'Aisha Nkosi',
        monthlyTargetCents: 10_000_00,
        targetCents: 30_000_00,
        billedCents: 4_000_00,
        creditedCents: 0,
        netBilledCents: 4_000_00,
        targetPercent: 13.3,
        recordedMinutes: 150,
        recordedCents: 5_000_00,
        billedMinutes: 120,
      },
      // Fee notes b (R2 250) and f (R1 500, credited today).
      {
        feeEarner: 'Bongani Nkosi',
        monthlyTargetCents: null,
        targetCents: null,
        billedCents: 3_750_00,
        creditedCents: 1_500_00,
        netBilledCents: 2_250_00,
        targetPercent: null,
        recordedMinutes: 150,
        recordedCents: 3_750_00,
        billedMinutes: 90,
      },
      // The fixed fee of fee note c (issued 100 days ago, before the period) credited in it.
      {
        feeEarner: 'Fiona Nkosi',
        monthlyTargetCents: null,
        targetCents: null,
        billedCents: 0,
        creditedCents: 1_000_00,
        netBilledCents: -1_000_00,
        targetPercent: null,
        recordedMinutes: 0,
        recordedCents: 0,
        billedMinutes: 0,
      },
    ]);
    expect(report.totals).toEqual({
      targetCents: 30_000_00,
      billedCents: 7_750_00,
      creditedCents: 2_500_00,
      netBilledCents: 5_250_00,
      targetPercent: 13.3,
      recordedMinutes: 300,
      recordedCents: 8_750_00,
      billedMinutes: 210,
    });
    const director = ZFeesByFeeEarner.parse(await ok(await get(`/api/reports/fees-by-fee-earner?from=${from}&to=${to}`, c.director)));
    expect(director.rows[0]).toMatchObject({ feeEarner: 'Aisha Nkosi', billedCents: 6_000_00, targetPercent: 20, recordedMinutes: 225 });
  });

  it('defaults to this month, prorates a part month by its days, refuses a period that ends before it starts, answers CSV', async () => {
    const month = ZFeesByFeeEarner.parse(await ok(await get('/api/reports/fees-by-fee-earner', c.finance)));
    expect(month).toMatchObject({ from: `${today.slice(0, 7)}-01`, months: 1 });
    expect(month.to.slice(0, 7)).toBe(today.slice(0, 7));
    // 15–28 February 2026: 14 of 28 days, half of R10 000.
    const half = ZFeesByFeeEarner.parse(await ok(await get('/api/reports/fees-by-fee-earner?from=2026-02-15&to=2026-02-28', c.finance)));
    expect(half.months).toBe(0.5);
    expect(half.rows.find((r) => r.feeEarnerId === id.aisha)).toMatchObject({ targetCents: 5_000_00, netBilledCents: 0, targetPercent: 0 });
    const backwards = await get('/api/reports/fees-by-fee-earner?from=2026-03-01&to=2026-02-01', c.finance);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toHaveProperty('to');
    const csv = (await get(`/api/reports/fees-by-fee-earner?from=${from}&to=${to}&format=csv`, c.finance)).body.split('\r\n');
    expect(csv[0]).toBe('Fee earner,Target (ZAR),Billed (ZAR),Credited (ZAR),Net billed (ZAR),% of target,Hours recorded,Recorded (ZAR),Hours billed');
    expect(csv[1]).toBe('Aisha Nkosi,30000.00,4000.00,0.00,4000.00,13.3,2.50,5000.00,2.00');
    expect(csv).toHaveLength(6); // header, three fee earners, the total, the final line end
  });
});

describe("a client's statement", () => {
  it('lists fee notes, receipts, a reversal and a credit note by date with the running balance and its age; the balance is the debtor row', async () => {
    const s = ZFeeStatement.parse(await ok(await get(`/api/fee-statements/${id.sipho}`, c.finance)));
    expect(s.client).toEqual({ personId: id.sipho, name: 'Sipho Dlamini', address: '12 Long Street, Cape Town', vatNumber: null });
    expect(s.firm).toMatchObject({ name: 'Dlamini Attorneys', vatNumber: '4123456789' });
    expect(s.entries.map((e) => [e.date, e.kind, e.reference, e.debitCents, e.creditCents, e.balanceCents])).toEqual([
      [daysAgo(130), 'fee-note', `Fee note ${notes.d.number}`, 2_300_00, 0, 2_300_00],
      [daysAgo(120), 'receipt', expect.stringMatching(/^Receipt \d+$/), 0, 1_000_00, 1_300_00],
      [daysAgo(100), 'fee-note', `Fee note ${notes.c.number}`, 1_150_00, 0, 2_450_00],
      [today, 'fee-note', `Fee note ${notes.b.number}`, 2_587_50, 0, 5_037_50],
      [today, 'reversal', expect.stringMatching(/^Receipt \d+$/), 1_000_00, 0, 6_037_50],
      [today, 'credit-note', expect.stringMatching(/^Credit note \d+$/), 0, 1_150_00, 4_887_50],
    ]);
    expect(s.ageing).toEqual({ current: 2_587_50, d30: 0, d60: 0, d90: 0, d120: 2_300_00 });
    expect(s.balanceCents).toBe(4_887_50);
    expect(s.feeNotes.map((n) => [n.number, n.status, n.owingCents])).toEqual([
      [notes.d.number, 'issued', 2_300_00],
      [notes.c.number, 'credited', 0],
      [notes.b.number, 'issued', 2_587_50],
    ]);
  });

  it('prints it as a PDF; a restricted matter stays out for Finance and in for the Director on its team', async () => {
    const pdf = await get(`/api/fee-statements/${id.sipho}/pdf`, c.finance);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Sipho Dlamini');
    expect(text).toContain(`Fee note ${notes.b.number}`);
    expect(text).toContain('Credit note');
    expect(ZFeeStatement.parse(await ok(await get(`/api/fee-statements/${id.naledi}`, c.finance))).entries).toEqual([]);
    expect(ZFeeStatement.parse(await ok(await get(`/api/fee-statements/${id.naledi}`, c.director))).balanceCents).toBe(2_300_00);
  });
});

describe('who reads the fee reports', () => {
  it('refuses a fee-earner without fees.manage (and the Administrator), every report and the statement', async () => {
    for (const url of [
      '/api/reports/wip',
      '/api/reports/aged-debtors',
      '/api/reports/fees-by-fee-earner',
      '/api/fee-targets',
      `/api/fee-statements/${id.sipho}`,
      `/api/fee-statements/${id.sipho}/pdf`,
    ]) {
      expect((await get(url, c.aisha)).statusCode, url).toBe(403);
    }
    expect((await get('/api/reports/aged-debtors', c.admin)).statusCode).toBe(403);
  });

  it('shows another firm nothing of this one, and a State unit that acts for no claimant has no fee reports', async () => {
    expect(ZWipReport.parse(await ok(await get('/api/reports/wip', c.otherFinance))).totals).toEqual({
      matters: 0,
      timeCents: 0,
      minutes: 0,
      disbursementsCents: 0,
      totalCents: 0,
    });
    expect(ZFeeDebtors.parse(await ok(await get('/api/reports/aged-debtors', c.otherFinance)))).toMatchObject({
      debtors: 0,
      rows: [],
      totals: { totalCents: 0 },
    });
    expect(ZFeesByFeeEarner.parse(await ok(await get(`/api/reports/fees-by-fee-earner?from=2020-01-01&to=${today}`, c.otherFinance))).rows).toEqual([]);
    expect((await ok(await get('/api/fee-targets', c.otherFinance))).items.map((i: { userId: string }) => i.userId)).not.toContain(id.aisha);
    expect((await get(`/api/fee-statements/${id.sipho}`, c.otherFinance)).statusCode).toBe(404);
    expect((await get(`/api/fee-statements/${id.sipho}/pdf`, c.otherFinance)).statusCode).toBe(404);
    expect((await send('PUT', `/api/fee-targets/${id.aisha}`, c.otherFinance, { monthlyTargetCents: 1 })).statusCode).toBe(404);
    expect((await get('/api/reports/aged-debtors', c.stateFinance)).statusCode).toBe(403);
    expect((await get('/api/reports/wip', c.stateFinance)).statusCode).toBe(403);
  });
});
