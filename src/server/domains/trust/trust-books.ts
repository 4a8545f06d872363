import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import { type TTrustAccount, type TTrustEntryKind, monthEnd } from '../../../shared/domain/trust';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { takeNextNumber } from '../../money/number-series';

// The writing side of the trust books (issue 34, decision 0065), used by every trust move:
// - the books' lock: every trust write of a firm runs under its trust series' row lock (Postgres; the
//   single writer on SQLite), so a sign-off and a back-dated entry, or two payments, cannot cross;
// - the open period: no entry dated in the future, or in a month already signed off (rule 54.10);
// - the balance: a matter's trust bank and invested balances move by one conditional UPDATE that
//   refuses to take either below zero (rule 54.14.9: no trust creditor in debit) — the guard itself,
//   whatever the lock;
// - the entry: append-only, numbered from the firm's trust series.

/** Takes the firm's trust books for this transaction (a no-op UPDATE of the trust series' counter row). */
export async function lockTrustBooks(trx: Transaction<DB>, organizationId: string): Promise<void> {
  await trx
    .insertInto('number_series')
    .values({ organization_id: organizationId, series: 'trust-entry', last_number: 0 })
    .onConflict((oc) => oc.columns(['organization_id', 'series']).doNothing())
    .execute();
  await trx
    .updateTable('number_series')
    .set((eb) => ({ last_number: eb.ref('last_number') }))
    .where('organization_id', '=', organizationId)
    .where('series', '=', 'trust-entry')
    .execute();
}

/** The last day of the latest signed-off month, or null: entries on or before it are refused. */
export async function closedThrough(db: Kysely<DB>, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('trust_reconciliations')
    .select((eb) => eb.fn.max('month').as('month'))
    .where('organization_id', '=', organizationId)
    .where('signed_off_at', 'is not', null)
    .executeTakeFirst();
  return row?.month ? monthEnd(row.month) : null;
}

/** Refuses a date in the future or in a closed month (400 naming `field`). Call under the books' lock. */
export async function assertOpenDate(trx: Transaction<DB>, organizationId: string, date: string, field = 'date'): Promise<void> {
  if (date > dayKey()) throw new AppError('BAD_REQUEST', 'A trust entry cannot be dated in the future', { [field]: 'Date cannot be in the future' });
  const closed = await closedThrough(trx, organizationId);
  if (closed && date <= closed) {
    const message = `The trust books are closed up to ${formatCalendarDay(closed, closed)} (the month was reconciled and signed off): date the entry after that`;
    throw new AppError('CONFLICT', message, { [field]: message });
  }
}

export interface BalanceMove {
  bankCents?: number;
  investedCents?: number;
}

const DEBIT_MESSAGE = (held: number, out: number, what: string) =>
  `${formatZar(held)} is held ${what} for this matter: ${formatZar(out)} would put the client's trust balance in debit (rule 54.14.9)`;

/** Moves the matter's balances; refuses (409, naming the balance) what would take either below zero. */
export async function moveTrustBalance(trx: Transaction<DB>, organizationId: string, caseId: string, move: BalanceMove, field = 'amountCents'): Promise<void> {
  const bank = move.bankCents ?? 0;
  const invested = move.investedCents ?? 0;
  const at = nowIso();
  await trx
    .insertInto('trust_balances')
    .values({ organization_id: organizationId, case_id: caseId, bank_cents: 0, invested_cents: 0, updated_at: at })
    .onConflict((oc) => oc.columns(['organization_id', 'case_id']).doNothing())
    .execute();
  const moved = await trx
    .updateTable('trust_balances')
    .set((eb) => ({ bank_cents: eb('bank_cents', '+', bank).$castTo<number>(), invested_cents: eb('invested_cents', '+', invested).$castTo<number>(), updated_at: at }))
    .where('organization_id', '=', organizationId)
    .where('case_id', '=', caseId)
    .where((eb) => eb.and([eb(eb('bank_cents', '+', bank), '>=', 0), eb(eb('invested_cents', '+', invested), '>=', 0)]))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) return;
  const held = await trx.selectFrom('trust_balances').select(['bank_cents', 'invested_cents']).where('organization_id', '=', organizationId).where('case_id', '=', caseId).executeTakeFirstOrThrow();
  const inBank = Number(held.bank_cents) + bank < 0;
  const balance = inBank ? Number(held.bank_cents) : Number(held.invested_cents);
  const message = DEBIT_MESSAGE(balance, inBank ? -bank : -invested, inBank ? 'in the trust bank account' : 'invested');
  throw new AppError('CONFLICT', message, { [field]: message }, { current: { balanceCents: balance } });
}

export interface EntryInput {
  caseId: string;
  account: TTrustAccount;
  investmentId?: string | null;
  kind: TTrustEntryKind;
  date: string;
  amountCents: number;
  reference: string;
  counterparty?: string | null;
  feeNoteId?: string | null;
  feeReceiptId?: string | null;
  reversesId?: string | null;
}

/** Appends one numbered entry to the trust ledger; answers its id. */
export async function postTrustEntry(trx: Transaction<DB>, actor: TenantActor, entry: EntryInput): Promise<string> {
  const id = randomUUID();
  const number = await takeNextNumber(trx, actor.organizationId, 'trust-entry');
  await trx
    .insertInto('trust_entries')
    .values({
      id, organization_id: actor.organizationId, case_id: entry.caseId, number, account: entry.account, investment_id: entry.investmentId ?? null, kind: entry.kind,
      date: entry.date, amount_cents: entry.amountCents, reference: entry.reference, counterparty: entry.counterparty ?? null, fee_note_id: entry.feeNoteId ?? null,
      fee_receipt_id: entry.feeReceiptId ?? null, reverses_id: entry.reversesId ?? null, recorded_by: actor.userId, created_at: nowIso(),
    })
    .execute();
  return id;
}
