import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import type { TFeeNote, TFeeNoteReceipt, TFeeReceiptRequest } from '../../../shared/domain/fee-notes';
import { formatZar } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { takeNextNumber } from '../../money/number-series';
import { getFeeNote, lockFeeNote } from './fee-notes.service';
import { requireBillingFirm } from './fee-settings.service';

// Business receipts (issue 34): money the firm's business account received against a fee note —
// cash, card, EFT, or a transfer from the client's trust balance (trust.service). Each has a number
// from the firm's receipt series; never more than the fee note still owes, checked under the fee
// note's row lock so two receipts at once cannot together overpay it. A receipt taken in error is
// reversed by a negative row naming it (once), never edited.

type TReceiptMethod = TFeeNoteReceipt['method'];

/** Inside a transaction: a receipt of `amountCents` on the fee note, refused above what it owes. Answers the receipt's id. */
export async function receiveOnFeeNote(
  trx: Transaction<DB>,
  actor: TenantActor,
  note: Pick<TFeeNote, 'id' | 'number' | 'totalCents'>,
  receipt: { amountCents: number; date: string; method: TReceiptMethod },
  field = 'amountCents',
): Promise<string> {
  const status = await lockFeeNote(trx, actor.organizationId, note.id);
  if (status !== 'issued') throw new AppError('CONFLICT', status === 'pro-forma' ? 'A pro-forma is not yet a tax invoice: issue it first' : `Fee note ${note.number} was credited`);
  const paid = await trx.selectFrom('fee_note_receipts').select('amount_cents').where('fee_note_id', '=', note.id).execute();
  const owing = note.totalCents - paid.reduce((sum, r) => sum + Number(r.amount_cents), 0);
  if (receipt.amountCents > owing) {
    const message = owing <= 0 ? `Fee note ${note.number} is paid` : `More than the ${formatZar(owing)} fee note ${note.number} still owes`;
    throw new AppError('CONFLICT', message, { [field]: message });
  }
  const id = randomUUID();
  const number = await takeNextNumber(trx, actor.organizationId, 'fee-receipt');
  await trx
    .insertInto('fee_note_receipts')
    .values({ id, organization_id: actor.organizationId, fee_note_id: note.id, receipt_number: number, amount_cents: receipt.amountCents, method: receipt.method, date: receipt.date, reverses_id: null, received_by: actor.userId, created_at: nowIso() })
    .execute();
  return id;
}

export async function recordFeeReceipt(db: Kysely<DB>, actor: TenantActor, input: TFeeReceiptRequest): Promise<TFeeNoteReceipt> {
  const note = await getFeeNote(db, actor, input.id);
  const id = await db.transaction().execute((trx) => receiveOnFeeNote(trx, actor, note, input));
  return receiptOf(await getFeeNote(db, actor, note.id), id);
}

/** A reversing row for a receipt taken in error (a bounced EFT). Once per receipt; a transfer from trust is reversed in the trust ledger. */
export async function reverseFeeReceipt(db: Kysely<DB>, actor: TenantActor, receiptId: string): Promise<TFeeNoteReceipt> {
  await requireBillingFirm(db, actor);
  const receipt = await db.selectFrom('fee_note_receipts').select(['method', 'fee_note_id']).where('organization_id', '=', actor.organizationId).where('id', '=', receiptId).executeTakeFirst();
  if (!receipt) throw new AppError('NOT_FOUND', 'Receipt not found');
  if (receipt.method === 'trust') throw new AppError('CONFLICT', 'A transfer from trust is reversed in the trust ledger');
  const note = await getFeeNote(db, actor, receipt.fee_note_id);
  const reversalId = await db.transaction().execute((trx) => reverseReceiptIn(trx, actor, receiptId));
  return receiptOf(await getFeeNote(db, actor, note.id), reversalId);
}

/** Inside a transaction: the negative row reversing a receipt, under its fee note's lock; once. Answers the reversal's id. */
export async function reverseReceiptIn(trx: Transaction<DB>, actor: TenantActor, receiptId: string, date = dayKey()): Promise<string> {
  const receipt = await trx.selectFrom('fee_note_receipts').selectAll().where('organization_id', '=', actor.organizationId).where('id', '=', receiptId).executeTakeFirst();
  if (!receipt) throw new AppError('NOT_FOUND', 'Receipt not found');
  if (receipt.reverses_id) throw new AppError('CONFLICT', 'A reversal cannot itself be reversed');
  await lockFeeNote(trx, actor.organizationId, receipt.fee_note_id);
  const already = await trx.selectFrom('fee_note_receipts').select('id').where('reverses_id', '=', receipt.id).executeTakeFirst();
  if (already) throw new AppError('CONFLICT', `Receipt ${receipt.receipt_number} was already reversed`);
  const reversalId = randomUUID();
  const number = await takeNextNumber(trx, actor.organizationId, 'fee-receipt');
  await trx
    .insertInto('fee_note_receipts')
    .values({ id: reversalId, organization_id: actor.organizationId, fee_note_id: receipt.fee_note_id, receipt_number: number, amount_cents: -Number(receipt.amount_cents), method: receipt.method, date, reverses_id: receipt.id, received_by: actor.userId, created_at: nowIso() })
    .execute();
  return reversalId;
}

function receiptOf(note: TFeeNote, id: string): TFeeNoteReceipt {
  const receipt = note.receipts.find((r) => r.id === id);
  if (!receipt) throw new AppError('NOT_FOUND', 'Receipt not found');
  return receipt;
}
