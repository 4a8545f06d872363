import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TTrustLedger, TTrustPaymentRequest, TTrustReceiptRequest, TTrustReversalRequest, TTrustTransferRequest } from '../../../shared/domain/trust';
import { formatZar } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { reverseReceiptIn, receiveOnFeeNote } from '../fee-notes/fee-receipts.service';
import { getFeeNote } from '../fee-notes/fee-notes.service';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { appendCaseEvent } from '../timeline/case-events';
import { type EntryInput, assertOpenDate, lockTrustBooks, moveTrustBalance, postTrustEntry } from './trust-books';
import { trustLedger } from './trust-ledger';

// Money into and out of a client's trust balance (issue 34, decision 0065; LPA s86(2), rule 54.14):
// a receipt, a payment to a third party, a transfer to the firm's business account — only against an
// issued fee note of the same matter and never more than it owes (the fee note's receipt, method
// 'trust', in the same transaction) — and the reversal of any of these. Each runs under the firm's
// trust books' lock, dated in an open month, and the balance move refuses a debit (409 naming the
// balance). The caller holds trust.manage (the router); the answer is the matter's ledger.

async function inTrustBooks(db: Kysely<DB>, actor: TenantActor, date: string, work: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockTrustBooks(trx, actor.organizationId);
    await assertOpenDate(trx, actor.organizationId, date);
    await work(trx);
  });
}

async function trustMatter(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<string> {
  await requireBillingFirm(db, actor);
  return (await requireCaseAccess(db, actor, caseId)).id;
}

async function timeline(trx: Transaction<DB>, actor: TenantActor, caseId: string, summary: string, entryId: string): Promise<void> {
  await appendCaseEvent(trx, { organizationId: actor.organizationId, caseId, actorId: actor.userId, kind: 'trust.entry', summary, details: { trustEntryId: entryId } });
}

export async function receiveIntoTrust(db: Kysely<DB>, actor: TenantActor, input: TTrustReceiptRequest): Promise<TTrustLedger> {
  const caseId = await trustMatter(db, actor, input.caseId);
  await inTrustBooks(db, actor, input.date, async (trx) => {
    await moveTrustBalance(trx, actor.organizationId, caseId, { bankCents: input.amountCents });
    const id = await postTrustEntry(trx, actor, { caseId, account: 'bank', kind: 'receipt', date: input.date, amountCents: input.amountCents, reference: input.reference, counterparty: input.from });
    await timeline(trx, actor, caseId, `${formatZar(input.amountCents)} received into trust from ${input.from}`, id);
  });
  return trustLedger(db, actor, caseId);
}

export async function payFromTrust(db: Kysely<DB>, actor: TenantActor, input: TTrustPaymentRequest): Promise<TTrustLedger> {
  const caseId = await trustMatter(db, actor, input.caseId);
  await inTrustBooks(db, actor, input.date, async (trx) => {
    await moveTrustBalance(trx, actor.organizationId, caseId, { bankCents: -input.amountCents });
    const id = await postTrustEntry(trx, actor, { caseId, account: 'bank', kind: 'payment', date: input.date, amountCents: -input.amountCents, reference: input.reference, counterparty: input.payee });
    await timeline(trx, actor, caseId, `${formatZar(input.amountCents)} paid from trust to ${input.payee}`, id);
  });
  return trustLedger(db, actor, caseId);
}

/** Trust → business against a fee note of the matter: never more than the trust balance, nor than the fee note owes. */
export async function transferToBusiness(db: Kysely<DB>, actor: TenantActor, input: TTrustTransferRequest): Promise<TTrustLedger> {
  const caseId = await trustMatter(db, actor, input.caseId);
  const note = await getFeeNote(db, actor, input.feeNoteId);
  if (note.caseId !== caseId) {
    const message = 'A transfer is made against a fee note of the same matter';
    throw new AppError('CONFLICT', message, { feeNoteId: message });
  }
  await inTrustBooks(db, actor, input.date, async (trx) => {
    await moveTrustBalance(trx, actor.organizationId, caseId, { bankCents: -input.amountCents });
    const receiptId = await receiveOnFeeNote(trx, actor, note, { amountCents: input.amountCents, date: input.date, method: 'trust' });
    const id = await postTrustEntry(trx, actor, {
      caseId, account: 'bank', kind: 'transfer', date: input.date, amountCents: -input.amountCents, reference: `Fee note ${note.number}`, counterparty: 'Business account',
      feeNoteId: note.id, feeReceiptId: receiptId,
    });
    await timeline(trx, actor, caseId, `${formatZar(input.amountCents)} transferred from trust to business for fee note ${note.number}`, id);
  });
  return trustLedger(db, actor, caseId);
}

const REVERSIBLE = new Set(['receipt', 'payment', 'transfer']);

/** A reversing entry for a receipt, payment or transfer recorded in error (once); a transfer's fee-note receipt is reversed with it. */
export async function reverseTrustEntry(db: Kysely<DB>, actor: TenantActor, input: TTrustReversalRequest): Promise<TTrustLedger> {
  await requireBillingFirm(db, actor);
  const entry = await db.selectFrom('trust_entries').selectAll().where('organization_id', '=', actor.organizationId).where('id', '=', input.id).executeTakeFirst();
  if (!entry) throw new AppError('NOT_FOUND', 'Trust entry not found');
  await requireCaseAccess(db, actor, entry.case_id);
  if (!REVERSIBLE.has(entry.kind)) {
    throw new AppError('CONFLICT', entry.kind === 'reversal' ? 'A reversal cannot itself be reversed' : 'An investment is closed by withdrawing it, not reversed');
  }
  const amount = Number(entry.amount_cents);
  await inTrustBooks(db, actor, input.date, async (trx) => {
    const already = await trx.selectFrom('trust_entries').select('number').where('reverses_id', '=', entry.id).executeTakeFirst();
    if (already) throw new AppError('CONFLICT', `Entry ${entry.number} was already reversed (entry ${already.number})`);
    await moveTrustBalance(trx, actor.organizationId, entry.case_id, { bankCents: -amount });
    const feeReceiptId = entry.fee_receipt_id ? await reverseReceiptIn(trx, actor, entry.fee_receipt_id, input.date) : null;
    const reversal: EntryInput = {
      caseId: entry.case_id, account: 'bank', kind: 'reversal', date: input.date, amountCents: -amount, reference: `Reverses entry ${entry.number}: ${input.reason}`,
      counterparty: entry.counterparty, feeNoteId: entry.fee_note_id, feeReceiptId, reversesId: entry.id,
    };
    const id = await postTrustEntry(trx, actor, reversal);
    await timeline(trx, actor, entry.case_id, `Trust entry ${entry.number} reversed (${formatZar(Math.abs(amount))}): ${input.reason}`, id);
  });
  return trustLedger(db, actor, entry.case_id);
}
