import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TFeeNote, TFeeNoteLine, TFeeNoteReceipt } from '../../../shared/domain/fee-notes';
import { fullName } from '../../../shared/format';
import { groupBy } from '../../../shared/group-by';

// The one read of fee notes (issue 34): a fee note with its lines, credit note and receipts, and what
// the client still owes on it. The matter page, the PDF, receipts and trust transfers all read it here.

const FORMER = 'Former member';

function selectFeeNotes(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('fee_notes as f')
    .innerJoin('cases as k', 'k.id', 'f.case_id')
    .innerJoin('organizations as o', 'o.id', 'f.organization_id')
    .leftJoin('users as cb', 'cb.id', 'f.created_by')
    .selectAll('f')
    .select(['k.reference as case_reference', 'o.name as firm_name', 'o.address as firm_address', 'o.city as firm_city', 'o.postal_code as firm_postal_code', 'cb.first_name as cb_first', 'cb.last_name as cb_last'])
    .where('f.organization_id', '=', organizationId);
}
export { selectFeeNotes };
export type FeeNoteRow = Awaited<ReturnType<ReturnType<typeof selectFeeNotes>['executeTakeFirstOrThrow']>>;

function toLine(row: Awaited<ReturnType<typeof linesOf>>[number]): TFeeNoteLine {
  return {
    id: row.id,
    position: Number(row.position),
    kind: row.kind,
    timeEntryId: row.time_entry_id,
    disbursementId: row.disbursement_id,
    date: row.date,
    description: row.description,
    feeEarner: row.fee_earner_name,
    minutes: row.minutes === null ? null : Number(row.minutes),
    rateCents: row.rate_cents === null ? null : Number(row.rate_cents),
    amountCents: Number(row.amount_cents),
    vatCents: Number(row.vat_cents),
  };
}

function linesOf(db: Kysely<DB>, organizationId: string, ids: string[]) {
  return db.selectFrom('fee_note_lines').selectAll().where('organization_id', '=', organizationId).where('fee_note_id', 'in', ids).orderBy('fee_note_id').orderBy('position').execute();
}

function receiptsOf(db: Kysely<DB>, organizationId: string, ids: string[]) {
  return db
    .selectFrom('fee_note_receipts as r')
    .leftJoin('users as rb', 'rb.id', 'r.received_by')
    .selectAll('r')
    .select(['rb.first_name as rb_first', 'rb.last_name as rb_last'])
    .where('r.organization_id', '=', organizationId)
    .where('r.fee_note_id', 'in', ids)
    .orderBy('r.receipt_number')
    .execute();
}

/** Full views of the given fee-note rows, in the rows' order. */
export async function feeNoteViewsOf(db: Kysely<DB>, organizationId: string, rows: FeeNoteRow[]): Promise<TFeeNote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, receipts, credits] = await Promise.all([
    linesOf(db, organizationId, ids),
    receiptsOf(db, organizationId, ids),
    db.selectFrom('credit_notes').select(['fee_note_id', 'number', 'date', 'reason']).where('organization_id', '=', organizationId).where('fee_note_id', 'in', ids).execute(),
  ]);
  const linesByNote = groupBy(lines, (l) => l.fee_note_id);
  const receiptsByNote = groupBy(receipts, (r) => r.fee_note_id);
  const creditOf = new Map(credits.map((c) => [c.fee_note_id, c]));
  return rows.map((row) => {
    const noteReceipts: TFeeNoteReceipt[] = (receiptsByNote.get(row.id) ?? []).map((r) => ({
        id: r.id,
        receiptNumber: Number(r.receipt_number),
        amountCents: Number(r.amount_cents),
        method: r.method,
        date: r.date,
        reversesId: r.reverses_id,
        receivedBy: r.received_by ? (fullName(r.rb_first, r.rb_last) ?? FORMER) : null,
        createdAt: r.created_at,
      }));
    const credit = creditOf.get(row.id);
    const paidCents = noteReceipts.reduce((sum, r) => sum + r.amountCents, 0);
    const totalCents = Number(row.total_cents);
    return {
      id: row.id,
      caseId: row.case_id,
      caseReference: row.case_reference,
      number: row.number === null ? null : Number(row.number),
      status: row.status,
      client: { name: row.client_name, address: row.client_address, vatNumber: row.client_vat_number },
      firm: { name: row.firm_name, address: [row.firm_address, row.firm_city, row.firm_postal_code].filter(Boolean).join(', ') || null, vatNumber: row.firm_vat_number },
      issuedOn: row.issued_on,
      subtotalCents: Number(row.subtotal_cents),
      vatCents: Number(row.vat_cents),
      totalCents,
      paidCents,
      owingCents: row.status === 'issued' ? totalCents - paidCents : 0,
      lines: (linesByNote.get(row.id) ?? []).map(toLine),
      receipts: noteReceipts,
      creditNote: credit ? { number: Number(credit.number), date: credit.date, reason: credit.reason } : null,
      createdBy: row.created_by ? (fullName(row.cb_first, row.cb_last) ?? FORMER) : null,
      createdAt: row.created_at,
    };
  });
}
