import { z } from 'zod';
import { dayKey } from '../../../shared/calendar';
import { validateAccount } from '../../../shared/domain/account-validation';
import {
  type TAccountLineView,
  type TAccountPayment,
  type TAccountSummary,
  type TAccountView,
  type TAgedDebtors,
  type TAgedDebtorsInput,
  ZAgedDebtorsInput,
  type TClaimBatch,
  type TClaimView,
  type TRemittanceView,
  type TStatement,
  type TValidationResult,
  ZAccountListInput,
  ZCreateAccountRequest,
  ZCreateClaimRequest,
  ZPaymentRequest,
  ZReverseLineInput,
  ZReversePaymentInput,
  ZShortfallRequest,
} from '../../../shared/domain/account-wire';
import {
  type TCover,
  type TLineStatus,
  type TPayer,
  type TRemittanceInput,
  type TShortfallAction,
  ZPersonIdInput,
  ZRemittanceInput,
} from '../../../shared/domain/medical-accounts';
import { formatZar } from '../../../shared/format';
import { ageingOf, balanceInputOf, outstandingCents, patientOwesCents } from '../../../shared/money/account-balance';
import { agedDebtorsReport, debtorRowsOf } from '../../../shared/money/aged-debtors';
import { summaryOfView, sumsOfView } from '../../../shared/money/account-sums';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase, readableCases } from './case-file-state';
import { allCases } from './cases';
import { type DemoChargeRow, FIXTURE_CLAIMED_ACCOUNT, demoCharges, fixtureAccountChargeIds, fixtureAccountId } from './charges';
import { homeOrganization } from './organizations';
import { findPerson, livePeople } from './people-state';
import { practiceProcedures } from './practice';

// Accounts, claims, remittances, payments and statements in demo mode (issue 33, decision 0061), with
// the server's rules (accounts.service.ts, claims.service.ts, remittances.service.ts,
// payments.service.ts, statements.service.ts): a charge is billed once, numbers run on from the
// fixtures' (never reused), a claim goes to one scheme with nothing validation names, a line is
// remitted once, a shortfall decided once, a payment never more than the patient owes and reversed
// by a negative row. The demo "switch" answers at once and accepts every line. Fixtures: case 02's
// visit on account 1, claimed and short-paid, the shortfall moved to the patient, who paid part of it;
// case 01's first visit on account 2, waiting to be claimed.

const feature = 'medicalAccounts' as const;
const HOUR_MS = 3_600_000;
const ZId = z.object({ id: z.string().trim().min(1).max(64) });
const CSV_MAX_CHARS = 512 * 1024;
// The server's import input (remittance-import.ts is server code the browser may not import).
const ZRemittanceImportInput = ZRemittanceInput.omit({ lines: true }).extend({
  csv: z.string({ error: 'Give the CSV text' }).min(1, 'The CSV is empty').max(CSV_MAX_CHARS, `The CSV is at most ${CSV_MAX_CHARS / 1024} KB`),
});
const BILLED_TWICE = 'A charge can be billed once: one of these charges is already on an account';
const PAID_TWICE = 'A line is paid once: one of these lines is already on a remittance';
const PAYABLE: TLineStatus[] = ['submitted', 'accepted'];
const REVERSIBLE: TLineStatus[] = ['draft', 'submitted', 'accepted', 'rejected'];

// ---- rows ------------------------------------------------------------------------------------------

interface LineRow {
  id: string;
  chargeId: string;
  position: number;
  amountCents: number;
  vatCents: number;
  status: TLineStatus;
  statusReason: string | null;
  claimId: string | null;
  /** The remittance that paid the line (once) and what it paid. */
  remittanceId: string | null;
  schemePaidCents: number;
  shortfall: { action: TShortfallAction; amountCents: number } | null;
}
type PaymentRow = Omit<TAccountPayment, 'accountId' | 'reversedById'>;
/** An account with its lines and payments in one row: the overlay keeps whole rows. */
interface AccountRow {
  id: string;
  number: number;
  caseId: string;
  personId: string | null;
  holderId: string | null;
  payer: TPayer;
  accountDate: string;
  totalCents: number;
  vatCents: number;
  createdBy: string | null;
  createdAt: string;
  lines: LineRow[];
  payments: PaymentRow[];
}
interface ClaimRow extends Omit<TClaimView, 'lines' | 'totalCents'> {
  /** The batch as sent; the fixture claim's is built when it is exported. */
  batch: TClaimBatch | null;
}
interface RemittanceRow extends Omit<TRemittanceView, 'lines'> {
  lines: { accountLineId: string; paidCents: number; reasonCode: string | null; reason: string | null }[];
}

// ---- fixtures --------------------------------------------------------------------------------------

const FIXTURE_CLAIM_ID = 'hc-claim-1';
const FIXTURE_REMITTANCE_ID = 'hc-remittance-1';
const atHoursAgo = (ctx: DemoContext, hours: number) => new Date(ctx.anchor.getTime() - hours * HOUR_MS).toISOString();

function fixtureAccounts(ctx: DemoContext): AccountRow[] {
  if (ctx.platform !== 'healthcare') return [];
  const cases = allCases(ctx);
  const charges = new Map(demoCharges(ctx).map((c) => [c.id, c]));
  return [1, 2].flatMap((number) => {
    const chargeIds = fixtureAccountChargeIds(number);
    const first = charges.get(chargeIds[0] ?? '');
    const kase = first ? cases.find((c) => c.id === first.caseId) : undefined;
    if (!first || !kase) return [];
    const id = fixtureAccountId(number);
    const claimed = number === FIXTURE_CLAIMED_ACCOUNT;
    const createdAt = atHoursAgo(ctx, claimed ? 22 : 20);
    const lines = chargeIds.map((chargeId, i): LineRow => {
      const charge = charges.get(chargeId)!;
      const amount = charge.amountCents + charge.vatCents;
      // The scheme paid the consultation at its own rate (80 %) and the medicine in full.
      const paid = claimed ? (charge.codeList === 'tariff' ? Math.round(amount * 0.8) : amount) : 0;
      return {
        id: `${id}-line-${i + 1}`, chargeId, position: i + 1, amountCents: amount, vatCents: charge.vatCents,
        status: claimed ? (paid < amount ? 'short-paid' : 'paid') : 'draft', statusReason: claimed && paid < amount ? '05 Paid at scheme rate' : null,
        claimId: claimed ? FIXTURE_CLAIM_ID : null, remittanceId: claimed ? FIXTURE_REMITTANCE_ID : null, schemePaidCents: paid,
        shortfall: claimed && paid < amount ? { action: 'patient', amountCents: amount - paid } : null,
      };
    });
    const patientShare = lines.reduce((sum, l) => sum + (l.shortfall?.amountCents ?? 0), 0);
    return [{
      id, number, caseId: kase.id, personId: kase.personId, holderId: kase.personId, payer: 'scheme', accountDate: dayKey(createdAt),
      totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0), vatCents: lines.reduce((sum, l) => sum + l.vatCents, 0),
      createdBy: nameOf(ctx, kase.caseManagerId), createdAt, lines,
      // The patient paid half of the shortfall at the desk.
      payments: claimed && patientShare > 0
        ? [{
            id: `${id}-payment-1`, receiptNumber: 1, amountCents: Math.round(patientShare / 2), method: 'card', date: dayKey(atHoursAgo(ctx, 1)), reversesId: null,
            receivedBy: nameOf(ctx, kase.caseManagerId), createdAt: atHoursAgo(ctx, 1),
          }]
        : [],
    }];
  });
}

function fixtureSchemeOf(ctx: DemoContext): string | null {
  const account = fixtureAccounts(ctx).find((a) => a.number === FIXTURE_CLAIMED_ACCOUNT);
  return account ? (coverNow(ctx, account.personId)?.scheme ?? null) : null;
}

function fixtureClaims(ctx: DemoContext): ClaimRow[] {
  const scheme = fixtureSchemeOf(ctx);
  const account = fixtureAccounts(ctx).find((a) => a.number === FIXTURE_CLAIMED_ACCOUNT);
  if (!scheme || !account) return [];
  const kase = allCases(ctx).find((c) => c.id === account.caseId);
  return [{
    id: FIXTURE_CLAIM_ID, number: 1, scheme, status: 'accepted', transport: 'http', switchReference: switchReferenceOf(1), failure: null,
    submittedBy: nameOf(ctx, kase?.caseManagerId), submittedAt: atHoursAgo(ctx, 21), batch: null,
  }];
}

function fixtureRemittances(ctx: DemoContext): RemittanceRow[] {
  const scheme = fixtureSchemeOf(ctx);
  const account = fixtureAccounts(ctx).find((a) => a.number === FIXTURE_CLAIMED_ACCOUNT);
  if (!scheme || !account) return [];
  const capturedAt = atHoursAgo(ctx, 2);
  return [{
    id: FIXTURE_REMITTANCE_ID, scheme, date: dayKey(capturedAt), reference: `ERA-${dayKey(capturedAt).replace(/-/g, '')}-0417`,
    totalCents: account.lines.reduce((sum, l) => sum + l.schemePaidCents, 0), capturedBy: account.createdBy, capturedAt,
    lines: account.lines.map((l) => ({
      accountLineId: l.id, paidCents: l.schemePaidCents, reasonCode: l.shortfall ? '05' : null, reason: l.shortfall ? 'Paid at scheme rate' : null,
    })),
  }];
}

// ---- state -----------------------------------------------------------------------------------------

const allAccounts = (ctx: DemoContext): AccountRow[] => ctx.overlay.merge<AccountRow>('accounts', fixtureAccounts(ctx));
const allClaims = (ctx: DemoContext): ClaimRow[] => ctx.overlay.merge<ClaimRow>('claims', fixtureClaims(ctx));
const allRemittances = (ctx: DemoContext): RemittanceRow[] => ctx.overlay.merge<RemittanceRow>('remittances', fixtureRemittances(ctx));

/** The next number of a series: the demo has one writer, so the highest number issued + 1 never repeats one. */
const nextNumber = (numbers: number[]): number => Math.max(0, ...numbers) + 1;
const switchReferenceOf = (claimNumber: number) => `DEMO-SW-${String(claimNumber).padStart(6, '0')}`;

function lineAt(ctx: DemoContext, lineId: string): { account: AccountRow; line: LineRow } | undefined {
  for (const account of allAccounts(ctx)) {
    const line = account.lines.find((l) => l.id === lineId);
    if (line) return { account, line };
  }
  return undefined;
}

function putLine(ctx: DemoContext, account: AccountRow, line: LineRow): AccountRow {
  return ctx.overlay.put<AccountRow>('accounts', { ...account, lines: account.lines.map((l) => (l.id === line.id ? line : l)) });
}

/** The charge's billing as charges.list shows it (the server reads it from the live account line). */
function linkCharges(ctx: DemoContext, chargeIds: string[], link: Pick<DemoChargeRow, 'accountId' | 'accountNumber' | 'claimed'>): void {
  const ids = new Set(chargeIds);
  for (const charge of demoCharges(ctx)) if (ids.has(charge.id)) ctx.overlay.put<DemoChargeRow>('charges', { ...charge, ...link });
}

/** The patient's cover as it is now, as cover.get reads it; null when nothing is recorded (a cash patient). */
function coverNow(ctx: DemoContext, personId: string | null): TAccountView['cover'] {
  if (!personId) return null;
  let cover: TCover;
  try {
    cover = practiceProcedures['cover.get'].run(ctx, { id: personId });
  } catch (error) {
    if (error instanceof DemoError) return null; // merged away: the account keeps its lines, not the cover
    throw error;
  }
  if (cover.updatedAt === null && cover.kind === 'cash') return null;
  const { kind, scheme, plan, option, membershipNumber, dependantCode } = cover;
  return { kind, scheme, plan, option, membershipNumber, dependantCode };
}

/** The account holder (debtor) of a person: their main member, else themself (cover.service coverHolderOf). */
function holderOf(ctx: DemoContext, personId: string): string {
  return ctx.overlay.rows<{ id: string; mainMemberId: string | null }>('cover').find((r) => r.id === personId)?.mainMemberId ?? personId;
}

// ---- views -----------------------------------------------------------------------------------------

/** The balances of an account, by the server's rule (src/shared/money/account-balance.ts): reversed lines owe nothing. */
function balancesOf(payer: TPayer, accountDate: string, lines: TAccountLineView[], payments: number[]) {
  const input = balanceInputOf({ accountDate, payer, lines, payments: payments.map((amountCents) => ({ amountCents })) });
  const live = input.lines;
  return {
    schemePaid: live.reduce((sum, l) => sum + l.schemePaidCents, 0),
    writtenOff: live.reduce((sum, l) => sum + (l.shortfall?.action === 'write-off' ? l.shortfall.amountCents : 0), 0),
    patientDue: patientOwesCents({ ...input, patientPaymentsCents: [] }),
    patientPaid: payments.reduce((sum, p) => sum + p, 0),
    outstanding: outstandingCents(input),
  };
}

function viewsOf(ctx: DemoContext, rows: AccountRow[]): TAccountView[] {
  if (rows.length === 0) return [];
  const charges = new Map(demoCharges(ctx).map((c) => [c.id, c]));
  const cases = new Map(allCases(ctx).map((c) => [c.id, c]));
  return rows.map((row) => {
    const kase = cases.get(row.caseId);
    const lines = row.lines.map((l): TAccountLineView => {
      // Charges are never deleted (a void keeps the row), so every line has its charge.
      const c = charges.get(l.chargeId)!;
      return {
        id: l.id, chargeId: l.chargeId, position: l.position, serviceDate: c.serviceDate, codeList: c.codeList, code: c.code, description: c.description,
        quantity: c.quantity, icd10Codes: c.icd10Codes, modifier: c.modifier, authorisationNumber: c.authorisationNumber, pmb: c.pmb,
        treatingPractitioner: c.treatingPractitioner, amountCents: l.amountCents, vatCents: l.vatCents, status: l.status, statusReason: l.statusReason,
        claimId: l.claimId, schemePaidCents: l.schemePaidCents, shortfall: l.shortfall,
      };
    });
    const reversedBy = new Map(row.payments.filter((p) => p.reversesId).map((p) => [p.reversesId!, p.id]));
    const payments = [...row.payments]
      .sort((a, b) => a.receiptNumber - b.receiptNumber)
      .map((p): TAccountPayment => ({ ...p, accountId: row.id, reversedById: reversedBy.get(p.id) ?? null }));
    const money = balancesOf(row.payer, row.accountDate, lines, payments.map((p) => p.amountCents));
    return {
      id: row.id, number: row.number, caseId: row.caseId, caseReference: kase?.reference ?? null, payer: row.payer, accountDate: row.accountDate,
      personId: row.personId, personName: (row.personId ? findPerson(ctx, row.personId)?.fullName : undefined) ?? kase?.patientName ?? '',
      holderId: row.holderId, holderName: row.holderId ? (findPerson(ctx, row.holderId)?.fullName ?? null) : null, cover: coverNow(ctx, row.personId),
      totalCents: row.totalCents, vatCents: row.vatCents, schemePaidCents: money.schemePaid, writtenOffCents: money.writtenOff, patientDueCents: money.patientDue,
      patientPaidCents: money.patientPaid, balanceCents: money.outstanding, createdBy: row.createdBy, createdAt: row.createdAt, lines, payments,
    };
  });
}

/** The account if the visitor may read its case (404, or 403 for a restricted case without need to know). */
function accountOf(ctx: DemoContext, id: string): TAccountView {
  const row = allAccounts(ctx).find((a) => a.id === id);
  if (!row) throw notFound('Account');
  openCase(ctx, row.caseId);
  return viewsOf(ctx, [row])[0]!;
}

/** Every reason a scheme would bounce the account's draft lines (the shared rule); none for a patient's account. */
function problemsOf(ctx: DemoContext, account: TAccountView): TValidationResult {
  if (account.payer === 'patient') return { problems: [] };
  const settings = practiceProcedures['practice.settings'].run(ctx, undefined);
  const charges = new Map(demoCharges(ctx).map((c) => [c.id, c]));
  // The demo's charges name their clinician, not their user id: the practitioner is found by name.
  const numberOf = (name: string | null) => settings.practitioners.find((p) => p.name === name)?.practitionerNumber ?? null;
  const problems = validateAccount(
    {
      payer: account.payer,
      cover: account.cover,
      practiceNumber: settings.practiceNumber,
      lines: account.lines
        .filter((l) => l.status === 'draft')
        .map((l) => ({
          lineId: l.id, serviceDate: l.serviceDate, icd10Codes: l.icd10Codes, needsAuthorisation: charges.get(l.chargeId)?.needsAuthorisation ?? false,
          authorisationNumber: l.authorisationNumber, practitionerNumber: numberOf(l.treatingPractitioner),
        })),
    },
    dayKey(),
  );
  return { problems };
}

function claimViewOf(ctx: DemoContext, claim: ClaimRow): TClaimView {
  const lines = allAccounts(ctx)
    .flatMap((a) => a.lines.filter((l) => l.claimId === claim.id).map((l) => ({ account: a, line: l })))
    .sort((x, y) => x.account.number - y.account.number || x.line.position - y.line.position);
  // A batch holds lines of several cases: each must be one the visitor may read.
  for (const caseId of new Set(lines.map((l) => l.account.caseId))) openCase(ctx, caseId);
  const { batch: _batch, ...shown } = claim;
  return {
    ...shown,
    totalCents: lines.reduce((sum, l) => sum + l.line.amountCents, 0),
    lines: lines.map(({ account, line }) => ({
      id: line.id, accountId: account.id, accountNumber: account.number, amountCents: line.amountCents, status: line.status, statusReason: line.statusReason,
    })),
  };
}

function claimOf(ctx: DemoContext, id: string): { row: ClaimRow; view: TClaimView } {
  const row = allClaims(ctx).find((c) => c.id === id);
  if (!row) throw notFound('Claim');
  return { row, view: claimViewOf(ctx, row) };
}

/** The casebridge-claim/1 batch of these accounts' lines, as claims.service batchOf builds it. */
function batchOf(ctx: DemoContext, number: number, scheme: string, claimed: { account: TAccountView; lines: TAccountLineView[] }[], createdAt: string): TClaimBatch {
  const settings = practiceProcedures['practice.settings'].run(ctx, undefined);
  const numberOf = (name: string | null) => settings.practitioners.find((p) => p.name === name)?.practitionerNumber ?? null;
  const accounts = claimed.map(({ account: a, lines }) => {
    const person = a.personId ? findPerson(ctx, a.personId) : undefined;
    return {
      accountNumber: a.number,
      accountDate: a.accountDate,
      member: {
        scheme, plan: a.cover?.plan ?? null, option: a.cover?.option ?? null, membershipNumber: a.cover?.membershipNumber ?? '',
        mainMemberName: a.holderName ?? a.personName,
      },
      patient: { name: a.personName, dateOfBirth: person?.dateOfBirth ?? null, idNumber: person?.idNumber ?? null, dependantCode: a.cover?.dependantCode ?? '' },
      lines: lines.map((l) => ({
        lineId: l.id, serviceDate: l.serviceDate, treatingPractitionerNumber: numberOf(l.treatingPractitioner), codeType: l.codeList, code: l.code,
        description: l.description, quantity: l.quantity, modifier: l.modifier, icd10Codes: l.icd10Codes, authorisationNumber: l.authorisationNumber,
        pmb: l.pmb, amountCents: l.amountCents, vatCents: l.vatCents,
      })),
    };
  });
  const all = accounts.flatMap((a) => a.lines);
  return {
    format: 'casebridge-claim/1',
    claimNumber: number,
    createdAt,
    practice: { name: homeOrganization(ctx).name, practiceNumber: settings.practiceNumber ?? '', vatNumber: settings.vatNumber },
    scheme,
    accounts, totals: { lines: all.length, amountCents: all.reduce((s, l) => s + l.amountCents, 0), vatCents: all.reduce((s, l) => s + l.vatCents, 0) },
  };
}

function remittanceViewOf(ctx: DemoContext, row: RemittanceRow): TRemittanceView {
  const lines = row.lines
    .map((given) => ({ given, at: lineAt(ctx, given.accountLineId)! }))
    .sort((x, y) => x.at.account.number - y.at.account.number || x.at.line.position - y.at.line.position);
  for (const caseId of new Set(lines.map((l) => l.at.account.caseId))) openCase(ctx, caseId);
  return {
    id: row.id, scheme: row.scheme, date: row.date, reference: row.reference, totalCents: row.totalCents, capturedBy: row.capturedBy, capturedAt: row.capturedAt,
    lines: lines.map(({ given, at }) => ({
      accountLineId: given.accountLineId, accountId: at.account.id, accountNumber: at.account.number, billedCents: at.line.amountCents, paidCents: given.paidCents,
      reasonCode: given.reasonCode, reason: given.reason, status: at.line.status,
    })),
  };
}

// ---- writes ----------------------------------------------------------------------------------------

function createAccount(ctx: DemoContext, input: z.infer<typeof ZCreateAccountRequest>): TAccountView {
  const kase = openCase(ctx, input.id);
  const chargeIds = [...new Set(input.chargeIds)];
  const charges = demoCharges(ctx).filter((c) => chargeIds.includes(c.id));
  const missing = chargeIds.filter((id) => !charges.some((c) => c.id === id && c.caseId === kase.id));
  if (missing.length > 0) {
    const chargesText = `${missing.length} of the charges ${missing.length === 1 ? 'is' : 'are'} not charges of this case`;
    throw badRequest('Choose charges of this case', { chargeIds: chargesText });
  }
  if (charges.some((c) => c.voided)) throw conflict('A voided charge cannot be billed');
  const accounts = allAccounts(ctx);
  // The server's partial unique index: one live (not reversed) line per charge.
  const billed = new Set(accounts.flatMap((a) => a.lines.filter((l) => l.status !== 'reversed').map((l) => l.chargeId)));
  if (charges.some((c) => billed.has(c.id))) throw conflict(BILLED_TWICE);
  const personId = kase.personId;
  const cover = coverNow(ctx, personId);
  const payer: TPayer = input.payer ?? (cover?.kind === 'medical-aid' ? 'scheme' : 'patient');
  if (payer === 'scheme' && !personId) {
    const payerText = 'Bill the patient, or link the case to a person with medical-aid cover';
    throw badRequest('The case has no person of the registry, so no cover to claim from', { payer: payerText });
  }
  // Service date order, then the order asked.
  const ordered = [...charges].sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || chargeIds.indexOf(a.id) - chargeIds.indexOf(b.id));
  const id = ctx.newId();
  const number = nextNumber(accounts.map((a) => a.number));
  const lines = ordered.map((c, i): LineRow => ({
    id: ctx.newId(), chargeId: c.id, position: i + 1, amountCents: c.amountCents + c.vatCents, vatCents: c.vatCents, status: 'draft', statusReason: null,
    claimId: null, remittanceId: null, schemePaidCents: 0, shortfall: null,
  }));
  ctx.overlay.put<AccountRow>('accounts', {
    id, number, caseId: kase.id, personId, holderId: personId ? holderOf(ctx, personId) : null, payer, accountDate: dayKey(),
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0), vatCents: lines.reduce((sum, l) => sum + l.vatCents, 0),
    createdBy: myName(ctx), createdAt: ctx.nowIso(), lines, payments: [],
  });
  linkCharges(ctx, chargeIds, { accountId: id, accountNumber: number, claimed: false });
  const summary = `Account ${number} made (${lines.length} ${lines.length === 1 ? 'line' : 'lines'}, payer ${payer === 'scheme' ? 'medical scheme' : 'patient'})`;
  appendEvent(ctx, kase.id, 'account.created', summary);
  return accountOf(ctx, id);
}

function submitClaim(ctx: DemoContext, accountIds: string[]): TClaimView {
  const accounts = [...new Set(accountIds)].map((id) => {
    try {
      return accountOf(ctx, id);
    } catch (error) {
      if (error instanceof DemoError && error.code === 'NOT_FOUND') throw badRequest('Choose accounts of this practice', { accountIds: `No account ${id}` });
      throw error;
    }
  });
  const notScheme = accounts.filter((a) => a.payer !== 'scheme');
  if (notScheme.length > 0) {
    const accountsText = `Account ${notScheme.map((a) => a.number).join(', ')} is billed to the patient`;
    throw badRequest('Only accounts billed to a medical scheme are claimed', { accountIds: accountsText });
  }
  const nothing = accounts.filter((a) => !a.lines.some((l) => l.status === 'draft'));
  if (nothing.length > 0) throw conflict(`Account ${nothing.map((a) => a.number).join(', ')} has no lines left to claim`);
  const schemes = [...new Set(accounts.map((a) => a.cover?.scheme ?? ''))];
  if (schemes.length > 1) {
    const accountsText = `These accounts are for ${schemes.map((s) => s || 'no scheme').join(' and ')}: claim each scheme's apart`;
    throw badRequest('A claim batch goes to one scheme', { accountIds: accountsText });
  }
  const bouncing = accounts.flatMap((a) => {
    const { problems } = problemsOf(ctx, a);
    return problems.length > 0 ? [`Account ${a.number}: ${problems.map((p) => p.message).join('; ')}`] : [];
  });
  if (bouncing.length > 0) throw badRequest('The scheme would reject these accounts; fix what validation names first', { accountIds: bouncing.join(' | ') });

  const scheme = schemes[0]!;
  const id = ctx.newId();
  const number = nextNumber(allClaims(ctx).map((c) => c.number));
  const at = ctx.nowIso();
  const claimed = accounts.map((account) => ({ account, lines: account.lines.filter((l) => l.status === 'draft') }));
  // The demo switch takes the batch at once and accepts every line (a real one may reject some, with the reason).
  ctx.overlay.put<ClaimRow>('claims', {
    id, number, scheme, status: 'accepted', transport: 'http', switchReference: switchReferenceOf(number), failure: null, submittedBy: myName(ctx), submittedAt: at,
    batch: batchOf(ctx, number, scheme, claimed, at),
  });
  const rows = new Map(allAccounts(ctx).map((a) => [a.id, a]));
  for (const { account, lines } of claimed) {
    const ids = new Set(lines.map((l) => l.id));
    const row = rows.get(account.id)!;
    const claimedLines = row.lines.map((l): LineRow => (ids.has(l.id) ? { ...l, status: 'accepted', statusReason: null, claimId: id } : l));
    ctx.overlay.put<AccountRow>('accounts', { ...row, lines: claimedLines });
    linkCharges(ctx, lines.map((l) => l.chargeId), { accountId: account.id, accountNumber: account.number, claimed: true });
  }
  return claimOf(ctx, id).view;
}

function reverseLine(ctx: DemoContext, lineId: string, reason: string): TAccountView {
  const found = lineAt(ctx, lineId);
  if (!found) throw notFound('Account line');
  const { account, line } = found;
  openCase(ctx, account.caseId);
  // Once the scheme has paid (or the remainder was decided) the money has moved: that is corrected by payment entries.
  if (!REVERSIBLE.includes(line.status)) throw conflict(`A line that is ${line.status} cannot be reversed`);
  if (line.remittanceId || line.shortfall) throw conflict('The scheme has remitted on this line (or its remainder was decided); it cannot be reversed');
  putLine(ctx, account, { ...line, status: 'reversed', statusReason: reason });
  // The charge is free again: corrected, it can be billed on a new account.
  linkCharges(ctx, [line.chargeId], { accountId: null, accountNumber: null, claimed: false });
  appendEvent(ctx, account.caseId, 'account-line.reversed', `Line reversed on account ${account.number}`);
  return accountOf(ctx, account.id);
}

function captureRemittance(ctx: DemoContext, input: TRemittanceInput): TRemittanceView {
  const ids = input.lines.map((l) => l.accountLineId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw badRequest('A line appears twice in the remittance', { [`lines.${twice}.accountLineId`]: 'This line is already on the remittance' });
  const found = new Map(ids.flatMap((id) => {
    const at = lineAt(ctx, id);
    return at ? [[id, at] as const] : [];
  }));
  if ([...found.values()].some((f) => f.line.remittanceId)) throw conflict(PAID_TWICE);
  const claims = new Map(allClaims(ctx).map((c) => [c.id, c]));
  const fields: Record<string, string> = {};
  input.lines.forEach((given, i) => {
    const at = found.get(given.accountLineId);
    const scheme = at?.line.claimId ? (claims.get(at.line.claimId)?.scheme ?? null) : null;
    if (!at) fields[`lines.${i}.accountLineId`] = 'No such account line';
    else if (!PAYABLE.includes(at.line.status)) fields[`lines.${i}.accountLineId`] = `This line is ${at.line.status}; only claimed lines are remitted`;
    else if ((scheme ?? '').toLowerCase() !== input.scheme.toLowerCase()) {
      fields[`lines.${i}.accountLineId`] = `This line was claimed from ${scheme}, not ${input.scheme}`;
    }
    else if (given.paidCents > at.line.amountCents) fields[`lines.${i}.paidCents`] = `More than the line's ${formatZar(at.line.amountCents)}`;
  });
  if (Object.keys(fields).length > 0) throw badRequest('Some remittance lines cannot be captured', fields);
  for (const caseId of new Set([...found.values()].map((f) => f.account.caseId))) openCase(ctx, caseId);
  // The server's unique index on the scheme's reference.
  if (allRemittances(ctx).some((r) => r.scheme === input.scheme && r.reference === input.reference)) {
    throw conflict(`Remittance ${input.reference} of ${input.scheme} was already captured`);
  }

  const id = ctx.newId();
  const row: RemittanceRow = {
    id, scheme: input.scheme, date: input.date, reference: input.reference, totalCents: input.lines.reduce((sum, l) => sum + l.paidCents, 0),
    capturedBy: myName(ctx), capturedAt: ctx.nowIso(),
    lines: input.lines.map((l) => ({ accountLineId: l.accountLineId, paidCents: l.paidCents, reasonCode: l.reasonCode ?? null, reason: l.reason ?? null })),
  };
  ctx.overlay.put<RemittanceRow>('remittances', row);
  for (const given of input.lines) {
    // Read again: two lines of one account are written one after the other.
    const { account, line } = lineAt(ctx, given.accountLineId)!;
    const to: TLineStatus = given.paidCents >= line.amountCents ? 'paid' : given.paidCents === 0 ? 'rejected' : 'short-paid';
    const reason = to === 'paid' ? null : [given.reasonCode, given.reason].filter(Boolean).join(' ') || 'No reason given by the scheme';
    putLine(ctx, account, { ...line, status: to, statusReason: reason, remittanceId: id, schemePaidCents: given.paidCents });
  }
  return remittanceViewOf(ctx, row);
}

/** One CSV row's cells; a quoted cell may hold commas and doubled quotes. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

/**
 * The server's remittance CSV rules (remittance-csv.ts, server code): account,line,paid,reason_code,reason,
 * the header optional, paid in rand; a bad row refuses the whole file naming its line. The demo reads
 * one row per line (a quoted cell with a line break in it is not supported here).
 */
function parseRemittanceCsv(text: string): { accountNumber: number; position: number; paidCents: number; reasonCode?: string; reason?: string }[] {
  const refuse = (message: string) => badRequest(message, { csv: message });
  const rows = [];
  for (const [i, raw] of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/).entries()) {
    const line = i + 1;
    const cells = csvCells(raw).map((c) => c.trim());
    if (cells.length === 1 && cells[0] === '') continue;
    if (line === 1 && cells[0]!.toLowerCase() === 'account') continue;
    const [account = '', position = '', paid = '', reasonCode = '', reason = ''] = cells;
    if (cells.length < 3 || cells.length > 5) throw refuse(`Line ${line}: expected account,line,paid,reason_code,reason`);
    if (!/^\d{1,9}$/.test(account)) throw refuse(`Line ${line}: "${account.slice(0, 20)}" is not an account number`);
    if (!/^\d{1,4}$/.test(position)) throw refuse(`Line ${line}: "${position.slice(0, 20)}" is not a line number`);
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(paid)) throw refuse(`Line ${line}: paid "${paid.slice(0, 20)}" is not an amount in rand like 520.00`);
    const [whole = '0', fraction = ''] = paid.split('.');
    rows.push({
      accountNumber: Number(account), position: Number(position), paidCents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')),
      reasonCode: reasonCode.slice(0, 20) || undefined, reason: reason.slice(0, 200) || undefined,
    });
  }
  if (rows.length === 0) throw refuse('The file holds no remittance lines');
  return rows;
}

function decideShortfall(ctx: DemoContext, lineId: string, action: TShortfallAction): TAccountView {
  const found = lineAt(ctx, lineId);
  if (!found) throw notFound('Account line');
  const { account, line } = found;
  openCase(ctx, account.caseId);
  if (line.status !== 'rejected' && line.status !== 'short-paid') throw conflict(`A line that is ${line.status} has no shortfall to decide`);
  if (line.shortfall) throw conflict("This line's shortfall was already decided");
  const amount = line.amountCents - line.schemePaidCents;
  const decided = { ...line, shortfall: { action, amountCents: amount } };
  putLine(ctx, account, action === 'write-off' ? { ...decided, status: 'written-off', statusReason: `${formatZar(amount)} written off` } : decided);
  return accountOf(ctx, account.id);
}

function paymentIn(account: TAccountView, id: string): TAccountPayment {
  const payment = account.payments.find((p) => p.id === id);
  if (!payment) throw notFound('Payment');
  return payment;
}

function recordPayment(ctx: DemoContext, input: z.infer<typeof ZPaymentRequest>): TAccountPayment {
  const account = accountOf(ctx, input.id);
  const owed = account.patientDueCents - account.patientPaidCents;
  if (input.amountCents > owed) {
    const message = owed <= 0 ? 'The patient owes nothing on this account' : `More than the ${formatZar(owed)} the patient owes on this account`;
    throw badRequest(message, { amountCents: message });
  }
  const row = allAccounts(ctx).find((a) => a.id === account.id)!;
  const id = ctx.newId();
  const payment: PaymentRow = {
    id, receiptNumber: nextReceipt(ctx), amountCents: input.amountCents, method: input.method, date: input.date, reversesId: null,
    receivedBy: myName(ctx), createdAt: ctx.nowIso(),
  };
  ctx.overlay.put<AccountRow>('accounts', { ...row, payments: [...row.payments, payment] });
  return paymentIn(accountOf(ctx, account.id), id);
}

const nextReceipt = (ctx: DemoContext): number => nextNumber(allAccounts(ctx).flatMap((a) => a.payments.map((p) => p.receiptNumber)));

function reversePayment(ctx: DemoContext, paymentId: string): TAccountPayment {
  const row = allAccounts(ctx).find((a) => a.payments.some((p) => p.id === paymentId));
  const payment = row?.payments.find((p) => p.id === paymentId);
  if (!row || !payment) throw notFound('Payment');
  if (payment.reversesId) throw conflict('A reversal cannot itself be reversed');
  accountOf(ctx, row.id);
  if (row.payments.some((p) => p.reversesId === payment.id)) throw conflict(`Receipt ${payment.receiptNumber} was already reversed`);
  const id = ctx.newId();
  // A negative row with its own receipt number, dated today: the payment itself is never edited.
  const reversal: PaymentRow = {
    id, receiptNumber: nextReceipt(ctx), amountCents: -payment.amountCents, method: payment.method, date: dayKey(), reversesId: payment.id,
    receivedBy: myName(ctx), createdAt: ctx.nowIso(),
  };
  ctx.overlay.put<AccountRow>('accounts', { ...row, payments: [...row.payments, reversal] });
  return paymentIn(accountOf(ctx, row.id), id);
}

// ---- statements ------------------------------------------------------------------------------------

/** The age analysis by the server's rule (ageingOf over each account's balance input). */
function ageingOfViews(views: TAccountView[], asOf: string) {
  return ageingOf(views.map((v) => balanceInputOf(v)), asOf);
}

function statementOf(ctx: DemoContext, holderId: string, views: TAccountView[]): TStatement {
  const asOf = dayKey();
  const holder = findPerson(ctx, holderId);
  if (!holder) throw notFound('Person');
  const settings = practiceProcedures['practice.settings'].run(ctx, undefined);
  const cover = ctx.overlay.rows<{ id: string; scheme: string | null; membershipNumber: string | null }>('cover').find((r) => r.id === holderId);
  const { total, ...ageing } = ageingOfViews(views, asOf);
  return {
    asOf,
    practice: { name: homeOrganization(ctx).name, practiceNumber: settings.practiceNumber, vatNumber: settings.vatNumber, bankDetails: settings.bankDetails },
    holder: {
      personId: holder.id, name: holder.fullName, address: holder.address,
      scheme: cover?.scheme ?? holder.medicalAid?.scheme ?? null, membershipNumber: cover?.membershipNumber ?? holder.medicalAid?.number ?? null,
    },
    accounts: views.map((v) => ({
      id: v.id, number: v.number, accountDate: v.accountDate, payer: v.payer, patientName: v.personName, dependantCode: v.cover?.dependantCode ?? null,
      totalCents: v.totalCents, schemePaidCents: v.schemePaidCents, writtenOffCents: v.writtenOffCents, patientPaidCents: v.patientPaidCents,
      balanceCents: v.balanceCents,
      lines: v.lines.map((l) => ({
        id: l.id, serviceDate: l.serviceDate, code: l.code, codeList: l.codeList, description: l.description, quantity: l.quantity, icd10Codes: l.icd10Codes,
        amountCents: l.amountCents, status: l.status, schemePaidCents: l.schemePaidCents, shortfall: l.shortfall,
      })),
      payments: v.payments.map(({ id, receiptNumber, amountCents, method, date, reversesId }) => ({ id, receiptNumber, amountCents, method, date, reversesId })),
    })),
    ageing,
    balanceCents: total,
  };
}

const byDateThenNumber = (a: AccountRow, b: AccountRow) => a.accountDate.localeCompare(b.accountDate) || a.number - b.number;

/** The accounts on cases the visitor may read (a restricted case's only with need to know). */
function readableAccounts(ctx: DemoContext): AccountRow[] {
  const readable = new Set(readableCases(ctx).map((c) => c.id));
  return allAccounts(ctx).filter((a) => readable.has(a.caseId));
}

function agedDebtors(ctx: DemoContext, input: TAgedDebtorsInput): TAgedDebtors {
  const views = viewsOf(ctx, readableAccounts(ctx).sort((a, b) => a.number - b.number));
  const names = new Map(views.map((v) => [v.holderId ?? `case:${v.caseId}`, v.holderName ?? v.personName]));
  const all = debtorRowsOf(views.map((v) => ({ caseId: v.caseId, holderId: v.holderId, sums: sumsOfView(v) })), dayKey());
  return agedDebtorsReport(all, dayKey(), input.format === 'csv' ? null : input.limit, (row) => names.get(row.holderId ?? `case:${row.caseId}`) ?? '');
}

/** A Patient's own statement: their own cases' accounts and, as main member, their dependants'; null when none. */
function ownStatement(ctx: DemoContext): TStatement | null {
  const mine = allCases(ctx).filter((c) => c.patientUserId === ctx.identity.userId);
  // The visitor is the patient of the portal's case, whatever record they came in with.
  const self = livePeople(ctx).find((p) => p.userId === ctx.identity.userId) ?? livePeople(ctx).find((p) => mine.some((c) => c.personId === p.id));
  if (!self) return null;
  const caseIds = new Set(mine.map((c) => c.id));
  const rows = allAccounts(ctx).filter((a) => caseIds.has(a.caseId) || a.holderId === self.id).sort(byDateThenNumber);
  if (rows.length === 0) return null;
  return statementOf(ctx, self.id, viewsOf(ctx, rows));
}

// ---- procedures ------------------------------------------------------------------------------------

export const medicalAccountsProcedures = {
  'accounts.create': procedure({ input: ZCreateAccountRequest, capability: 'accounts.manage', feature, run: createAccount }),
  'accounts.get': procedure({ input: ZId, capability: 'accounts.manage', feature, run: (ctx, input) => accountOf(ctx, input.id) }),
  'accounts.list': procedure({
    input: ZAccountListInput,
    capability: 'accounts.manage',
    feature,
    run(ctx, input) {
      const rows = readableAccounts(ctx)
        .filter((a) => !input.caseId || a.caseId === input.caseId)
        .sort((a, b) => b.number - a.number);
      const summaries = viewsOf(ctx, rows).map(summaryOfView);
      return { items: (input.stage ? summaries.filter((s) => s.stage === input.stage) : summaries).slice(0, input.limit) };
    },
  }),
  'accounts.validation': procedure({ input: ZId, capability: 'accounts.manage', feature, run: (ctx, input) => problemsOf(ctx, accountOf(ctx, input.id)) }),

  'claims.create': procedure({ input: ZCreateClaimRequest, capability: 'accounts.manage', feature, run: (ctx, input) => submitClaim(ctx, input.accountIds) }),
  'claims.get': procedure({ input: ZId, capability: 'accounts.manage', feature, run: (ctx, input) => claimOf(ctx, input.id).view }),
  'claims.list': procedure({
    input: z.object({}).optional(),
    capability: 'accounts.manage',
    feature,
    run(ctx) {
      const lines = allAccounts(ctx).flatMap((a) => a.lines);
      const items = allClaims(ctx)
        .sort((a, b) => b.number - a.number)
        .slice(0, 200)
        .map(({ batch: _batch, ...claim }) => {
          const ofClaim = lines.filter((l) => l.claimId === claim.id);
          return { ...claim, totalCents: ofClaim.reduce((sum, l) => sum + l.amountCents, 0), lineCount: ofClaim.length };
        });
      return { items };
    },
  }),
  'claims.export': procedure({
    input: ZId,
    capability: 'accounts.manage',
    feature,
    run(ctx, input) {
      const { row } = claimOf(ctx, input.id);
      if (row.batch) return row.batch;
      // The fixture claim: its batch as it was sent (every line of the account, then in draft).
      const claimed = viewsOf(ctx, allAccounts(ctx).filter((a) => a.lines.some((l) => l.claimId === row.id)))
        .map((account) => ({ account, lines: account.lines.filter((l) => l.claimId === row.id) }));
      return batchOf(ctx, row.number, row.scheme, claimed, row.submittedAt);
    },
  }),
  'claims.reverseLine': procedure({
    input: ZReverseLineInput,
    capability: 'accounts.manage',
    feature,
    run: (ctx, input) => reverseLine(ctx, input.id, input.reason),
  }),

  'remittances.capture': procedure({ input: ZRemittanceInput, capability: 'accounts.manage', feature, run: captureRemittance }),
  'remittances.import': procedure({
    input: ZRemittanceImportInput,
    capability: 'accounts.manage',
    feature,
    run(ctx, input) {
      const rows = parseRemittanceCsv(input.csv);
      // The rows name the account number and the line's position as printed on the account.
      const idOf = new Map(allAccounts(ctx).flatMap((a) => a.lines.map((l) => [`${a.number}/${l.position}`, l.id] as const)));
      const unknown = rows.find((r) => !idOf.has(`${r.accountNumber}/${r.position}`));
      if (unknown) {
        const message = `Account ${unknown.accountNumber} has no line ${unknown.position}`;
        throw badRequest(message, { csv: message });
      }
      return captureRemittance(ctx, {
        scheme: input.scheme, date: input.date, reference: input.reference,
        lines: rows.map(({ accountNumber, position, ...paid }) => ({ accountLineId: idOf.get(`${accountNumber}/${position}`)!, ...paid })),
      });
    },
  }),
  'remittances.list': procedure({
    input: z.object({}).optional(),
    capability: 'accounts.manage',
    feature,
    run(ctx) {
      const items = allRemittances(ctx)
        .sort((a, b) => b.date.localeCompare(a.date) || b.capturedAt.localeCompare(a.capturedAt))
        .slice(0, 200)
        .map(({ lines, ...r }) => ({ ...r, lineCount: lines.length }));
      return { items };
    },
  }),
  'remittances.get': procedure({
    input: ZId,
    capability: 'accounts.manage',
    feature,
    run(ctx, input) {
      const row = allRemittances(ctx).find((r) => r.id === input.id);
      if (!row) throw notFound('Remittance');
      return remittanceViewOf(ctx, row);
    },
  }),
  'remittances.shortfall': procedure({
    input: ZShortfallRequest,
    capability: 'accounts.manage',
    feature,
    run: (ctx, input) => decideShortfall(ctx, input.id, input.action),
  }),

  'payments.record': procedure({ input: ZPaymentRequest, capability: 'accounts.manage', feature, run: recordPayment }),
  'payments.reverse': procedure({ input: ZReversePaymentInput, capability: 'accounts.manage', feature, run: (ctx, input) => reversePayment(ctx, input.id) }),

  'statements.forPerson': procedure({
    input: ZPersonIdInput,
    capability: 'accounts.manage',
    feature,
    run(ctx, input) {
      if (!findPerson(ctx, input.id)) throw notFound('Person');
      const holderId = holderOf(ctx, input.id);
      return statementOf(ctx, holderId, viewsOf(ctx, readableAccounts(ctx).filter((a) => a.holderId === holderId).sort(byDateThenNumber)));
    },
  }),
  // ?format=csv is the REST adapter's; a tRPC call is answered as JSON.
  'statements.agedDebtors': procedure({
    input: ZAgedDebtorsInput,
    capability: 'accounts.manage',
    feature,
    run: agedDebtors,
  }),
  'statements.own': procedure({ input: z.object({}).optional(), capability: 'patientPortal.view', feature, run: ownStatement }),
} satisfies Partial<DemoProcedures>;
