import { z } from 'zod';
import { dayKey } from '../../../shared/calendar';
import { defaultTimeEntryDescription } from '../../../shared/domain/costs';
import {
  type TDisbursement,
  type TFeeNote,
  type TFeeNoteLine,
  type TFeeNoteReceipt,
  type TFeeNoteStatus,
  type TFeeSettings,
  type TWip,
  ZCreateDisbursementRequest,
  ZCreateFeeNoteRequest,
  ZCreditNoteRequest,
  ZFeeReceiptRequest,
  ZFeeSettingsInput,
  ZIssueFeeNoteRequest,
} from '../../../shared/domain/fee-notes';
import { formatZar } from '../../../shared/format';
import { vatOnCents } from '../../../shared/money/vat';
import { can } from '../../../shared/roles';
import { type DemoContext, myName } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase, teamMembersOf } from './case-file-state';
import { allCases } from './cases';
import { allTimeEntries } from './costs';
import { homeOrganization } from './organizations';
import { findPerson } from './people-state';

// Fee notes, disbursements and business receipts in demo mode (issue 34), with the server's rules
// (fee-notes.service.ts, disbursements.service.ts, fee-receipts.service.ts): work is billed once, a
// tax invoice's number runs on from the fixtures' (never reused), VAT is 15% per line rounded half up
// when the firm is a vendor, a credit note reverses a fee note whole and frees its work, a receipt
// never overpays and is reversed by a negative row. A fee-earner reads the matters they work on.
// Fixtures: the firm's VAT number and banking; on the first matter a sheriff's fee and counsel's fee
// unbilled, and fee note 1 (a fixed fee for a letter of demand) issued and paid by EFT.

const feature = 'feeNotes' as const;
const DAY_MS = 86_400_000;
const ZId = z.object({ id: z.string().trim().min(1).max(64) });
const BILLED_TWICE = 'A time entry or disbursement can be billed once: one of these is already on another fee note';
const BILLS_NOBODY = 'This organisation bills nobody: a State litigation unit has no fee notes. An Administrator can say it acts for claimants in the billing settings.';
const NOT_ON_MATTER = 'You read the fees of the matters you work on: ask to be added to this matter’s team.';

interface SettingsRow extends Omit<TFeeSettings, 'firmName' | 'address' | 'bills' | 'registeredVendor'> { id: string }
type DisbursementRow = Omit<TDisbursement, 'feeNoteId'>;
type LineRow = TFeeNoteLine;
/** A fee note with its lines, receipts and credit note in one row: the overlay keeps whole rows. */
interface FeeNoteRow extends Omit<TFeeNote, 'lines' | 'receipts' | 'paidCents' | 'owingCents' | 'caseReference' | 'firm'> {
  lines: LineRow[];
  receipts: TFeeNoteReceipt[];
}

const dayBefore = (ctx: DemoContext, days: number) => dayKey(new Date(ctx.anchor.getTime() - days * DAY_MS));
const nextNumber = (numbers: (number | null)[]): number => Math.max(0, ...numbers.filter((n): n is number => n !== null)) + 1;

// ---- fixtures --------------------------------------------------------------------------------------

function sampleSettings(ctx: DemoContext): SettingsRow {
  return {
    id: 'firm', vatNumber: ctx.platform === 'legal' ? '4123456789' : null, actsForClaimants: false, updatedAt: null,
    bankDetails: { bankName: 'Standard Bank', accountName: 'Business account', accountNumber: '071234567', branchCode: '051001', accountType: 'cheque' },
  };
}

function settingsOf(ctx: DemoContext): TFeeSettings {
  const row = ctx.overlay.rows<SettingsRow>('feeSettings').find((r) => r.id === 'firm') ?? sampleSettings(ctx);
  const { id: _id, ...settings } = row;
  const org = homeOrganization(ctx);
  return {
    ...settings, firmName: org.name, address: [org.address, org.city].filter(Boolean).join(', ') || null, registeredVendor: !!row.vatNumber,
    bills: ctx.platform === 'legal' || (ctx.platform === 'medicolegal' && row.actsForClaimants),
  };
}

export function requireBillingFirm(ctx: DemoContext): TFeeSettings {
  const settings = settingsOf(ctx);
  if (!settings.bills) throw new DemoError('FORBIDDEN', BILLS_NOBODY);
  return settings;
}

/** The first matter of the legal demo carries the fixtures. */
function fixtureMatter(ctx: DemoContext) {
  return ctx.platform === 'legal' ? allCases(ctx)[0] : undefined;
}

function fixtureDisbursements(ctx: DemoContext): DisbursementRow[] {
  const matter = fixtureMatter(ctx);
  if (!matter) return [];
  const by = myName(ctx);
  return [
    { id: 'lg-disb-1', caseId: matter.id, date: dayBefore(ctx, 6), description: "Sheriff's fee: service of summons", amountCents: 450_00, vatable: false, recordedBy: by, createdAt: `${dayBefore(ctx, 6)}T09:00:00.000Z` },
    { id: 'lg-disb-2', caseId: matter.id, date: dayBefore(ctx, 3), description: "Counsel's fee: opinion on the merits", amountCents: 3_500_00, vatable: true, recordedBy: by, createdAt: `${dayBefore(ctx, 3)}T09:00:00.000Z` },
  ];
}

function fixtureFeeNotes(ctx: DemoContext): FeeNoteRow[] {
  const matter = fixtureMatter(ctx);
  if (!matter) return [];
  const issuedOn = dayBefore(ctx, 10);
  const vatNumber = sampleSettings(ctx).vatNumber;
  const amount = 2_500_00;
  const vat = vatOnCents(amount, !!vatNumber);
  return [{
    id: 'lg-fee-note-1', caseId: matter.id, number: 1, status: 'issued', client: { name: matter.patientName, address: null, vatNumber: null }, issuedOn,
    subtotalCents: amount, vatCents: vat, totalCents: amount + vat, creditNote: null, createdBy: myName(ctx), createdAt: `${issuedOn}T10:00:00.000Z`,
    lines: [{ id: 'lg-fee-note-1-line-1', position: 1, kind: 'fixed-fee', timeEntryId: null, disbursementId: null, date: issuedOn, description: 'Letter of demand (agreed fixed fee)', feeEarner: null, minutes: null, rateCents: null, amountCents: amount, vatCents: vat }],
    receipts: [{ id: 'lg-fee-note-1-receipt-1', receiptNumber: 1, amountCents: amount + vat, method: 'eft', date: dayBefore(ctx, 4), reversesId: null, receivedBy: myName(ctx), createdAt: `${dayBefore(ctx, 4)}T08:00:00.000Z` }],
  }];
}

const allDisbursements = (ctx: DemoContext) => ctx.overlay.merge<DisbursementRow>('disbursements', fixtureDisbursements(ctx));
const allFeeNotes = (ctx: DemoContext) => ctx.overlay.merge<FeeNoteRow>('feeNotes', fixtureFeeNotes(ctx));

// ---- reads -----------------------------------------------------------------------------------------

/** The matter if the visitor may read its fees: those who bill every matter they may open; fee-earners their team's. */
export function matterFees(ctx: DemoContext, caseId: string) {
  const kase = openCase(ctx, caseId);
  if (can({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }, 'fees.manage')) return kase;
  if (!teamMembersOf(ctx, kase).some((m) => m.userId === ctx.me.id)) throw new DemoError('FORBIDDEN', NOT_ON_MATTER);
  return kase;
}

/** Time and disbursements on live (not credited) fee notes. */
function billed(ctx: DemoContext): { time: Map<string, string>; disbursements: Map<string, string> } {
  const time = new Map<string, string>();
  const disbursements = new Map<string, string>();
  for (const note of allFeeNotes(ctx)) {
    if (note.status === 'credited') continue;
    for (const line of note.lines) {
      if (line.timeEntryId) time.set(line.timeEntryId, note.id);
      if (line.disbursementId) disbursements.set(line.disbursementId, note.id);
    }
  }
  return { time, disbursements };
}

function disbursementView(row: DisbursementRow, billedOn: Map<string, string>): TDisbursement {
  return { ...row, feeNoteId: billedOn.get(row.id) ?? null };
}

function viewOf(ctx: DemoContext, row: FeeNoteRow): TFeeNote {
  const kase = allCases(ctx).find((c) => c.id === row.caseId);
  const settings = settingsOf(ctx);
  const paidCents = row.receipts.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    ...row,
    caseReference: kase?.reference ?? null,
    firm: { name: settings.firmName, address: settings.address, vatNumber: settings.vatNumber },
    paidCents,
    owingCents: row.status === 'issued' ? row.totalCents - paidCents : 0,
    receipts: [...row.receipts].sort((a, b) => a.receiptNumber - b.receiptNumber),
  };
}

function feeNoteOf(ctx: DemoContext, id: string): FeeNoteRow {
  const row = allFeeNotes(ctx).find((n) => n.id === id);
  if (!row) throw notFound('Fee note');
  matterFees(ctx, row.caseId);
  return row;
}

function wipOf(ctx: DemoContext, caseId: string): TWip {
  requireBillingFirm(ctx);
  matterFees(ctx, caseId);
  const { time, disbursements } = billed(ctx);
  const timeEntries = allTimeEntries(ctx)
    .filter((t) => t.caseId === caseId && t.durationMinutes !== null && !time.has(t.id))
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((t) => ({
      id: t.id, date: t.startTime.slice(0, 10), feeEarnerId: t.userId, feeEarner: t.userName, description: t.description || defaultTimeEntryDescription(ctx.platform),
      minutes: t.durationMinutes!, rateCents: t.hourlyRateCents, amountCents: t.totalCostCents,
    }));
  const items = allDisbursements(ctx).filter((d) => d.caseId === caseId && !disbursements.has(d.id)).sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt)).map((d) => disbursementView(d, disbursements));
  return { timeEntries, disbursements: items, feesCents: timeEntries.reduce((s, t) => s + t.amountCents, 0), disbursementsCents: items.reduce((s, d) => s + d.amountCents, 0) };
}

// ---- writes ----------------------------------------------------------------------------------------

function createFeeNote(ctx: DemoContext, input: z.output<typeof ZCreateFeeNoteRequest>): TFeeNote {
  const settings = requireBillingFirm(ctx);
  const kase = openCase(ctx, input.id);
  const timeIds = [...new Set(input.timeEntryIds ?? [])];
  const disbursementIds = [...new Set(input.disbursementIds ?? [])];
  const time = allTimeEntries(ctx).filter((t) => timeIds.includes(t.id)).sort((a, b) => a.startTime.localeCompare(b.startTime));
  const disbursements = allDisbursements(ctx).filter((d) => disbursementIds.includes(d.id)).sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt));
  const fields: Record<string, string> = {};
  const strangerTime = timeIds.filter((id) => !time.some((t) => t.id === id && t.caseId === kase.id));
  if (strangerTime.length > 0) fields.timeEntryIds = `${strangerTime.length} of the time entries ${strangerTime.length === 1 ? 'is' : 'are'} not time on this matter`;
  else if (time.some((t) => t.durationMinutes === null)) fields.timeEntryIds = 'A running timer cannot be billed: stop it first';
  const strangerDisbursements = disbursementIds.filter((id) => !disbursements.some((d) => d.id === id && d.caseId === kase.id));
  if (strangerDisbursements.length > 0) fields.disbursementIds = `${strangerDisbursements.length} of the disbursements ${strangerDisbursements.length === 1 ? 'is' : 'are'} not of this matter`;
  if (Object.keys(fields).length > 0) throw badRequest('Choose unbilled work of this matter', fields);
  const already = billed(ctx);
  if (timeIds.some((id) => already.time.has(id)) || disbursementIds.some((id) => already.disbursements.has(id))) throw conflict(BILLED_TWICE);

  const vendor = settings.registeredVendor;
  const id = ctx.newId();
  const lines: LineRow[] = [
    ...time.map((t) => ({ kind: 'fee' as const, timeEntryId: t.id, disbursementId: null, date: t.startTime.slice(0, 10), description: t.description || defaultTimeEntryDescription(ctx.platform), feeEarner: t.userName, minutes: t.durationMinutes, rateCents: t.hourlyRateCents, amountCents: t.totalCostCents, vatable: true })),
    ...(input.fixedFees ?? []).map((f) => ({ kind: 'fixed-fee' as const, timeEntryId: null, disbursementId: null, date: f.date, description: f.description, feeEarner: null, minutes: null, rateCents: null, amountCents: f.amountCents, vatable: true })),
    ...disbursements.map((d) => ({ kind: 'disbursement' as const, timeEntryId: null, disbursementId: d.id, date: d.date, description: d.description, feeEarner: null, minutes: null, rateCents: null, amountCents: d.amountCents, vatable: d.vatable })),
  ].map(({ vatable, ...line }, i) => ({ ...line, id: `${id}-line-${i + 1}`, position: i + 1, vatCents: vatOnCents(line.amountCents, vendor && vatable) }));
  const subtotal = lines.reduce((s, l) => s + l.amountCents, 0);
  const vat = lines.reduce((s, l) => s + l.vatCents, 0);
  const proForma = input.proForma === true;
  const number = proForma ? null : nextNumber(allFeeNotes(ctx).map((n) => n.number));
  const person = kase.personId ? findPerson(ctx, kase.personId) : undefined;
  const row: FeeNoteRow = {
    id, caseId: kase.id, number, status: proForma ? 'pro-forma' : 'issued', client: { name: person?.fullName ?? kase.patientName, address: person?.address ?? null, vatNumber: null },
    issuedOn: proForma ? null : dayKey(), subtotalCents: subtotal, vatCents: vat, totalCents: subtotal + vat, creditNote: null, createdBy: myName(ctx), createdAt: ctx.nowIso(), lines, receipts: [],
  };
  ctx.overlay.put<FeeNoteRow>('feeNotes', row);
  appendEvent(ctx, kase.id, proForma ? 'fee-note.made' : 'fee-note.issued', proForma ? `Pro-forma fee note made (${formatZar(subtotal + vat)})` : `Fee note ${number} issued (${formatZar(subtotal + vat)})`);
  return viewOf(ctx, row);
}

function issue(ctx: DemoContext, input: z.output<typeof ZIssueFeeNoteRequest>): TFeeNote {
  requireBillingFirm(ctx);
  const row = feeNoteOf(ctx, input.id);
  if (row.status !== 'pro-forma') throw conflict(row.status === 'issued' ? `Fee note ${row.number} is already issued` : 'A withdrawn pro-forma cannot be issued');
  const number = nextNumber(allFeeNotes(ctx).map((n) => n.number));
  const issued = ctx.overlay.put<FeeNoteRow>('feeNotes', { ...row, number, status: 'issued' satisfies TFeeNoteStatus, issuedOn: input.date ?? dayKey() });
  appendEvent(ctx, row.caseId, 'fee-note.issued', `Fee note ${number} issued (${formatZar(row.totalCents)})`);
  return viewOf(ctx, issued);
}

function credit(ctx: DemoContext, input: z.output<typeof ZCreditNoteRequest>): TFeeNote {
  requireBillingFirm(ctx);
  const row = feeNoteOf(ctx, input.id);
  if (row.status === 'credited') throw conflict(row.number === null ? 'This pro-forma was already withdrawn' : `Fee note ${row.number} is already credited`);
  const paid = row.receipts.reduce((s, r) => s + r.amountCents, 0);
  if (paid !== 0) throw conflict(`${formatZar(paid)} was received against fee note ${row.number}: reverse the receipts first`);
  const creditNumber = row.status === 'issued' ? nextNumber(allFeeNotes(ctx).map((n) => n.creditNote?.number ?? null)) : null;
  const credited = ctx.overlay.put<FeeNoteRow>('feeNotes', {
    ...row, status: 'credited', creditNote: creditNumber === null ? null : { number: creditNumber, date: input.date ?? dayKey(), reason: input.reason },
  });
  appendEvent(ctx, row.caseId, 'fee-note.credited', creditNumber === null ? `Pro-forma fee note withdrawn: ${input.reason}` : `Credit note ${creditNumber} reverses fee note ${row.number}: ${input.reason}`);
  return viewOf(ctx, credited);
}

const allReceiptNumbers = (ctx: DemoContext) => allFeeNotes(ctx).flatMap((n) => n.receipts.map((r) => r.receiptNumber));

function receive(ctx: DemoContext, input: z.output<typeof ZFeeReceiptRequest>): TFeeNoteReceipt {
  requireBillingFirm(ctx);
  return receiveOn(ctx, feeNoteOf(ctx, input.id), input);
}

function receiveOn(ctx: DemoContext, row: FeeNoteRow, input: Pick<TFeeNoteReceipt, 'amountCents' | 'date' | 'method'>): TFeeNoteReceipt {
  if (row.status !== 'issued') throw conflict(row.status === 'pro-forma' ? 'A pro-forma is not yet a tax invoice: issue it first' : `Fee note ${row.number} was credited`);
  const owing = row.totalCents - row.receipts.reduce((s, r) => s + r.amountCents, 0);
  if (input.amountCents > owing) {
    const message = owing <= 0 ? `Fee note ${row.number} is paid` : `More than the ${formatZar(owing)} fee note ${row.number} still owes`;
    throw conflict(message, { amountCents: message });
  }
  const receipt: TFeeNoteReceipt = {
    id: ctx.newId(), receiptNumber: nextNumber(allReceiptNumbers(ctx)), amountCents: input.amountCents, method: input.method, date: input.date, reversesId: null, receivedBy: myName(ctx), createdAt: ctx.nowIso(),
  };
  ctx.overlay.put<FeeNoteRow>('feeNotes', { ...row, receipts: [...row.receipts, receipt] });
  return receipt;
}

/** For the trust account (trust.ts): the fee note as read, and its receipt of a transfer from trust. */
export const feeNoteView = (ctx: DemoContext, id: string): TFeeNote => viewOf(ctx, feeNoteOf(ctx, id));
export const receiveFromTrust = (ctx: DemoContext, feeNoteId: string, amountCents: number, date: string): TFeeNoteReceipt =>
  receiveOn(ctx, feeNoteOf(ctx, feeNoteId), { amountCents, date, method: 'trust' });

/** The negative row for a receipt (once); `fromTrust` says the trust ledger asks (a transfer's reversal). */
export function reverseReceiptRow(ctx: DemoContext, receiptId: string, date: string, fromTrust = false): TFeeNoteReceipt {
  const row = allFeeNotes(ctx).find((n) => n.receipts.some((r) => r.id === receiptId));
  if (!row) throw notFound('Receipt');
  feeNoteOf(ctx, row.id);
  const receipt = row.receipts.find((r) => r.id === receiptId)!;
  if (receipt.reversesId) throw conflict('A reversal cannot itself be reversed');
  if (receipt.method === 'trust' && !fromTrust) throw conflict('A transfer from trust is reversed in the trust ledger');
  if (row.receipts.some((r) => r.reversesId === receipt.id)) throw conflict(`Receipt ${receipt.receiptNumber} was already reversed`);
  const reversal: TFeeNoteReceipt = {
    id: ctx.newId(), receiptNumber: nextNumber(allReceiptNumbers(ctx)), amountCents: -receipt.amountCents, method: receipt.method, date, reversesId: receipt.id, receivedBy: myName(ctx), createdAt: ctx.nowIso(),
  };
  ctx.overlay.put<FeeNoteRow>('feeNotes', { ...row, receipts: [...row.receipts, reversal] });
  return reversal;
}

function reverseReceipt(ctx: DemoContext, receiptId: string): TFeeNoteReceipt {
  requireBillingFirm(ctx);
  return reverseReceiptRow(ctx, receiptId, dayKey());
}

function recordDisbursement(ctx: DemoContext, input: z.output<typeof ZCreateDisbursementRequest>): TDisbursement {
  requireBillingFirm(ctx);
  const kase = openCase(ctx, input.id);
  const row: DisbursementRow = { id: ctx.newId(), caseId: kase.id, date: input.date, description: input.description, amountCents: input.amountCents, vatable: input.vatable, recordedBy: myName(ctx), createdAt: ctx.nowIso() };
  ctx.overlay.put<DisbursementRow>('disbursements', row);
  appendEvent(ctx, kase.id, 'disbursement.recorded', `Disbursement recorded: ${input.description} (${formatZar(input.amountCents)}${input.vatable ? ' plus VAT' : ''})`);
  return { ...row, feeNoteId: null };
}

// ---- procedures ------------------------------------------------------------------------------------

export const feeNotesProcedures = {
  'fees.settings': procedure({ input: null, capability: 'fees.view', feature, run: settingsOf }),
  'fees.saveSettings': procedure({
    input: ZFeeSettingsInput,
    capability: 'billingSettings.manage',
    feature,
    run(ctx, input) {
      const current = ctx.overlay.rows<SettingsRow>('feeSettings').find((r) => r.id === 'firm') ?? sampleSettings(ctx);
      ctx.overlay.put<SettingsRow>('feeSettings', {
        id: 'firm', vatNumber: input.vatNumber ?? null, bankDetails: input.bankDetails ?? null, actsForClaimants: input.actsForClaimants ?? current.actsForClaimants, updatedAt: ctx.nowIso(),
      });
      return settingsOf(ctx);
    },
  }),
  'disbursements.create': procedure({ input: ZCreateDisbursementRequest, capability: 'fees.record', feature, run: recordDisbursement }),
  'disbursements.list': procedure({
    input: ZId,
    capability: 'fees.view',
    feature,
    run(ctx, input) {
      requireBillingFirm(ctx);
      matterFees(ctx, input.id);
      const { disbursements } = billed(ctx);
      return { items: allDisbursements(ctx).filter((d) => d.caseId === input.id).sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt)).map((d) => disbursementView(d, disbursements)) };
    },
  }),
  'feeNotes.wip': procedure({ input: ZId, capability: 'fees.view', feature, run: (ctx, input) => wipOf(ctx, input.id) }),
  'feeNotes.create': procedure({ input: ZCreateFeeNoteRequest, capability: 'fees.manage', feature, run: createFeeNote }),
  'feeNotes.list': procedure({
    input: ZId,
    capability: 'fees.view',
    feature,
    run(ctx, input) {
      requireBillingFirm(ctx);
      matterFees(ctx, input.id);
      return { items: allFeeNotes(ctx).filter((n) => n.caseId === input.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((n) => viewOf(ctx, n)) };
    },
  }),
  'feeNotes.get': procedure({ input: ZId, capability: 'fees.view', feature, run: (ctx, input) => (requireBillingFirm(ctx), viewOf(ctx, feeNoteOf(ctx, input.id))) }),
  'feeNotes.issue': procedure({ input: ZIssueFeeNoteRequest, capability: 'fees.manage', feature, run: issue }),
  'feeNotes.creditNote': procedure({ input: ZCreditNoteRequest, capability: 'fees.manage', feature, run: credit }),
  'feeNotes.receive': procedure({ input: ZFeeReceiptRequest, capability: 'fees.manage', feature, run: receive }),
  'feeNotes.reverseReceipt': procedure({ input: ZId, capability: 'fees.manage', feature, run: (ctx, input) => reverseReceipt(ctx, input.id) }),
} satisfies Partial<DemoProcedures>;

// For the fee reports (fee-reports.ts): the same rows and rules, read as the fee-note screens read them.
export { allDisbursements, billed as billedWork };
export const allFeeNoteViews = (ctx: DemoContext): TFeeNote[] => allFeeNotes(ctx).map((n) => viewOf(ctx, n));
