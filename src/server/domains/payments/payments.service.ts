import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { refreshAccountSums } from '../../../../db/account-sums';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import type { TAccountPayment, TAccountView } from '../../../shared/domain/account-wire';
import type { TPaymentInput } from '../../../shared/domain/medical-accounts';
import { formatZar } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { takeNextNumber } from '../../money/number-series';
import { balanceInputOf, patientOwesCents } from '../../../shared/money/account-balance';
import { getAccount } from '../accounts/accounts.service';

// Patient payments (issue 33, decision 0061): cash, card or EFT against an account, each with a
// receipt number from the practice's series. A payment is never more than the patient owes (their
// lines and the shortfalls moved to them, less what they paid); a mistaken payment is corrected by a
// reversing row (negative, naming the one it reverses, with its own receipt number), never edited.
// The receipt counter's row lock is taken first in the transaction, so two payments of the practice
// are checked one after the other (on Postgres too) and cannot together pay more than is owed.

export async function recordPayment(db: Kysely<DB>, actor: TenantActor, input: { id: string } & TPaymentInput): Promise<TAccountPayment> {
  const account = await getAccount(db, actor, input.id);
  const paymentId = randomUUID();
  await db.transaction().execute(async (trx) => {
    const receipt = await takeNextNumber(trx, actor.organizationId, 'receipt');
    const paid = await trx.selectFrom('account_payments').select('amount_cents').where('account_id', '=', account.id).execute();
    const owed = patientOwesCents({ ...balanceInputOf(account), patientPaymentsCents: paid.map((p) => Number(p.amount_cents)) });
    if (input.amountCents > owed) {
      const message = owed <= 0 ? 'The patient owes nothing on this account' : `More than the ${formatZar(owed)} the patient owes on this account`;
      throw new AppError('BAD_REQUEST', message, { amountCents: message });
    }
    await trx
      .insertInto('account_payments')
      .values({ id: paymentId, organization_id: actor.organizationId, account_id: account.id, receipt_number: receipt, amount_cents: input.amountCents, method: input.method, date: input.date, reverses_id: null, received_by: actor.userId, created_at: nowIso() })
      .execute();
    await refreshAccountSums(trx, actor.organizationId, [account.id]);
  });
  return paymentOf(await getAccount(db, actor, account.id), paymentId);
}

/** A reversing row for a payment taken in error (a bounced EFT, the wrong account). Once per payment. */
export async function reversePayment(db: Kysely<DB>, actor: TenantActor, paymentId: string): Promise<TAccountPayment> {
  const payment = await db.selectFrom('account_payments').selectAll().where('organization_id', '=', actor.organizationId).where('id', '=', paymentId).executeTakeFirst();
  if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
  if (payment.reverses_id) throw new AppError('CONFLICT', 'A reversal cannot itself be reversed');
  const account = await getAccount(db, actor, payment.account_id);
  const reversalId = randomUUID();
  await db.transaction().execute(async (trx) => {
    const receipt = await takeNextNumber(trx, actor.organizationId, 'receipt');
    const already = await trx.selectFrom('account_payments').select('id').where('reverses_id', '=', payment.id).executeTakeFirst();
    if (already) throw new AppError('CONFLICT', `Receipt ${payment.receipt_number} was already reversed`);
    await trx
      .insertInto('account_payments')
      .values({ id: reversalId, organization_id: actor.organizationId, account_id: account.id, receipt_number: receipt, amount_cents: -Number(payment.amount_cents), method: payment.method, date: dayKey(), reverses_id: payment.id, received_by: actor.userId, created_at: nowIso() })
      .execute();
    await refreshAccountSums(trx, actor.organizationId, [account.id]);
  });
  return paymentOf(await getAccount(db, actor, account.id), reversalId);
}

function paymentOf(account: TAccountView, id: string): TAccountPayment {
  const payment = account.payments.find((p) => p.id === id);
  if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
  return payment;
}

/** A payment with its account, for the receipt. */
export async function getPayment(db: Kysely<DB>, actor: TenantActor, paymentId: string): Promise<{ payment: TAccountPayment; account: TAccountView }> {
  const row = await db.selectFrom('account_payments').select('account_id').where('organization_id', '=', actor.organizationId).where('id', '=', paymentId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Payment not found');
  const account = await getAccount(db, actor, row.account_id);
  return { payment: paymentOf(account, paymentId), account };
}
