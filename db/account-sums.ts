import { type Kysely, sql } from 'kysely';
import type { TAccountSums } from '../src/shared/money/account-sums';
import { balanceOfSums, stageOf } from '../src/shared/money/account-sums';
import type { TPayer } from '../src/shared/domain/medical-accounts';
import type { DB } from './schema';

// Each medical account's sums, stored (issue 33, migration 0030): what the account list, its stage
// tabs and the aged-debtors report read, so none of them adds up tens of thousands of accounts' lines
// per request (a stage tab took 0.5 s and the report 0.7 s at 50 000 accounts). The stored row is
// never adjusted by a delta: every write that changes an account's lines, remittances, shortfalls or
// payments calls refreshAccountSums inside its transaction, which recomputes the row from the ledgers
// (computeAccountSums), and the balance and stage come from the shared rules (money/account-sums.ts).
// A test walks every account and holds the stored row equal to a fresh computation. The seed, the
// bench and the tests' factories, which write accounts straight to the tables, refresh too.

type TSumsOnly = Omit<TAccountSums, 'payer' | 'accountDate'>;
const NO_SUMS: TSumsOnly = { liveCents: 0, schemePaidCents: 0, writtenOffCents: 0, toPatientCents: 0, patientPaidCents: 0, lineCount: 0, draftLines: 0, awaitingDecision: 0 };
/** A database takes a bounded number of parameters per statement. */
const CHUNK = 500;

async function lineSumsOf(db: Kysely<DB>, organizationId: string, accountIds: string[]) {
  return db
    .selectFrom('account_lines as l')
    .leftJoin('remittance_lines as rl', 'rl.account_line_id', 'l.id')
    .leftJoin('line_shortfalls as s', 's.account_line_id', 'l.id')
    .select((eb) => [
      'l.account_id',
      eb.fn.sum<number>('l.amount_cents').as('live_cents'),
      sql<number>`sum(coalesce(rl.paid_cents, 0))`.as('scheme_paid_cents'),
      sql<number>`sum(case when s.action = 'write-off' then s.amount_cents else 0 end)`.as('written_off_cents'),
      sql<number>`sum(case when s.action = 'patient' then s.amount_cents else 0 end)`.as('to_patient_cents'),
      eb.fn.countAll<number>().as('line_count'),
      sql<number>`sum(case when l.status = 'draft' then 1 else 0 end)`.as('draft_lines'),
      sql<number>`sum(case when l.status in ('rejected', 'short-paid') and s.account_line_id is null then 1 else 0 end)`.as('awaiting_decision'),
    ])
    .where('l.organization_id', '=', organizationId)
    .where('l.account_id', 'in', accountIds)
    .where('l.status', '<>', 'reversed')
    .groupBy('l.account_id')
    .execute();
}

async function paymentSumsOf(db: Kysely<DB>, organizationId: string, accountIds: string[]) {
  return db
    .selectFrom('account_payments as ap')
    .select((eb) => ['ap.account_id', eb.fn.sum<number>('ap.amount_cents').as('paid_cents')])
    .where('ap.organization_id', '=', organizationId)
    .where('ap.account_id', 'in', accountIds)
    .groupBy('ap.account_id')
    .execute();
}

/** The sums of the given accounts, added up from their lines, remittances, shortfalls and payments now. */
export async function computeAccountSums(
  db: Kysely<DB>,
  organizationId: string,
  accounts: { id: string; payer: TPayer; account_date: string }[],
): Promise<Map<string, TAccountSums>> {
  const sums = new Map<string, TSumsOnly>();
  for (let i = 0; i < accounts.length; i += CHUNK) {
    const ids = accounts.slice(i, i + CHUNK).map((a) => a.id);
    const [lines, payments] = await Promise.all([lineSumsOf(db, organizationId, ids), paymentSumsOf(db, organizationId, ids)]);
    for (const row of lines) {
      sums.set(row.account_id, {
        ...NO_SUMS,
        liveCents: Number(row.live_cents),
        schemePaidCents: Number(row.scheme_paid_cents),
        writtenOffCents: Number(row.written_off_cents),
        toPatientCents: Number(row.to_patient_cents),
        lineCount: Number(row.line_count),
        draftLines: Number(row.draft_lines),
        awaitingDecision: Number(row.awaiting_decision),
      });
    }
    for (const row of payments) sums.set(row.account_id, { ...(sums.get(row.account_id) ?? NO_SUMS), patientPaidCents: Number(row.paid_cents) });
  }
  return new Map(accounts.map((a) => [a.id, { payer: a.payer, accountDate: a.account_date, ...(sums.get(a.id) ?? NO_SUMS) }]));
}

/**
 * Recomputes and stores the sums of the given accounts (of one organisation), and moves the
 * organisation's sums version on. Call it in the transaction that changed them: the version's row
 * lock then orders it with the organisation's other money writes, and a report cached at the old
 * version (statements/aged-debtors-cache.ts) is read afresh after the commit.
 */
export async function refreshAccountSums(db: Kysely<DB>, organizationId: string, accountIds: readonly string[]): Promise<void> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  await db
    .insertInto('account_sums_versions')
    .values({ organization_id: organizationId, version: 1 })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet((eb) => ({ version: eb('account_sums_versions.version', '+', 1) })))
    .execute();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const heads = await db
      .selectFrom('accounts')
      .select(['id', 'case_id', 'number', 'holder_id', 'payer', 'account_date'])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    if (heads.length === 0) continue;
    const sums = await computeAccountSums(db, organizationId, heads);
    const rows = heads.map((h) => {
      const s = sums.get(h.id)!;
      return {
        account_id: h.id, organization_id: organizationId, case_id: h.case_id, number: Number(h.number), holder_id: h.holder_id, payer: h.payer, account_date: h.account_date,
        live_cents: s.liveCents, scheme_paid_cents: s.schemePaidCents, written_off_cents: s.writtenOffCents, to_patient_cents: s.toPatientCents,
        patient_paid_cents: s.patientPaidCents, line_count: s.lineCount, draft_lines: s.draftLines, awaiting_decision: s.awaitingDecision,
        balance_cents: balanceOfSums(s), stage: stageOf(s),
      };
    });
    await db
      .insertInto('account_sums')
      .values(rows)
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          live_cents: eb.ref('excluded.live_cents'), scheme_paid_cents: eb.ref('excluded.scheme_paid_cents'), written_off_cents: eb.ref('excluded.written_off_cents'),
          to_patient_cents: eb.ref('excluded.to_patient_cents'), patient_paid_cents: eb.ref('excluded.patient_paid_cents'), line_count: eb.ref('excluded.line_count'),
          draft_lines: eb.ref('excluded.draft_lines'), awaiting_decision: eb.ref('excluded.awaiting_decision'), balance_cents: eb.ref('excluded.balance_cents'),
          stage: eb.ref('excluded.stage'), holder_id: eb.ref('excluded.holder_id'),
        })),
      )
      .execute();
  }
}

/** Every account of the organisation (the seed, the bench's bulk load, migration 0030's backfill). */
export async function refreshAllAccountSums(db: Kysely<DB>, organizationId: string): Promise<void> {
  const ids = await db.selectFrom('accounts').select('id').where('organization_id', '=', organizationId).execute();
  await refreshAccountSums(db, organizationId, ids.map((r) => r.id));
}

/** The organisation's sums version (0 before its first account). */
export async function accountSumsVersion(db: Kysely<DB>, organizationId: string): Promise<number> {
  const row = await db.selectFrom('account_sums_versions').select('version').where('organization_id', '=', organizationId).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** The stored sums as the shared rules read them. */
export function sumsOfRow(row: {
  payer: string; account_date: string; live_cents: number | string; scheme_paid_cents: number | string; written_off_cents: number | string; to_patient_cents: number | string;
  patient_paid_cents: number | string; line_count: number; draft_lines: number; awaiting_decision: number;
}): TAccountSums {
  return {
    payer: row.payer as TPayer,
    accountDate: row.account_date,
    liveCents: Number(row.live_cents),
    schemePaidCents: Number(row.scheme_paid_cents),
    writtenOffCents: Number(row.written_off_cents),
    toPatientCents: Number(row.to_patient_cents),
    patientPaidCents: Number(row.patient_paid_cents),
    lineCount: Number(row.line_count),
    draftLines: Number(row.draft_lines),
    awaitingDecision: Number(row.awaiting_decision),
  };
}
