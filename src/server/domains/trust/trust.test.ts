import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../../shared/calendar';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { pdfText } from '../../test-support/pdf-text';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The trust account (issue 34) as a firm and its auditor meet it: the client pays R50 000 into trust,
// Finance pays out, invests on the client's instruction and credits interest split 95/5 (s86(5)(b)),
// transfers a fee note's amount to business (the fee note is paid), is refused a payment that would
// put the client in debit — also when two are sent at once — reconciles last month against the bank
// statement, signs it off, and can then date nothing into it. Expected figures are worked by hand.

let t: TestApp;
let firm: string;
let matter: string;
let second: string;
const c: Record<'admin' | 'finance' | 'director' | 'onTeam' | 'offTeam' | 'otherFinance' | 'stateFinance', string> = {
  admin: '', finance: '', director: '', onTeam: '', offTeam: '', otherFinance: '', stateFinance: '',
};

const today = dayKey();
/** Last month, 'YYYY-MM', and a day of it. */
const lastMonth = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
})();
const day = (d: number) => `${lastMonth}-${String(d).padStart(2, '0')}`;

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload });

beforeAll(async () => {
  t = await startTestApp();
  firm = await createOrganization(t.db, 'Naidoo Attorneys', 'legal');
  const other = await createOrganization(t.db, 'Other Attorneys', 'legal');
  const state = await createOrganization(t.db, 'State Attorney', 'medicolegal');
  const user = async (key: keyof typeof c, organizationId: string, role: string) => {
    const u = await createUser(t.db, { organizationId, role });
    c[key] = await signIn(t.app, u.email);
    return u;
  };
  await user('admin', firm, 'Administrator');
  await user('finance', firm, 'Finance Staff');
  await user('director', firm, 'Director');
  const attorney = await user('onTeam', firm, 'Legal Consultants');
  await user('offTeam', firm, 'Legal Consultants');
  await user('otherFinance', other, 'Finance Staff');
  await user('stateFinance', state, 'Finance Staff');
  matter = await createCase(t.db, firm);
  second = await createCase(t.db, firm);
  await addTeamMember(t.db, firm, matter, attorney.id, 'responsible-attorney');
  expect((await send('PUT', '/api/fee-settings', c.admin, { vatNumber: '4123456789' })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

const ledger = async (caseId: string, cookie = c.finance) => (await get(`/api/trust/ledger?caseId=${caseId}`, cookie)).json();

describe('money into and out of trust', () => {
  it('receives R50 000 into trust for the client; bad input names its fields and writes nothing', async () => {
    const bad = await send('POST', '/api/trust/receipts', c.finance, { caseId: matter, date: day(5), amountCents: -1, reference: 'EFT' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['amountCents', 'from']));
    const future = await send('POST', '/api/trust/receipts', c.finance, { caseId: matter, date: '2999-01-01', amountCents: 100, reference: 'EFT', from: 'Client' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toHaveProperty('date');
    const res = await send('POST', '/api/trust/receipts', c.finance, { caseId: matter, date: day(5), amountCents: 50_000_00, reference: 'EFT 8812', from: 'T. Mthembu' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ balanceCents: 50_000_00, totalCents: 50_000_00 });
    expect(res.json().entries).toEqual([expect.objectContaining({ kind: 'receipt', amountCents: 50_000_00, balanceCents: 50_000_00, reference: 'EFT 8812', counterparty: 'T. Mthembu' })]);
  });

  it('pays out of trust, and only Finance or the Director move trust money', async () => {
    const payment = { caseId: matter, date: day(6), amountCents: 10_000_00, payee: 'Dr P. Expert', reference: 'Medico-legal report' };
    expect((await send('POST', '/api/trust/payments', c.onTeam, payment)).statusCode).toBe(403);
    expect((await send('POST', '/api/trust/payments', c.admin, payment)).statusCode).toBe(403);
    const res = await send('POST', '/api/trust/payments', c.director, payment);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balanceCents).toBe(40_000_00);
  });

  it('invests R20 000 under s86(4) and credits interest split 95% client, 5% Fidelity Fund', async () => {
    const res = await send('POST', '/api/trust/investments', c.finance, { caseId: matter, section: '86(4)', amountCents: 20_000_00, institution: 'Nedbank', date: day(10) });
    expect(res.statusCode, res.body).toBe(200);
    const investment = res.json();
    expect(investment).toMatchObject({ section: '86(4)', principalCents: 20_000_00, balanceCents: 20_000_00 });
    // R1 234.57 interest: 5% is R61.7285 → R61.73 to the Fund (half a cent up), R1 172.84 to the client.
    const interest = await send('POST', `/api/trust/investments/${investment.id}/interest`, c.finance, { amountCents: 1_234_57, date: day(28) });
    expect(interest.statusCode, interest.body).toBe(200);
    expect(interest.json()).toMatchObject({ interestCents: 1_234_57, fundCents: 61_73, clientCents: 1_172_84, balanceCents: 21_172_84 });
    const after = await ledger(matter);
    expect(after).toMatchObject({ balanceCents: 20_000_00, investedCents: 21_172_84, totalCents: 41_172_84 });
    expect(after.investments[0].entries.map((e: { kind: string; amountCents: number }) => [e.kind, e.amountCents])).toEqual([
      ['investment', 20_000_00],
      ['interest', 1_234_57],
      ['fund-share', -61_73],
    ]);
  });

  it('refuses a payment that would put the client in debit, naming the balance — also two at once', async () => {
    const payment = (reference: string) => send('POST', '/api/trust/payments', c.finance, { caseId: matter, date: day(29), amountCents: 15_000_00, payee: 'Counsel', reference });
    const [a, b] = await Promise.all([payment('A'), payment('B')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toMatch(/^R\s5\s000,00 is held in the trust bank account/);
    expect(refused.json().current).toEqual({ balanceCents: 5_000_00 });
    expect((await ledger(matter)).balanceCents).toBe(5_000_00);
  });
});

describe('trust to business against a fee note', () => {
  let noteId: string;
  let transferId: string;

  it('transfers the fee note’s amount from trust: the fee note is paid; never more than it owes or trust holds', async () => {
    const made = await send('POST', `/api/patient-cases/${matter}/fee-notes`, c.finance, { fixedFees: [{ date: today, description: 'Consultation and advice', amountCents: 4_000_00 }] });
    expect(made.statusCode, made.body).toBe(200);
    noteId = made.json().id;
    expect(made.json().totalCents).toBe(4_600_00); // R4 000 + 15% VAT
    const tooMuch = await send('POST', '/api/trust/transfers', c.finance, { caseId: matter, feeNoteId: noteId, amountCents: 4_600_01, date: today });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('still owes');
    const otherMatter = await send('POST', '/api/trust/transfers', c.finance, { caseId: second, feeNoteId: noteId, amountCents: 100, date: today });
    expect(otherMatter.statusCode).toBe(409);
    const res = await send('POST', '/api/trust/transfers', c.finance, { caseId: matter, feeNoteId: noteId, amountCents: 4_600_00, date: today });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balanceCents).toBe(400_00);
    transferId = res.json().entries.at(-1).id;
    const note = (await get(`/api/fee-notes/${noteId}`, c.finance)).json();
    expect(note).toMatchObject({ paidCents: 4_600_00, owingCents: 0 });
    expect(note.receipts).toEqual([expect.objectContaining({ method: 'trust', amountCents: 4_600_00 })]);
  });

  it('reverses a transfer made in error once: trust is credited and the fee note owes again', async () => {
    const res = await send('POST', `/api/trust/entries/${transferId}/reverse`, c.finance, { reason: 'Wrong matter', date: today });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balanceCents).toBe(5_000_00);
    expect(res.json().entries.find((e: { id: string }) => e.id === transferId).reversed).toBe(true);
    expect((await get(`/api/fee-notes/${noteId}`, c.finance)).json().owingCents).toBe(4_600_00);
    expect((await send('POST', `/api/trust/entries/${transferId}/reverse`, c.finance, { reason: 'Again', date: today })).statusCode).toBe(409);
  });
});

describe('s86(3) investments', () => {
  it('gives all interest on an s86(3) investment to the Fund, and a withdrawal returns the client’s money to trust', async () => {
    expect((await send('POST', '/api/trust/receipts', c.finance, { caseId: second, date: today, amountCents: 1_000_00, reference: 'Cash', from: 'Client' })).statusCode).toBe(200);
    const investment = (await send('POST', '/api/trust/investments', c.finance, { caseId: second, section: '86(3)', amountCents: 1_000_00, institution: 'Absa', date: today })).json();
    const interest = await send('POST', `/api/trust/investments/${investment.id}/interest`, c.finance, { amountCents: 10_00, date: today });
    expect(interest.json()).toMatchObject({ clientCents: 0, fundCents: 10_00, balanceCents: 1_000_00 });
    const withdrawn = await send('POST', `/api/trust/investments/${investment.id}/withdraw`, c.finance, { date: today });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ balanceCents: 0, closedOn: today });
    expect(await ledger(second)).toMatchObject({ balanceCents: 1_000_00, investedCents: 0 });
    expect((await send('POST', `/api/trust/investments/${investment.id}/interest`, c.finance, { amountCents: 1, date: today })).statusCode).toBe(409);
  });
});

describe('who reads a trust ledger', () => {
  it('the matter’s fee-earner reads it; a fee-earner off the matter, another firm and a State unit do not', async () => {
    expect((await get(`/api/trust/ledger?caseId=${matter}`, c.onTeam)).statusCode).toBe(200);
    expect((await get(`/api/trust/ledger?caseId=${matter}`, c.offTeam)).statusCode).toBe(403);
    expect((await get(`/api/trust/ledger?caseId=${matter}`, c.otherFinance)).statusCode).toBe(404);
    expect((await get(`/api/trust/ledger?caseId=${matter}`, c.stateFinance)).statusCode).toBe(403);
    expect((await get(`/api/trust/reconciliations/${lastMonth}`, c.onTeam)).statusCode).toBe(403);
  });

  it('another firm reverses none of our entries and touches none of our investments (404), writing nothing', async () => {
    const before = await ledger(matter);
    const entry = before.entries[0].id;
    const investment = before.investments[0].id;
    expect((await send('POST', `/api/trust/entries/${entry}/reverse`, c.otherFinance, { reason: 'Across the wall', date: today })).statusCode).toBe(404);
    expect((await send('POST', `/api/trust/investments/${investment}/interest`, c.otherFinance, { amountCents: 1_00, date: today })).statusCode).toBe(404);
    expect((await send('POST', `/api/trust/investments/${investment}/withdraw`, c.otherFinance, { date: today })).statusCode).toBe(404);
    expect((await send('POST', '/api/trust/receipts', c.otherFinance, { caseId: matter, date: today, amountCents: 1_00, reference: 'x', from: 'x' })).statusCode).toBe(404);
    expect((await get(`/api/trust/reconciliations/${today.slice(0, 7)}`, c.otherFinance)).json().creditors).toEqual([]);
    expect(await ledger(matter)).toEqual(before);
  });
});

describe('the monthly reconciliation', () => {
  it('lists the trust creditors with a total equal to the sum of the trust ledgers, and the stored balances agree', async () => {
    const now = (await get(`/api/trust/reconciliations/${today.slice(0, 7)}`, c.finance)).json();
    const ledgers = [await ledger(matter), await ledger(second)];
    expect(now.creditorsTotalCents).toBe(ledgers.reduce((sum, l) => sum + l.totalCents, 0));
    expect(now.creditorsTotalCents).toBe(5_000_00 + 21_172_84 + 1_000_00);
    const stored = await t.db.selectFrom('trust_balances').select(['case_id', 'bank_cents', 'invested_cents']).where('organization_id', '=', firm).execute();
    expect(stored.map((s) => [s.case_id, Number(s.bank_cents), Number(s.invested_cents)]).sort()).toEqual(ledgers.map((l) => [l.caseId, l.balanceCents, l.investedCents]).sort());
  });

  it('shows a difference against the bank statement, refuses sign-off until it is explained, then closes the month', async () => {
    // Last month's end: R50 000 − R10 000 − R20 000 − R15 000 = R5 000 in the bank; R21 172.84 invested.
    const short = await send('PUT', `/api/trust/reconciliations/${lastMonth}`, c.finance, { bankBalanceCents: 4_900_00 });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json()).toMatchObject({ creditorsTotalCents: 26_172_84, ledgerBankCents: 5_000_00, investmentsCents: 21_172_84, bankBalanceCents: 4_900_00, differenceCents: -100_00, signedOff: false });
    expect(short.json().creditors).toEqual([expect.objectContaining({ caseId: matter, trustBankCents: 5_000_00, investedCents: 21_172_84, balanceCents: 26_172_84 })]);
    const refused = await send('POST', `/api/trust/reconciliations/${lastMonth}/sign-off`, c.finance, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toHaveProperty('notes');
    expect((await send('PUT', `/api/trust/reconciliations/${lastMonth}`, c.finance, { bankBalanceCents: 5_000_00 })).json().differenceCents).toBe(0);
    const signed = await send('POST', `/api/trust/reconciliations/${lastMonth}/sign-off`, c.director, {});
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ signedOff: true, differenceCents: 0 });
    const backDated = await send('POST', '/api/trust/receipts', c.finance, { caseId: matter, date: day(15), amountCents: 100_00, reference: 'Late', from: 'Client' });
    expect(backDated.statusCode).toBe(409);
    expect(backDated.json().fields).toHaveProperty('date');
    expect((await send('PUT', `/api/trust/reconciliations/${lastMonth}`, c.finance, { bankBalanceCents: 1 })).statusCode).toBe(409);
    expect((await send('POST', `/api/trust/reconciliations/${today.slice(0, 7)}/sign-off`, c.finance, {})).statusCode).toBe(409);
    const pdf = await get(`/api/trust/reconciliations/${lastMonth}/pdf`, c.finance);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toMatch(/Trust reconciliation at/);
    expect(text).toMatch(/Total owed to trust creditors/);
    expect(text).toMatch(/Signed off by/);
  });
});

describe('the books cannot be cut', () => {
  it('refuses to change or delete a trust entry in the database itself', async () => {
    const entry = await t.db.selectFrom('trust_entries').select('id').where('organization_id', '=', firm).executeTakeFirstOrThrow();
    await expect(t.db.updateTable('trust_entries').set({ amount_cents: 1 }).where('id', '=', entry.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('trust_entries').where('id', '=', entry.id).execute()).rejects.toThrow();
    await expect(t.db.deleteFrom('cases').where('id', '=', matter).execute()).rejects.toThrow();
  });
});
