import type { z } from 'zod';
import { dayKey } from '../../../shared/calendar';
import {
  FUND_SHARE_PERCENT,
  type TInvestment,
  type TInvestmentSection,
  type TReconciliation,
  type TTrustAccount,
  type TTrustEntry,
  type TTrustEntryKind,
  type TTrustLedger,
  ZInterestRequest,
  ZInvestmentRequest,
  ZMonthQuery,
  ZReconciliationRequest,
  ZTrustLedgerQuery,
  ZTrustPaymentRequest,
  ZTrustReceiptRequest,
  ZTrustReversalRequest,
  ZTrustTransferRequest,
  ZWithdrawalRequest,
  monthEnd,
} from '../../../shared/domain/trust';
import { formatZar } from '../../../shared/format';
import { groupBy } from '../../../shared/group-by';
import { type DemoContext, myName } from '../context';
import { badRequest, conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase } from './case-file-state';
import { allCases } from './cases';
import { feeNoteView, matterFees, receiveFromTrust, requireBillingFirm, reverseReceiptRow } from './fee-notes';
import { findPerson } from './people-state';

// The trust account in demo mode (issue 34), with the server's rules (trust-books.ts and the trust
// services): entries are append-only and numbered; a payment, transfer or investment that would put
// the client's trust balance in debit is refused naming the balance; a transfer to business is made
// against a fee note of the matter and never above what it owes (the fee note's receipt); interest
// splits per s86(5); a signed-off month is closed to back-dated entries. Balances are sums of entries.
// Fixtures: on the first legal matter, R50 000 received from the client and counsel paid R3 500.

const feature = 'feeNotes' as const;
const capability = 'trust.manage' as const;
const DAY_MS = 86_400_000;

interface EntryRow {
  id: string;
  caseId: string;
  number: number;
  account: TTrustAccount;
  investmentId: string | null;
  kind: TTrustEntryKind;
  date: string;
  amountCents: number;
  reference: string;
  counterparty: string | null;
  feeNoteId: string | null;
  feeReceiptId: string | null;
  reversesId: string | null;
  recordedBy: string | null;
  createdAt: string;
}
interface InvestmentRow {
  id: string;
  caseId: string;
  section: TInvestmentSection;
  institution: string;
  openedOn: string;
  principalCents: number;
  closedOn: string | null;
}
interface ReconciliationRow {
  id: string;
  bankBalanceCents: number;
  notes: string | null;
  signedOffBy: string | null;
  signedOffAt: string | null;
  updatedAt: string;
}

const dayBefore = (ctx: DemoContext, days: number) => dayKey(new Date(ctx.anchor.getTime() - days * DAY_MS));

function fixtureEntries(ctx: DemoContext): EntryRow[] {
  const matter = ctx.platform === 'legal' ? allCases(ctx)[0] : undefined;
  if (!matter) return [];
  const base = { caseId: matter.id, account: 'bank' as const, investmentId: null, feeNoteId: null, feeReceiptId: null, reversesId: null, recordedBy: myName(ctx) };
  return [
    { ...base, id: 'lg-trust-1', number: 1, kind: 'receipt', date: dayBefore(ctx, 20), amountCents: 50_000_00, reference: 'EFT from client', counterparty: matter.patientName, createdAt: `${dayBefore(ctx, 20)}T09:00:00.000Z` },
    { ...base, id: 'lg-trust-2', number: 2, kind: 'payment', date: dayBefore(ctx, 15), amountCents: -3_500_00, reference: "Counsel's fee: opinion", counterparty: 'Adv. N. Botha', createdAt: `${dayBefore(ctx, 15)}T09:00:00.000Z` },
  ];
}

const allEntries = (ctx: DemoContext) => ctx.overlay.merge<EntryRow>('trustEntries', fixtureEntries(ctx));
const allInvestments = (ctx: DemoContext) => ctx.overlay.rows<InvestmentRow>('trustInvestments');
const savedReconciliation = (ctx: DemoContext, month: string) => ctx.overlay.rows<ReconciliationRow>('trustReconciliations').find((r) => r.id === month);
const sum = (rows: { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);
const ordered = (rows: EntryRow[]) => [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.number - b.number);

// ---- reads -----------------------------------------------------------------------------------------

function withBalances(ctx: DemoContext, rows: EntryRow[], reversed: Set<string>): TTrustEntry[] {
  let balance = 0;
  return ordered(rows).map((r) => {
    balance += r.amountCents;
    const feeNoteNumber = r.feeNoteId ? feeNoteView(ctx, r.feeNoteId).number : null;
    return { ...r, balanceCents: balance, feeNoteNumber, reversed: reversed.has(r.id) };
  });
}

function ledgerOf(ctx: DemoContext, caseId: string): TTrustLedger {
  requireBillingFirm(ctx);
  const kase = matterFees(ctx, caseId);
  const rows = allEntries(ctx).filter((e) => e.caseId === caseId);
  const reversed = new Set(rows.flatMap((r) => (r.reversesId ? [r.reversesId] : [])));
  const byInvestment = groupBy(
    rows.filter((r) => r.account === 'investment'),
    (r) => r.investmentId ?? '',
  );
  const investments: TInvestment[] = allInvestments(ctx)
    .filter((i) => i.caseId === caseId)
    .map((i) => {
      const own = byInvestment.get(i.id) ?? [];
      return {
        ...i, balanceCents: sum(own), interestCents: sum(own.filter((r) => r.kind === 'interest')), fundShareCents: -sum(own.filter((r) => r.kind === 'fund-share')),
        entries: withBalances(ctx, own, reversed),
      };
    });
  const bank = rows.filter((r) => r.account === 'bank');
  const balanceCents = sum(bank);
  const investedCents = investments.reduce((s, i) => s + i.balanceCents, 0);
  const person = kase.personId ? findPerson(ctx, kase.personId) : undefined;
  return {
    caseId, caseReference: kase.reference ?? null, client: person?.fullName ?? kase.patientName, entries: withBalances(ctx, bank, reversed), balanceCents, investedCents,
    totalCents: balanceCents + investedCents, investments,
  };
}

function reconciliationOf(ctx: DemoContext, month: string): TReconciliation {
  requireBillingFirm(ctx);
  if (month > dayKey().slice(0, 7)) throw badRequest('That month has not begun', { month: 'Choose this month or an earlier one' });
  const asAt = monthEnd(month);
  const cases = new Map(allCases(ctx).map((c) => [c.id, c]));
  const byCase = groupBy(
    allEntries(ctx).filter((e) => e.date <= asAt),
    (e) => e.caseId,
  );
  const creditors = [...byCase.entries()]
    .map(([caseId, rows]) => {
      const kase = cases.get(caseId);
      const person = kase?.personId ? findPerson(ctx, kase.personId) : undefined;
      const trustBankCents = sum(rows.filter((r) => r.account === 'bank'));
      const investedCents = sum(rows.filter((r) => r.account === 'investment'));
      return { caseId, caseReference: kase?.reference ?? null, client: person?.fullName ?? kase?.patientName ?? 'Unknown', trustBankCents, investedCents, balanceCents: trustBankCents + investedCents };
    })
    .filter((c) => c.trustBankCents !== 0 || c.investedCents !== 0)
    .sort((a, b) => a.client.localeCompare(b.client) || a.caseId.localeCompare(b.caseId));
  const saved = savedReconciliation(ctx, month);
  const creditorsTotalCents = creditors.reduce((s, c) => s + c.balanceCents, 0);
  const investmentsCents = creditors.reduce((s, c) => s + c.investedCents, 0);
  const bankBalanceCents = saved ? saved.bankBalanceCents : null;
  return {
    month, asAt, creditors, creditorsTotalCents, ledgerBankCents: creditors.reduce((s, c) => s + c.trustBankCents, 0), bankBalanceCents, investmentsCents,
    differenceCents: bankBalanceCents === null ? null : bankBalanceCents + investmentsCents - creditorsTotalCents, notes: saved?.notes ?? null,
    debitBalances: creditors.filter((c) => c.trustBankCents < 0 || c.investedCents < 0).length, signedOff: Boolean(saved?.signedOffAt), signedOffBy: saved?.signedOffBy ?? null,
    signedOffAt: saved?.signedOffAt ?? null, updatedAt: saved?.updatedAt ?? null,
  };
}

// ---- writes ----------------------------------------------------------------------------------------

function assertOpenDate(ctx: DemoContext, date: string): void {
  if (date > dayKey()) throw badRequest('A trust entry cannot be dated in the future', { date: 'Date cannot be in the future' });
  const closed = ctx.overlay.rows<ReconciliationRow>('trustReconciliations').filter((r) => r.signedOffAt).map((r) => monthEnd(r.id)).sort().at(-1);
  if (closed && date <= closed) {
    const message = `The trust books are closed up to ${closed} (the month was reconciled and signed off): date the entry after that`;
    throw conflict(message, { date: message });
  }
}

/** Refuses what would put the matter's trust bank (or invested) balance below zero, naming it. */
function assertCovers(ctx: DemoContext, caseId: string, outCents: number, account: TTrustAccount = 'bank'): void {
  const held = sum(allEntries(ctx).filter((e) => e.caseId === caseId && e.account === account));
  if (held - outCents >= 0) return;
  const message = `${formatZar(held)} is held ${account === 'bank' ? 'in the trust bank account' : 'invested'} for this matter: ${formatZar(outCents)} would put the client's trust balance in debit (rule 54.14.9)`;
  throw conflict(message, { amountCents: message });
}

function post(ctx: DemoContext, entry: Omit<EntryRow, 'id' | 'number' | 'recordedBy' | 'createdAt' | 'investmentId' | 'feeNoteId' | 'feeReceiptId' | 'reversesId'> & Partial<EntryRow>): EntryRow {
  const number = Math.max(0, ...allEntries(ctx).map((e) => e.number)) + 1;
  return ctx.overlay.put<EntryRow>('trustEntries', {
    investmentId: null, feeNoteId: null, feeReceiptId: null, reversesId: null, ...entry, id: ctx.newId(), number, recordedBy: myName(ctx), createdAt: ctx.nowIso(),
  });
}

function trustMatter(ctx: DemoContext, caseId: string, date: string): string {
  requireBillingFirm(ctx);
  const id = openCase(ctx, caseId).id;
  assertOpenDate(ctx, date);
  return id;
}

function receiveIntoTrust(ctx: DemoContext, input: z.output<typeof ZTrustReceiptRequest>): TTrustLedger {
  const caseId = trustMatter(ctx, input.caseId, input.date);
  post(ctx, { caseId, account: 'bank', kind: 'receipt', date: input.date, amountCents: input.amountCents, reference: input.reference, counterparty: input.from });
  appendEvent(ctx, caseId, 'trust.entry', `${formatZar(input.amountCents)} received into trust from ${input.from}`);
  return ledgerOf(ctx, caseId);
}

function payFromTrust(ctx: DemoContext, input: z.output<typeof ZTrustPaymentRequest>): TTrustLedger {
  const caseId = trustMatter(ctx, input.caseId, input.date);
  assertCovers(ctx, caseId, input.amountCents);
  post(ctx, { caseId, account: 'bank', kind: 'payment', date: input.date, amountCents: -input.amountCents, reference: input.reference, counterparty: input.payee });
  appendEvent(ctx, caseId, 'trust.entry', `${formatZar(input.amountCents)} paid from trust to ${input.payee}`);
  return ledgerOf(ctx, caseId);
}

function transferToBusiness(ctx: DemoContext, input: z.output<typeof ZTrustTransferRequest>): TTrustLedger {
  const caseId = trustMatter(ctx, input.caseId, input.date);
  const note = feeNoteView(ctx, input.feeNoteId);
  if (note.caseId !== caseId) throw conflict('A transfer is made against a fee note of the same matter', { feeNoteId: 'A transfer is made against a fee note of the same matter' });
  assertCovers(ctx, caseId, input.amountCents);
  const receipt = receiveFromTrust(ctx, note.id, input.amountCents, input.date);
  post(ctx, { caseId, account: 'bank', kind: 'transfer', date: input.date, amountCents: -input.amountCents, reference: `Fee note ${note.number}`, counterparty: 'Business account', feeNoteId: note.id, feeReceiptId: receipt.id });
  appendEvent(ctx, caseId, 'trust.entry', `${formatZar(input.amountCents)} transferred from trust to business for fee note ${note.number}`);
  return ledgerOf(ctx, caseId);
}

function reverse(ctx: DemoContext, input: z.output<typeof ZTrustReversalRequest>): TTrustLedger {
  requireBillingFirm(ctx);
  const entry = allEntries(ctx).find((e) => e.id === input.id);
  if (!entry) throw notFound('Trust entry');
  openCase(ctx, entry.caseId);
  if (!['receipt', 'payment', 'transfer'].includes(entry.kind)) throw conflict(entry.kind === 'reversal' ? 'A reversal cannot itself be reversed' : 'An investment is closed by withdrawing it, not reversed');
  assertOpenDate(ctx, input.date);
  const already = allEntries(ctx).find((e) => e.reversesId === entry.id);
  if (already) throw conflict(`Entry ${entry.number} was already reversed (entry ${already.number})`);
  if (entry.amountCents > 0) assertCovers(ctx, entry.caseId, entry.amountCents);
  const feeReceiptId = entry.feeReceiptId ? reverseReceiptRow(ctx, entry.feeReceiptId, input.date, true).id : null;
  post(ctx, {
    caseId: entry.caseId, account: 'bank', kind: 'reversal', date: input.date, amountCents: -entry.amountCents, reference: `Reverses entry ${entry.number}: ${input.reason}`,
    counterparty: entry.counterparty, feeNoteId: entry.feeNoteId, feeReceiptId, reversesId: entry.id,
  });
  appendEvent(ctx, entry.caseId, 'trust.entry', `Trust entry ${entry.number} reversed (${formatZar(Math.abs(entry.amountCents))}): ${input.reason}`);
  return ledgerOf(ctx, entry.caseId);
}

function investmentOf(ctx: DemoContext, id: string, date: string): InvestmentRow {
  requireBillingFirm(ctx);
  const row = allInvestments(ctx).find((i) => i.id === id);
  if (!row) throw notFound('Investment');
  openCase(ctx, row.caseId);
  if (row.closedOn) throw conflict(`This investment was withdrawn on ${row.closedOn}`);
  assertOpenDate(ctx, date);
  if (date < row.openedOn) throw badRequest('Dated before the investment was made', { date: 'Before the investment was made' });
  return row;
}
const investmentView = (ctx: DemoContext, row: InvestmentRow) => ledgerOf(ctx, row.caseId).investments.find((i) => i.id === row.id)!;

function invest(ctx: DemoContext, input: z.output<typeof ZInvestmentRequest>): TInvestment {
  const caseId = trustMatter(ctx, input.caseId, input.date);
  assertCovers(ctx, caseId, input.amountCents);
  const row = ctx.overlay.put<InvestmentRow>('trustInvestments', { id: ctx.newId(), caseId, section: input.section, institution: input.institution, openedOn: input.date, principalCents: input.amountCents, closedOn: null });
  const move = { caseId, kind: 'investment' as const, date: input.date, reference: `s${input.section} investment at ${input.institution}`, counterparty: input.institution, investmentId: row.id };
  post(ctx, { ...move, account: 'bank', amountCents: -input.amountCents });
  post(ctx, { ...move, account: 'investment', amountCents: input.amountCents });
  appendEvent(ctx, caseId, 'trust.investment', `${formatZar(input.amountCents)} invested from trust (${move.reference})`);
  return investmentView(ctx, row);
}

function creditInterest(ctx: DemoContext, input: z.output<typeof ZInterestRequest>) {
  const row = investmentOf(ctx, input.id, input.date);
  const fundCents = row.section === '86(3)' ? input.amountCents : Math.floor((input.amountCents * FUND_SHARE_PERCENT + 50) / 100);
  const clientCents = input.amountCents - fundCents;
  const at = { caseId: row.caseId, account: 'investment' as const, investmentId: row.id, date: input.date, counterparty: row.institution };
  post(ctx, { ...at, kind: 'interest', amountCents: input.amountCents, reference: `Interest at ${row.institution}` });
  if (fundCents > 0) post(ctx, { ...at, kind: 'fund-share', amountCents: -fundCents, reference: "To the Legal Practitioners' Fidelity Fund (s86(5))", counterparty: "Legal Practitioners' Fidelity Fund" });
  appendEvent(ctx, row.caseId, 'trust.investment', `Interest ${formatZar(input.amountCents)} on the s${row.section} investment: ${formatZar(clientCents)} to the client, ${formatZar(fundCents)} to the Fidelity Fund`);
  return { investmentId: row.id, section: row.section, interestCents: input.amountCents, clientCents, fundCents, balanceCents: investmentView(ctx, row).balanceCents };
}

function withdraw(ctx: DemoContext, input: z.output<typeof ZWithdrawalRequest>): TInvestment {
  const row = investmentOf(ctx, input.id, input.date);
  const balance = investmentView(ctx, row).balanceCents;
  const move = { caseId: row.caseId, kind: 'withdrawal' as const, investmentId: row.id, date: input.date, reference: `s${row.section} investment at ${row.institution} withdrawn`, counterparty: row.institution };
  post(ctx, { ...move, account: 'investment', amountCents: -balance });
  post(ctx, { ...move, account: 'bank', amountCents: balance });
  const closed = ctx.overlay.put<InvestmentRow>('trustInvestments', { ...row, closedOn: input.date });
  appendEvent(ctx, row.caseId, 'trust.investment', `${formatZar(balance)} withdrawn from the s${row.section} investment into trust`);
  return investmentView(ctx, closed);
}

function saveReconciliation(ctx: DemoContext, input: z.output<typeof ZReconciliationRequest>): TReconciliation {
  reconciliationOf(ctx, input.month);
  if (savedReconciliation(ctx, input.month)?.signedOffAt) throw conflict('That month was signed off: its reconciliation is final');
  ctx.overlay.put<ReconciliationRow>('trustReconciliations', { id: input.month, bankBalanceCents: input.bankBalanceCents, notes: input.notes || null, signedOffBy: null, signedOffAt: null, updatedAt: ctx.nowIso() });
  return reconciliationOf(ctx, input.month);
}

function signOff(ctx: DemoContext, month: string): TReconciliation {
  const r = reconciliationOf(ctx, month);
  if (monthEnd(month) >= dayKey()) throw conflict('That month has not ended: sign it off from the first day of the next month');
  if (r.signedOff) throw conflict('That month was already signed off');
  if (r.differenceCents === null) throw conflict("Enter the trust bank balance from the bank's statement first", { bankBalanceCents: 'Required before sign-off' });
  if (r.differenceCents !== 0 && !r.notes) {
    const message = `The difference of ${formatZar(r.differenceCents)} must be explained in the notes before the month is signed off`;
    throw conflict(message, { notes: message });
  }
  const saved = savedReconciliation(ctx, month)!;
  ctx.overlay.put<ReconciliationRow>('trustReconciliations', { ...saved, signedOffBy: myName(ctx), signedOffAt: ctx.nowIso() });
  return reconciliationOf(ctx, month);
}

// ---- procedures ------------------------------------------------------------------------------------

export const trustProcedures = {
  'trust.ledger': procedure({ input: ZTrustLedgerQuery, capability: 'fees.view', feature, run: (ctx, input) => ledgerOf(ctx, input.caseId) }),
  'trust.receive': procedure({ input: ZTrustReceiptRequest, capability, feature, run: receiveIntoTrust }),
  'trust.pay': procedure({ input: ZTrustPaymentRequest, capability, feature, run: payFromTrust }),
  'trust.transfer': procedure({ input: ZTrustTransferRequest, capability, feature, run: transferToBusiness }),
  'trust.reverse': procedure({ input: ZTrustReversalRequest, capability, feature, run: reverse }),
  'trust.invest': procedure({ input: ZInvestmentRequest, capability, feature, run: invest }),
  'trust.creditInterest': procedure({ input: ZInterestRequest, capability, feature, run: creditInterest }),
  'trust.withdraw': procedure({ input: ZWithdrawalRequest, capability, feature, run: withdraw }),
  'trust.reconciliation': procedure({ input: ZMonthQuery, capability, feature, run: (ctx, input) => reconciliationOf(ctx, input.month) }),
  'trust.saveReconciliation': procedure({ input: ZReconciliationRequest, capability, feature, run: saveReconciliation }),
  'trust.signOff': procedure({ input: ZMonthQuery, capability, feature, run: (ctx, input) => signOff(ctx, input.month) }),
} satisfies Partial<DemoProcedures>;
