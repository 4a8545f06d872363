import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import { type TReconciliation, type TReconciliationRequest, monthEnd } from '../../../shared/domain/trust';
import { formatZar, fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { lockTrustBooks } from './trust-books';

// The monthly trust reconciliation (issue 34, decision 0065; rule 54.15.1, 54.14.8–9): the list of
// trust creditors — every client with money held at the month's end, by name, with the total —
// against the trust bank balance from the bank's statement (entered by Finance) and the trust
// investments. A difference must be explained in the notes before the month is signed off; a
// signed-off month is closed: no entry may be dated in it, or before it (trust-books.ts).

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function assertNotFuture(month: string): void {
  if (month > dayKey().slice(0, 7)) throw new AppError('BAD_REQUEST', 'That month has not begun', { month: 'Choose this month or an earlier one' });
}

/** The trust creditors and balances at the end of `month`, and what was entered and signed for it. */
export async function getReconciliation(db: Kysely<DB>, actor: TenantActor, month: string): Promise<TReconciliation> {
  await requireBillingFirm(db, actor);
  assertNotFuture(month);
  const asAt = monthEnd(month);
  const [sums, saved] = await Promise.all([
    db
      .selectFrom('trust_entries as e')
      .innerJoin('cases as k', 'k.id', 'e.case_id')
      .leftJoin('people as p', (join) => join.onRef('p.id', '=', 'k.person_id').on('p.organization_id', '=', actor.organizationId))
      .select(['e.case_id', 'e.account', 'k.reference', 'k.patient_name', 'p.full_name'])
      .select((eb) => eb.fn.sum<number | string>('e.amount_cents').as('cents'))
      .where('e.organization_id', '=', actor.organizationId)
      .where('e.date', '<=', asAt)
      .groupBy(['e.case_id', 'e.account', 'k.reference', 'k.patient_name', 'p.full_name'])
      .execute(),
    db
      .selectFrom('trust_reconciliations as r')
      .leftJoin('users as u', 'u.id', 'r.signed_off_by')
      .select(['r.bank_balance_cents', 'r.notes', 'r.signed_off_at', 'r.updated_at', 'u.first_name', 'u.last_name'])
      .where('r.organization_id', '=', actor.organizationId)
      .where('r.month', '=', month)
      .executeTakeFirst(),
  ]);
  const byCase = new Map<string, TReconciliation['creditors'][number]>();
  for (const s of sums) {
    const row = byCase.get(s.case_id) ?? { caseId: s.case_id, caseReference: s.reference, client: s.full_name ?? s.patient_name, trustBankCents: 0, investedCents: 0, balanceCents: 0 };
    if (s.account === 'bank') row.trustBankCents += Number(s.cents);
    else row.investedCents += Number(s.cents);
    row.balanceCents = row.trustBankCents + row.investedCents;
    byCase.set(s.case_id, row);
  }
  const creditors = [...byCase.values()].filter((c) => c.trustBankCents !== 0 || c.investedCents !== 0).sort((a, b) => a.client.localeCompare(b.client) || a.caseId.localeCompare(b.caseId));
  const creditorsTotalCents = creditors.reduce((sum, c) => sum + c.balanceCents, 0);
  const ledgerBankCents = creditors.reduce((sum, c) => sum + c.trustBankCents, 0);
  const investmentsCents = creditors.reduce((sum, c) => sum + c.investedCents, 0);
  const bankBalanceCents = saved ? Number(saved.bank_balance_cents) : null;
  return {
    month, asAt, creditors, creditorsTotalCents, ledgerBankCents, bankBalanceCents, investmentsCents,
    differenceCents: bankBalanceCents === null ? null : bankBalanceCents + investmentsCents - creditorsTotalCents,
    notes: saved?.notes ?? null,
    debitBalances: creditors.filter((c) => c.trustBankCents < 0 || c.investedCents < 0).length,
    signedOff: Boolean(saved?.signed_off_at), signedOffBy: saved?.signed_off_at ? fullName(saved.first_name, saved.last_name) : null, signedOffAt: saved?.signed_off_at ?? null,
    updatedAt: saved?.updated_at ?? null,
  };
}

/** Records the bank statement's balance at the month's end (and notes explaining a difference); not once signed off. */
export async function saveReconciliation(db: Kysely<DB>, actor: TenantActor, input: TReconciliationRequest): Promise<TReconciliation> {
  await requireBillingFirm(db, actor);
  assertNotFuture(input.month);
  await db.transaction().execute(async (trx) => {
    await lockTrustBooks(trx, actor.organizationId);
    const saved = await trx.selectFrom('trust_reconciliations').select('signed_off_at').where('organization_id', '=', actor.organizationId).where('month', '=', input.month).executeTakeFirst();
    if (saved?.signed_off_at) throw new AppError('CONFLICT', `${monthName(input.month)} was signed off: its reconciliation is final`);
    const values = { bank_balance_cents: input.bankBalanceCents, notes: input.notes || null, updated_by: actor.userId, updated_at: nowIso() };
    await trx
      .insertInto('trust_reconciliations')
      .values({ organization_id: actor.organizationId, month: input.month, signed_off_by: null, signed_off_at: null, ...values })
      .onConflict((oc) => oc.columns(['organization_id', 'month']).doUpdateSet(values))
      .execute();
  });
  return getReconciliation(db, actor, input.month);
}

/** Signs the month off (closing it), refused while the bank balance is missing, the month runs, or a difference is unexplained. */
export async function signOffReconciliation(db: Kysely<DB>, actor: TenantActor, month: string): Promise<TReconciliation> {
  await requireBillingFirm(db, actor);
  assertNotFuture(month);
  if (monthEnd(month) >= dayKey()) throw new AppError('CONFLICT', `${monthName(month)} has not ended: sign it off from the first day of the next month`);
  await db.transaction().execute(async (trx) => {
    await lockTrustBooks(trx, actor.organizationId);
    const reconciliation = await getReconciliation(trx, actor, month);
    if (reconciliation.signedOff) throw new AppError('CONFLICT', `${monthName(month)} was already signed off`);
    if (reconciliation.differenceCents === null) throw new AppError('CONFLICT', "Enter the trust bank balance from the bank's statement first", { bankBalanceCents: 'Required before sign-off' });
    if (reconciliation.debitBalances > 0) throw new AppError('CONFLICT', `${reconciliation.debitBalances} trust creditor(s) in debit (rule 54.14.9): correct the ledgers first`);
    if (reconciliation.differenceCents !== 0 && !reconciliation.notes) {
      const message = `The difference of ${formatZar(reconciliation.differenceCents)} must be explained in the notes before the month is signed off`;
      throw new AppError('CONFLICT', message, { notes: message });
    }
    await trx.updateTable('trust_reconciliations').set({ signed_off_by: actor.userId, signed_off_at: nowIso() }).where('organization_id', '=', actor.organizationId).where('month', '=', month).execute();
  });
  return getReconciliation(db, actor, month);
}
