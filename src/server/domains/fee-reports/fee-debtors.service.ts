import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { dayKey } from '../../../shared/calendar';
import type { TFeeDebtors, TFeeDebtorsInput } from '../../../shared/domain/fee-reports';
import { feeDebtorRowsOf, feeDebtorsReport } from '../../../shared/money/fee-reports';
import type { TenantActor } from '../../auth/actor';
import { caseFileReadable } from '../cases/case-visibility';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';

// The aged debtors of a firm (issue 34, decision 0067): what each client still owes on issued fee
// notes — the total less its receipts net of reversals (a transfer from trust is a receipt too); a
// credited fee note owes nothing, a pro-forma is no debt — aged by the fee note's issue date. One
// query: the issued fee notes of the matters the reader may read, with their receipts summed.

export async function feeDebtors(db: Kysely<DB>, actor: TenantActor, input: TFeeDebtorsInput): Promise<TFeeDebtors> {
  await requireBillingFirm(db, actor);
  const asOf = dayKey();
  const paid = db
    .selectFrom('fee_note_receipts')
    .select((eb) => ['fee_note_id', eb.fn.sum<number | string>('amount_cents').as('paid')])
    .where('organization_id', '=', actor.organizationId)
    .groupBy('fee_note_id')
    .as('r');
  const notes = await db
    .selectFrom('fee_notes as f')
    .leftJoin(paid, 'r.fee_note_id', 'f.id')
    .leftJoin('people as p', 'p.id', 'f.client_person_id')
    .select(['f.client_person_id', 'f.client_name', 'p.full_name', 'f.issued_on', 'f.total_cents', 'r.paid'])
    .where('f.organization_id', '=', actor.organizationId)
    .where('f.status', '=', 'issued')
    .where(caseFileReadable(actor, 'f.case_id'))
    .execute();
  const owing = notes.map((n) => ({
    clientId: n.client_person_id,
    // A client with a person record goes by the registry's name (the same person on every fee note).
    client: n.full_name ?? n.client_name,
    issuedOn: n.issued_on ?? asOf,
    owingCents: Number(n.total_cents) - Number(n.paid ?? 0),
  }));
  return feeDebtorsReport(feeDebtorRowsOf(owing, asOf), asOf, input.format === 'csv' ? null : input.limit);
}
