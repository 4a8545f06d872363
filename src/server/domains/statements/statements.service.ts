import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { dayKey } from '../../../shared/calendar';
import type { TAccountView, TAgedDebtors, TAgedDebtorsInput, TStatement } from '../../../shared/domain/account-wire';
import { ZBankDetails } from '../../../shared/domain/medical-accounts';
import { csvLine } from '../../../shared/csv';
import { randsText } from '../../../shared/domain/billing';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { ageingOf, balanceInputOf } from '../../../shared/money/account-balance';
import { type TDebtorRow, type TDebtorRows, agedDebtorsReport, debtorRowsOf } from '../../../shared/money/aged-debtors';
import { accountViewsOf, selectAccounts } from '../accounts/account-read';
import { accountSumsVersion, sumsOfRow } from '../../../../db/account-sums';
import { readsEveryCase } from '../cases/case-access';
import { keepDebtorRows, keptDebtorRows } from './aged-debtors-cache';
import { caseFileReadable } from '../cases/case-visibility';
import { coverHolderOf } from '../cover/cover.service';

// Statements and the aged-debtors report (issue 33, decision 0061). A statement goes to the account
// holder — the main member — and lists every account of the family (each dependant's lines with
// their ICD-10 and tariff codes, what the scheme paid, payments) with the balance and its age
// analysis. The aged-debtors report sums the same ageing per holder over the organisation, with the
// same function (money/account-balance.ts ageingOf), so its totals are the sum of the statements.
// Staff read the accounts of cases they may read; a Patient reads their own statement in the portal.

export async function practiceOf(db: Kysely<DB>, organizationId: string): Promise<TStatement['practice']> {
  const [org, settings] = await Promise.all([
    db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow(),
    db.selectFrom('billing_settings').select(['practice_number', 'vat_number', 'bank_details']).where('organization_id', '=', organizationId).executeTakeFirst(),
  ]);
  const bank = settings?.bank_details ? ZBankDetails.safeParse(JSON.parse(settings.bank_details)) : null;
  return { name: org.name, practiceNumber: settings?.practice_number ?? null, vatNumber: settings?.vat_number ?? null, bankDetails: bank?.success ? bank.data : null };
}

function statementAccount(view: TAccountView): TStatement['accounts'][number] {
  return {
    id: view.id, number: view.number, accountDate: view.accountDate, payer: view.payer, patientName: view.personName, dependantCode: view.cover?.dependantCode ?? null,
    totalCents: view.totalCents, schemePaidCents: view.schemePaidCents, writtenOffCents: view.writtenOffCents, patientPaidCents: view.patientPaidCents, balanceCents: view.balanceCents,
    lines: view.lines.map((l) => ({ id: l.id, serviceDate: l.serviceDate, code: l.code, codeList: l.codeList, description: l.description, quantity: l.quantity, icd10Codes: l.icd10Codes, amountCents: l.amountCents, status: l.status, schemePaidCents: l.schemePaidCents, shortfall: l.shortfall })),
    payments: view.payments.map((p) => ({ id: p.id, receiptNumber: p.receiptNumber, amountCents: p.amountCents, method: p.method, date: p.date, reversesId: p.reversesId })),
  };
}

async function buildStatement(db: Kysely<DB>, organizationId: string, holderId: string, views: TAccountView[]): Promise<TStatement> {
  const asOf = dayKey();
  const [practice, holder, cover] = await Promise.all([
    practiceOf(db, organizationId),
    db.selectFrom('people').select(['id', 'full_name', 'address', 'medical_aid_scheme', 'medical_aid_number']).where('organization_id', '=', organizationId).where('id', '=', holderId).executeTakeFirst(),
    db.selectFrom('person_cover').select(['scheme', 'membership_number']).where('person_id', '=', holderId).executeTakeFirst(),
  ]);
  if (!holder) throw new AppError('NOT_FOUND', 'Person not found');
  const { total, ...ageing } = ageingOf(views.map(balanceInputOf), asOf);
  return {
    asOf,
    practice,
    holder: { personId: holder.id, name: holder.full_name, address: holder.address, scheme: cover?.scheme ?? holder.medical_aid_scheme, membershipNumber: cover?.membership_number ?? holder.medical_aid_number },
    accounts: views.map(statementAccount),
    ageing,
    balanceCents: total,
  };
}

/** The statement of a person's account holder (their main member, or themself): the family's accounts the caller may read. */
export async function getStatement(db: Kysely<DB>, actor: TenantActor, personId: string): Promise<TStatement> {
  const person = await db.selectFrom('people').select('id').where('organization_id', '=', actor.organizationId).where('id', '=', personId).executeTakeFirst();
  if (!person) throw new AppError('NOT_FOUND', 'Person not found');
  const holderId = await coverHolderOf(db, actor.organizationId, personId);
  const rows = await selectAccounts(db, actor.organizationId).where('a.holder_id', '=', holderId).where(caseFileReadable(actor, 'a.case_id')).orderBy('a.account_date').orderBy('a.number').execute();
  return buildStatement(db, actor.organizationId, holderId, await accountViewsOf(db, actor.organizationId, rows));
}

/**
 * A Patient's own statement: the accounts of their own cases, and — when they are the main member —
 * of their dependants too (the account holder is the debtor and receives the family's statement).
 */
export async function getOwnStatement(db: Kysely<DB>, actor: TenantActor): Promise<TStatement | null> {
  const self = await db.selectFrom('people').select('id').where('organization_id', '=', actor.organizationId).where('user_id', '=', actor.userId).where('merged_into_id', 'is', null).executeTakeFirst();
  if (!self) return null;
  const rows = await selectAccounts(db, actor.organizationId)
    .where((eb) => eb.or([eb('k.patient_user_id', '=', actor.userId), eb('a.holder_id', '=', self.id)]))
    .orderBy('a.account_date')
    .orderBy('a.number')
    .execute();
  if (rows.length === 0) return null;
  return buildStatement(db, actor.organizationId, self.id, await accountViewsOf(db, actor.organizationId, rows));
}

/**
 * Every holder owing (or in credit) with the ageing of their balance; totals are the sum of all rows.
 * The accounts are read from their stored sums (db/account-sums.ts), never as full views, and names
 * are looked up only for the rows shown: a hospital has tens of thousands of accounts. The CSV has
 * every debtor. Accounts with nothing owing add nothing, so only those owing are read.
 */
export async function agedDebtors(db: Kysely<DB>, actor: TenantActor, input: TAgedDebtorsInput): Promise<TAgedDebtors> {
  const asOf = dayKey();
  const all = await debtorRowsFor(db, actor, asOf);
  const limit = input.format === 'csv' ? null : input.limit;
  const shown = limit === null ? all.rows : all.rows.slice(0, limit);
  const names = await debtorNamesOf(db, actor.organizationId, shown);
  return agedDebtorsReport(all, asOf, limit, (row) => (row.holderId ? names.holders.get(row.holderId) : names.cases.get(row.caseId)) ?? FORMER_PERSON);
}

/** Every debtor's row for the actor: kept figures for those who read every case while the sums version stands. */
async function debtorRowsFor(db: Kysely<DB>, actor: TenantActor, asOf: string): Promise<TDebtorRows> {
  const shared = readsEveryCase(actor);
  // The version before the read: a write committing meanwhile moves it on, so what is read here is kept under the older key at worst.
  const version = shared ? await accountSumsVersion(db, actor.organizationId) : 0;
  const kept = shared ? keptDebtorRows(actor.organizationId, asOf, version) : undefined;
  if (kept) return kept;
  // balance_cents <> 0 as a literal: it is the partial index's own condition (account_sums_owing_idx).
  const owing = await db
    .selectFrom('account_sums as s')
    .select([
      's.case_id', 's.holder_id', 's.payer', 's.account_date', 's.live_cents', 's.scheme_paid_cents', 's.written_off_cents', 's.to_patient_cents', 's.patient_paid_cents',
      's.line_count', 's.draft_lines', 's.awaiting_decision',
    ])
    .where('s.organization_id', '=', actor.organizationId)
    .where(sql<boolean>`s.balance_cents <> 0`)
    .where(caseFileReadable(actor, 's.case_id'))
    .execute();
  const rows = debtorRowsOf(owing.map((r) => ({ caseId: r.case_id, holderId: r.holder_id, sums: sumsOfRow(r) })), asOf);
  if (shared) keepDebtorRows(actor.organizationId, asOf, version, rows);
  return rows;
}

const FORMER_PERSON = 'Unknown person';

/** The names of the debtors shown: a holder by their registry name, a holderless account by its case's patient. */
async function debtorNamesOf(db: Kysely<DB>, organizationId: string, rows: TDebtorRow[]) {
  const holderIds = [...new Set(rows.flatMap((r) => (r.holderId ? [r.holderId] : [])))];
  const caseIds = [...new Set(rows.flatMap((r) => (r.holderId ? [] : [r.caseId])))];
  const holders = new Map<string, string>();
  const cases = new Map<string, string>();
  // In chunks: the CSV names every debtor, and a database takes a bounded number of parameters. By
  // primary key, with the organisation checked on the rows: with "organization_id = ? and id in (…)"
  // SQLite walks the organisation's index (10 000s of people) instead of the 500 keys — 13 s for a
  // CSV of 50 000 debtors. The ids come from this organisation's accounts anyway.
  for (let i = 0; i < holderIds.length; i += 500) {
    const found = await db.selectFrom('people').select(['id', 'full_name', 'organization_id']).where('id', 'in', holderIds.slice(i, i + 500)).execute();
    for (const p of found) if (p.organization_id === organizationId) holders.set(p.id, p.full_name);
  }
  for (let i = 0; i < caseIds.length; i += 500) {
    const found = await db
      .selectFrom('cases as k')
      .leftJoin('people as p', 'p.id', 'k.person_id')
      .select(['k.id', 'k.organization_id', 'k.patient_name', 'p.full_name'])
      .where('k.id', 'in', caseIds.slice(i, i + 500))
      .execute();
    for (const k of found) if (k.organization_id === organizationId) cases.set(k.id, k.full_name ?? k.patient_name);
  }
  return { holders, cases };
}

export const AGED_DEBTORS_CSV_HEADER = ['Account holder', 'Accounts', 'Current', '30 days', '60 days', '90 days', '120+ days', 'Total (ZAR)'] as const;

export function agedDebtorsCsv(report: TAgedDebtors): string {
  const money = (r: { current: number; d30: number; d60: number; d90: number; d120: number }) => [r.current, r.d30, r.d60, r.d90, r.d120].map(randsText);
  return [
    csvLine([...AGED_DEBTORS_CSV_HEADER]),
    ...report.rows.map((r) => csvLine([r.holderName, r.accounts, ...money(r), randsText(r.totalCents)])),
    csvLine(['Total', report.rows.reduce((s, r) => s + r.accounts, 0), ...money(report.totals), randsText(report.totals.totalCents)]),
  ].join('\r\n') + '\r\n';
}
