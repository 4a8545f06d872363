import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TAccountLineView, TAccountPayment, TAccountView } from '../../../shared/domain/account-wire';
import type { TCodeList, TLineStatus, TPaymentMethod, TShortfallAction } from '../../../shared/domain/medical-accounts';
import { fullName } from '../../../shared/format';
import { groupBy } from '../../../shared/group-by';
import { balanceInputOf, outstandingCents, patientOwesCents } from '../../../shared/money/account-balance';

// The one read of medical accounts (issue 33): an account with its lines (the charge's codes, what
// the scheme paid, the shortfall decision), its payments and its balances. The account page, the
// list, the statement and the aged-debtors report all read through here, so a balance is computed
// by one rule (money/account-balance.ts) wherever it is shown. Reversed lines are shown but owe
// nothing. Callers decide who may read which accounts (requireCaseAccess / caseFileReadable).

const FORMER = 'Former member';

function selectAccounts(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('accounts as a')
    .innerJoin('cases as k', 'k.id', 'a.case_id')
    .leftJoin('people as p', 'p.id', 'a.person_id')
    .leftJoin('people as h', 'h.id', 'a.holder_id')
    .leftJoin('person_cover as cv', 'cv.person_id', 'a.person_id')
    .leftJoin('users as cb', 'cb.id', 'a.created_by')
    .selectAll('a')
    .select([
      'k.reference as case_reference', 'k.patient_name', 'p.full_name as person_name', 'h.full_name as holder_name',
      'p.medical_aid_scheme as legacy_scheme', 'p.medical_aid_number as legacy_number',
      'cv.kind as cover_kind', 'cv.scheme', 'cv.plan', 'cv.option', 'cv.membership_number', 'cv.dependant_code',
      'cb.first_name as cb_first', 'cb.last_name as cb_last',
    ])
    .where('a.organization_id', '=', organizationId);
}
export type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['executeTakeFirstOrThrow']>>;
export { selectAccounts };

async function linesOf(db: Kysely<DB>, organizationId: string, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('account_lines as l')
    .innerJoin('charges as c', 'c.id', 'l.charge_id')
    .leftJoin('users as tp', 'tp.id', 'c.treating_practitioner_id')
    .leftJoin('remittance_lines as rl', 'rl.account_line_id', 'l.id')
    .leftJoin('line_shortfalls as s', 's.account_line_id', 'l.id')
    .select([
      'l.id', 'l.account_id', 'l.charge_id', 'l.position', 'l.amount_cents', 'l.vat_cents', 'l.status', 'l.status_reason', 'l.claim_id',
      'c.service_date', 'c.code_list', 'c.code', 'c.description', 'c.quantity', 'c.icd10_codes', 'c.modifier', 'c.authorisation_number', 'c.pmb',
      'c.treating_practitioner_id', 'tp.first_name as tp_first', 'tp.last_name as tp_last',
      'rl.paid_cents', 's.action as shortfall_action', 's.amount_cents as shortfall_cents',
    ])
    .where('l.organization_id', '=', organizationId)
    .where('l.account_id', 'in', accountIds)
    .orderBy('l.account_id')
    .orderBy('l.position')
    .execute();
}

async function paymentsOf(db: Kysely<DB>, organizationId: string, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('account_payments as ap')
    .leftJoin('users as rb', 'rb.id', 'ap.received_by')
    .selectAll('ap')
    .select(['rb.first_name as rb_first', 'rb.last_name as rb_last'])
    .where('ap.organization_id', '=', organizationId)
    .where('ap.account_id', 'in', accountIds)
    .orderBy('ap.receipt_number')
    .execute();
}

function toLine(row: Awaited<ReturnType<typeof linesOf>>[number]): TAccountLineView {
  return {
    id: row.id,
    chargeId: row.charge_id,
    position: Number(row.position),
    serviceDate: row.service_date,
    codeList: row.code_list as TCodeList,
    code: row.code,
    description: row.description,
    quantity: Number(row.quantity),
    icd10Codes: JSON.parse(row.icd10_codes) as string[],
    modifier: row.modifier,
    authorisationNumber: row.authorisation_number,
    pmb: Number(row.pmb) === 1,
    treatingPractitioner: row.treating_practitioner_id ? (fullName(row.tp_first, row.tp_last) ?? FORMER) : null,
    amountCents: Number(row.amount_cents),
    vatCents: Number(row.vat_cents),
    status: row.status as TLineStatus,
    statusReason: row.status_reason,
    claimId: row.claim_id,
    schemePaidCents: row.paid_cents === null ? 0 : Number(row.paid_cents),
    shortfall: row.shortfall_action ? { action: row.shortfall_action as TShortfallAction, amountCents: Number(row.shortfall_cents) } : null,
  };
}

function toPayment(row: Awaited<ReturnType<typeof paymentsOf>>[number], reversedBy: Map<string, string>): TAccountPayment {
  return {
    id: row.id,
    accountId: row.account_id,
    receiptNumber: Number(row.receipt_number),
    amountCents: Number(row.amount_cents),
    method: row.method as TPaymentMethod,
    date: row.date,
    reversesId: row.reverses_id,
    reversedById: reversedBy.get(row.id) ?? null,
    receivedBy: row.received_by ? (fullName(row.rb_first, row.rb_last) ?? FORMER) : null,
    createdAt: row.created_at,
  };
}

/** Full views of the given account rows, in the rows' order. */
export async function accountViewsOf(db: Kysely<DB>, organizationId: string, rows: AccountRow[]): Promise<TAccountView[]> {
  const ids = rows.map((r) => r.id);
  const [lines, payments] = await Promise.all([linesOf(db, organizationId, ids), paymentsOf(db, organizationId, ids)]);
  const reversedBy = new Map(payments.filter((p) => p.reverses_id).map((p) => [p.reverses_id!, p.id]));
  const linesByAccount = groupBy(lines, (l) => l.account_id);
  const paymentsByAccount = groupBy(payments, (p) => p.account_id);
  return rows.map((row) => {
    const accountLines = (linesByAccount.get(row.id) ?? []).map(toLine);
    const accountPayments = (paymentsByAccount.get(row.id) ?? []).map((p) => toPayment(p, reversedBy));
    const input = balanceInputOf({ accountDate: row.account_date, payer: row.payer, lines: accountLines, payments: accountPayments });
    const live = input.lines;
    const patientPaid = accountPayments.reduce((sum, p) => sum + p.amountCents, 0);
    const hasCover = row.cover_kind !== null || row.legacy_scheme !== null;
    return {
      id: row.id,
      number: Number(row.number),
      caseId: row.case_id,
      caseReference: row.case_reference,
      payer: row.payer,
      accountDate: row.account_date,
      personId: row.person_id,
      personName: row.person_name ?? row.patient_name,
      holderId: row.holder_id,
      holderName: row.holder_name,
      cover: hasCover
        ? row.cover_kind !== null
          ? { kind: row.cover_kind, scheme: row.scheme, plan: row.plan, option: row.option, membershipNumber: row.membership_number, dependantCode: row.dependant_code }
          : { kind: 'medical-aid', scheme: row.legacy_scheme, plan: null, option: null, membershipNumber: row.legacy_number, dependantCode: null }
        : null,
      totalCents: Number(row.total_cents),
      vatCents: Number(row.vat_cents),
      schemePaidCents: live.reduce((sum, l) => sum + l.schemePaidCents, 0),
      writtenOffCents: live.reduce((sum, l) => sum + (l.shortfall?.action === 'write-off' ? l.shortfall.amountCents : 0), 0),
      patientDueCents: patientOwesCents({ ...input, patientPaymentsCents: [] }),
      patientPaidCents: patientPaid,
      balanceCents: outstandingCents(input),
      createdBy: row.created_by ? (fullName(row.cb_first, row.cb_last) ?? FORMER) : null,
      createdAt: row.created_at,
      lines: accountLines,
      payments: accountPayments,
    };
  });
}

/** The treating practitioner's BHF number of each charge (null without one), as a claim and the account PDF carry it. */
export async function practitionerNumbersOf(db: Kysely<DB>, organizationId: string, chargeIds: string[]): Promise<Map<string, string | null>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('charges as c')
    .leftJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'c.treating_practitioner_id').on('m.organization_id', '=', organizationId))
    .select(['c.id', 'm.practitioner_number'])
    .where('c.organization_id', '=', organizationId)
    .where('c.id', 'in', chargeIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.practitioner_number ?? null]));
}
