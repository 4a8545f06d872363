import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TInvestment, TTrustEntry, TTrustLedger } from '../../../shared/domain/trust';
import { fullName } from '../../../shared/format';
import { groupBy } from '../../../shared/group-by';
import type { TenantActor } from '../../auth/actor';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { requireMatterFees } from '../fee-notes/matter-fees-access';

// A matter's trust ledger as the client's trust creditor account reads (s87, rule 54): the trust bank
// ledger with a running balance, and one sub-ledger per investment (s86(3)/(4)), each entry with the
// balance after it. Read from the entries themselves, oldest first (by date, then number).

type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

function entriesOf(db: Kysely<DB>, organizationId: string, caseId: string) {
  return db
    .selectFrom('trust_entries as e')
    .leftJoin('fee_notes as f', 'f.id', 'e.fee_note_id')
    .leftJoin('users as u', 'u.id', 'e.recorded_by')
    .select(['e.id', 'e.number', 'e.account', 'e.investment_id', 'e.kind', 'e.date', 'e.amount_cents', 'e.reference', 'e.counterparty', 'e.fee_note_id', 'e.reverses_id', 'e.created_at'])
    .select(['f.number as fee_note_number', 'u.first_name', 'u.last_name'])
    .where('e.organization_id', '=', organizationId)
    .where('e.case_id', '=', caseId)
    .orderBy('e.date')
    .orderBy('e.number')
    .execute();
}

/** Entries with the running balance of their ledger. */
function withBalances(rows: EntryRow[], reversed: Set<string>): TTrustEntry[] {
  let balance = 0;
  return rows.map((r) => {
    balance += Number(r.amount_cents);
    return {
      id: r.id, number: Number(r.number), date: r.date, kind: r.kind, amountCents: Number(r.amount_cents), balanceCents: balance, reference: r.reference,
      counterparty: r.counterparty, feeNoteId: r.fee_note_id, feeNoteNumber: r.fee_note_number === null ? null : Number(r.fee_note_number),
      reversesId: r.reverses_id, reversed: reversed.has(r.id), recordedBy: fullName(r.first_name, r.last_name), createdAt: r.created_at,
    };
  });
}

const sumOf = (rows: { amount_cents: number | string }[]) => rows.reduce((sum, r) => sum + Number(r.amount_cents), 0);

/** The matter's client as the trust creditor is named: the person the matter is for, else the case's name. */
export async function matterClient(db: Kysely<DB>, organizationId: string, caseId: string): Promise<{ reference: string | null; client: string }> {
  const row = await db
    .selectFrom('cases as k')
    .leftJoin('people as p', (join) => join.onRef('p.id', '=', 'k.person_id').on('p.organization_id', '=', organizationId))
    .select(['k.reference', 'k.patient_name', 'p.full_name'])
    .where('k.organization_id', '=', organizationId)
    .where('k.id', '=', caseId)
    .executeTakeFirstOrThrow();
  return { reference: row.reference, client: row.full_name ?? row.patient_name };
}

export async function trustLedger(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TTrustLedger> {
  await requireBillingFirm(db, actor);
  await requireMatterFees(db, actor, caseId);
  const [rows, investments, named] = await Promise.all([
    entriesOf(db, actor.organizationId, caseId),
    db.selectFrom('trust_investments').selectAll().where('organization_id', '=', actor.organizationId).where('case_id', '=', caseId).orderBy('opened_on').orderBy('created_at').execute(),
    matterClient(db, actor.organizationId, caseId),
  ]);
  const reversed = new Set(rows.flatMap((r) => (r.reverses_id ? [r.reverses_id] : [])));
  const bank = rows.filter((r) => r.account === 'bank');
  const byInvestment = groupBy(
    rows.filter((r) => r.account === 'investment'),
    (r) => r.investment_id ?? '',
  );
  const investmentViews: TInvestment[] = investments.map((i) => {
    const own = byInvestment.get(i.id) ?? [];
    return {
      id: i.id, caseId: i.case_id, section: i.section, institution: i.institution, openedOn: i.opened_on, principalCents: Number(i.principal_cents),
      balanceCents: sumOf(own), interestCents: sumOf(own.filter((r) => r.kind === 'interest')), fundShareCents: -sumOf(own.filter((r) => r.kind === 'fund-share')),
      closedOn: i.closed_on, entries: withBalances(own, reversed),
    };
  });
  const balanceCents = sumOf(bank);
  const investedCents = investmentViews.reduce((sum, i) => sum + i.balanceCents, 0);
  return {
    caseId, caseReference: named.reference, client: named.client, entries: withBalances(bank, reversed), balanceCents, investedCents,
    totalCents: balanceCents + investedCents, investments: investmentViews,
  };
}
