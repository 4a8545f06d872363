import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { onUniqueViolation } from '../../../../db/unique-violation';
import { dayKey } from '../../../shared/calendar';
import { defaultTimeEntryDescription } from '../../../shared/domain/costs';
import type { TCreateFeeNoteRequest, TFeeNote, TFeeLineKind, TWip } from '../../../shared/domain/fee-notes';
import { formatZar, fullName } from '../../../shared/format';
import { vatOnCents } from '../../../shared/money/vat';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { takeNextNumber } from '../../money/number-series';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { selectDisbursements, toDisbursement } from './disbursements.service';
import { feeNoteViewsOf, selectFeeNotes } from './fee-note-read';
import { requireBillingFirm } from './fee-settings.service';
import { requireMatterFees } from './matter-fees-access';

// Fee notes (issue 34, decision 0063). A matter's unbilled work — stopped time entries (hours × the
// rate in force when the work was done) and disbursements — becomes a fee note: a pro-forma first if
// asked (no number, no accounting effect: the client sees what is coming), then a tax invoice with the
// next number of the firm's series, never reused. VAT is 15% per line, rounded half up to the cent
// (money/vat.ts), and only when the firm is a registered vendor. An entry is billed once: the partial
// unique indexes over live fee-note lines refuse a second fee note naming it (409), under concurrent
// requests too. Nothing is edited: a credit note reverses an issued fee note whole and releases its
// lines so the work can be billed again, corrected; a pro-forma is withdrawn the same way, without a
// credit note (it never had an accounting effect).

export const BILLED_TWICE = 'A time entry or disbursement can be billed once: one of these is already on another fee note';

/** Today's date at the firm (Johannesburg). */
const today = () => dayKey();

async function feeNoteOf(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TFeeNote> {
  const row = await selectFeeNotes(db, actor.organizationId).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Fee note not found');
  const [view] = await feeNoteViewsOf(db, actor.organizationId, [row]);
  return view!;
}

/** A fee note if the actor may read its matter's fees (404 outside the organisation, 403 off the matter's team). */
export async function getFeeNote(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TFeeNote> {
  await requireBillingFirm(db, actor);
  const note = await feeNoteOf(db, actor, id);
  await requireMatterFees(db, actor, note.caseId);
  return note;
}

export async function listFeeNotes(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TFeeNote[]> {
  await requireBillingFirm(db, actor);
  await requireMatterFees(db, actor, caseId);
  const rows = await selectFeeNotes(db, actor.organizationId).where('f.case_id', '=', caseId).orderBy('f.created_at', 'desc').execute();
  return feeNoteViewsOf(db, actor.organizationId, rows);
}

function unbilledTimeOf(db: Kysely<DB>, organizationId: string, caseId: string) {
  return db
    .selectFrom('time_entries as te')
    .innerJoin('users as u', 'u.id', 'te.user_id')
    .leftJoin('fee_note_lines as fl', (join) => join.onRef('fl.time_entry_id', '=', 'te.id').on('fl.live', '=', 1))
    .select(['te.id', 'te.case_id', 'te.user_id', 'te.description', 'te.start_time', 'te.duration_minutes', 'te.hourly_rate_cents', 'te.total_cost_cents', 'u.first_name', 'u.last_name'])
    .where('te.organization_id', '=', organizationId)
    .where('te.case_id', '=', caseId)
    .where('te.duration_minutes', 'is not', null)
    .where('fl.id', 'is', null)
    .orderBy('te.start_time');
}

/** The matter's work in progress: stopped time not yet billed, and unbilled disbursements. */
export async function workInProgress(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TWip> {
  await requireBillingFirm(db, actor);
  await requireMatterFees(db, actor, caseId);
  const [time, disbursements] = await Promise.all([
    unbilledTimeOf(db, actor.organizationId, caseId).execute(),
    selectDisbursements(db, actor.organizationId).where('d.case_id', '=', caseId).where('fl.id', 'is', null).orderBy('d.date').orderBy('d.created_at').execute(),
  ]);
  const timeEntries = time.map((t) => ({
    id: t.id,
    date: t.start_time.slice(0, 10),
    feeEarnerId: t.user_id,
    feeEarner: fullName(t.first_name, t.last_name) ?? '',
    description: t.description || defaultTimeEntryDescription(actor.platform),
    minutes: Number(t.duration_minutes),
    rateCents: Number(t.hourly_rate_cents),
    amountCents: Number(t.total_cost_cents),
  }));
  const items = disbursements.map(toDisbursement);
  return {
    timeEntries,
    disbursements: items,
    feesCents: timeEntries.reduce((sum, t) => sum + t.amountCents, 0),
    disbursementsCents: items.reduce((sum, d) => sum + d.amountCents, 0),
  };
}

interface DraftLine {
  kind: TFeeLineKind;
  timeEntryId: string | null;
  disbursementId: string | null;
  date: string;
  description: string;
  feeEarnerId: string | null;
  feeEarnerName: string | null;
  minutes: number | null;
  rateCents: number | null;
  amountCents: number;
  vatable: boolean;
}

/** The lines asked for, checked against the matter: fees by date, then fixed fees, then disbursements. */
async function draftLines(db: Kysely<DB>, actor: TenantActor, caseId: string, input: TCreateFeeNoteRequest): Promise<DraftLine[]> {
  const timeIds = [...new Set(input.timeEntryIds ?? [])];
  const disbursementIds = [...new Set(input.disbursementIds ?? [])];
  const [time, disbursements] = await Promise.all([
    timeIds.length === 0
      ? []
      : db
          .selectFrom('time_entries as te')
          .innerJoin('users as u', 'u.id', 'te.user_id')
          .select(['te.id', 'te.case_id', 'te.user_id', 'te.description', 'te.start_time', 'te.duration_minutes', 'te.hourly_rate_cents', 'te.total_cost_cents', 'u.first_name', 'u.last_name'])
          .where('te.organization_id', '=', actor.organizationId)
          .where('te.id', 'in', timeIds)
          .orderBy('te.start_time')
          .execute(),
    disbursementIds.length === 0
      ? []
      : db.selectFrom('disbursements').selectAll().where('organization_id', '=', actor.organizationId).where('id', 'in', disbursementIds).orderBy('date').orderBy('created_at').execute(),
  ]);
  const fields: Record<string, string> = {};
  const strangerTime = timeIds.filter((id) => !time.some((t) => t.id === id && t.case_id === caseId));
  if (strangerTime.length > 0) fields.timeEntryIds = `${strangerTime.length} of the time entries ${strangerTime.length === 1 ? 'is' : 'are'} not time on this matter`;
  else if (time.some((t) => t.duration_minutes === null)) fields.timeEntryIds = 'A running timer cannot be billed: stop it first';
  const strangerDisbursements = disbursementIds.filter((id) => !disbursements.some((d) => d.id === id && d.case_id === caseId));
  if (strangerDisbursements.length > 0) fields.disbursementIds = `${strangerDisbursements.length} of the disbursements ${strangerDisbursements.length === 1 ? 'is' : 'are'} not of this matter`;
  if (Object.keys(fields).length > 0) throw new AppError('BAD_REQUEST', 'Choose unbilled work of this matter', fields);
  return [
    ...time.map((t) => ({
      kind: 'fee' as const, timeEntryId: t.id, disbursementId: null, date: t.start_time.slice(0, 10), description: t.description || defaultTimeEntryDescription(actor.platform),
      feeEarnerId: t.user_id, feeEarnerName: fullName(t.first_name, t.last_name), minutes: Number(t.duration_minutes), rateCents: Number(t.hourly_rate_cents), amountCents: Number(t.total_cost_cents), vatable: true,
    })),
    ...(input.fixedFees ?? []).map((f) => ({
      kind: 'fixed-fee' as const, timeEntryId: null, disbursementId: null, date: f.date, description: f.description,
      feeEarnerId: actor.userId, feeEarnerName: null, minutes: null, rateCents: null, amountCents: f.amountCents, vatable: true,
    })),
    ...disbursements.map((d) => ({
      kind: 'disbursement' as const, timeEntryId: null, disbursementId: d.id, date: d.date, description: d.description,
      feeEarnerId: null, feeEarnerName: null, minutes: null, rateCents: null, amountCents: Number(d.amount_cents), vatable: Number(d.vatable) === 1,
    })),
  ];
}

/** Unbilled work of the matter → a pro-forma, or a tax invoice with the next number. 409 when any of it is already billed. */
export async function createFeeNote(db: Kysely<DB>, actor: TenantActor, input: TCreateFeeNoteRequest): Promise<TFeeNote> {
  const settings = await requireBillingFirm(db, actor);
  const kase = await requireCaseAccess(db, actor, input.id);
  const lines = await draftLines(db, actor, kase.id, input);
  const caseRow = await db.selectFrom('cases').select(['person_id', 'patient_name']).where('id', '=', kase.id).executeTakeFirstOrThrow();
  const client = caseRow.person_id
    ? await db.selectFrom('people').select(['id', 'full_name', 'address', 'vat_number']).where('organization_id', '=', actor.organizationId).where('id', '=', caseRow.person_id).executeTakeFirst()
    : undefined;
  const priced = lines.map((l) => ({ ...l, vatCents: vatOnCents(l.amountCents, settings.registeredVendor && l.vatable) }));
  const subtotal = priced.reduce((sum, l) => sum + l.amountCents, 0);
  const vat = priced.reduce((sum, l) => sum + l.vatCents, 0);
  const id = randomUUID();
  const at = nowIso();
  const proForma = input.proForma === true;
  await onUniqueViolation(
    () =>
      db.transaction().execute(async (trx) => {
        const number = proForma ? null : await takeNextNumber(trx, actor.organizationId, 'fee-note');
        await trx
          .insertInto('fee_notes')
          .values({
            id, organization_id: actor.organizationId, case_id: kase.id, number, status: proForma ? 'pro-forma' : 'issued',
            client_person_id: client?.id ?? null, client_name: client?.full_name ?? caseRow.patient_name, client_address: client?.address ?? null, client_vat_number: client?.vat_number ?? null,
            firm_vat_number: settings.vatNumber, subtotal_cents: subtotal, vat_cents: vat, total_cents: subtotal + vat, created_by: actor.userId, created_at: at,
            issued_on: proForma ? null : today(), issued_by: proForma ? null : actor.userId, issued_at: proForma ? null : at,
          })
          .execute();
        for (const [index, line] of priced.entries()) {
          await trx
            .insertInto('fee_note_lines')
            .values({
              id: randomUUID(), organization_id: actor.organizationId, fee_note_id: id, position: index + 1, kind: line.kind, time_entry_id: line.timeEntryId, disbursement_id: line.disbursementId,
              date: line.date, description: line.description, fee_earner_id: line.feeEarnerId, fee_earner_name: line.feeEarnerName, minutes: line.minutes, rate_cents: line.rateCents,
              amount_cents: line.amountCents, vat_cents: line.vatCents, live: 1,
            })
            .execute();
        }
        await appendCaseEvent(trx, {
          organizationId: actor.organizationId, caseId: kase.id, actorId: actor.userId, kind: proForma ? 'fee-note.made' : 'fee-note.issued',
          summary: proForma ? `Pro-forma fee note made (${formatZar(subtotal + vat)})` : `Fee note ${number} issued (${formatZar(subtotal + vat)})`,
          details: { feeNoteId: id, number, totalCents: subtotal + vat },
        });
      }),
    () => new AppError('CONFLICT', BILLED_TWICE),
  );
  return feeNoteOf(db, actor, id);
}

/**
 * Locks the fee note's row for the rest of the transaction (a no-op update: Postgres holds the row
 * lock until commit; SQLite has one writer), so a receipt, a transfer from trust and a credit note on
 * the same fee note are checked one after the other. Answers the status it had.
 */
export async function lockFeeNote(trx: Transaction<DB>, organizationId: string, id: string): Promise<TFeeNote['status'] | null> {
  const row = await trx.updateTable('fee_notes').set((eb) => ({ status: eb.ref('status') })).where('organization_id', '=', organizationId).where('id', '=', id).returning('status').executeTakeFirst();
  return row?.status ?? null;
}

/** A pro-forma becomes a tax invoice: the next number of the series, dated today (or the date given). */
export async function issueFeeNote(db: Kysely<DB>, actor: TenantActor, input: { id: string; date?: string }): Promise<TFeeNote> {
  await requireBillingFirm(db, actor);
  const note = await feeNoteOf(db, actor, input.id);
  await requireCaseAccess(db, actor, note.caseId);
  await db.transaction().execute(async (trx) => {
    const status = await lockFeeNote(trx, actor.organizationId, note.id);
    if (status !== 'pro-forma') throw new AppError('CONFLICT', status === 'issued' ? `Fee note ${note.number} is already issued` : 'A withdrawn pro-forma cannot be issued');
    const number = await takeNextNumber(trx, actor.organizationId, 'fee-note');
    await trx
      .updateTable('fee_notes')
      .set({ number, status: 'issued', issued_on: input.date ?? today(), issued_by: actor.userId, issued_at: nowIso() })
      .where('id', '=', note.id)
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: note.caseId, actorId: actor.userId, kind: 'fee-note.issued',
      summary: `Fee note ${number} issued (${formatZar(note.totalCents)})`, details: { feeNoteId: note.id, number, totalCents: note.totalCents },
    });
  });
  return feeNoteOf(db, actor, note.id);
}

/**
 * A credit note reverses an issued fee note whole (its own number from the credit-note series) and
 * releases its time and disbursements to be billed again; a pro-forma is withdrawn the same way,
 * with no credit note. Refused while receipts stand against it: reverse them first.
 */
export async function creditFeeNote(db: Kysely<DB>, actor: TenantActor, input: { id: string; reason: string; date?: string }): Promise<TFeeNote> {
  await requireBillingFirm(db, actor);
  const note = await feeNoteOf(db, actor, input.id);
  await requireCaseAccess(db, actor, note.caseId);
  await db.transaction().execute(async (trx) => {
    const status = await lockFeeNote(trx, actor.organizationId, note.id);
    if (status === 'credited') throw new AppError('CONFLICT', note.number === null ? 'This pro-forma was already withdrawn' : `Fee note ${note.number} is already credited`);
    const paid = await trx.selectFrom('fee_note_receipts').select('amount_cents').where('fee_note_id', '=', note.id).execute();
    const paidCents = paid.reduce((sum, r) => sum + Number(r.amount_cents), 0);
    if (paidCents !== 0) throw new AppError('CONFLICT', `${formatZar(paidCents)} was received against fee note ${note.number}: reverse the receipts first`);
    let creditNumber: number | null = null;
    if (status === 'issued') {
      creditNumber = await takeNextNumber(trx, actor.organizationId, 'credit-note');
      await trx
        .insertInto('credit_notes')
        .values({ id: randomUUID(), organization_id: actor.organizationId, fee_note_id: note.id, number: creditNumber, date: input.date ?? today(), reason: input.reason, created_by: actor.userId, created_at: nowIso() })
        .execute();
    }
    await trx.updateTable('fee_notes').set({ status: 'credited' }).where('id', '=', note.id).execute();
    await trx.updateTable('fee_note_lines').set({ live: 0 }).where('fee_note_id', '=', note.id).execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: note.caseId, actorId: actor.userId, kind: 'fee-note.credited',
      summary: creditNumber === null ? `Pro-forma fee note withdrawn: ${input.reason}` : `Credit note ${creditNumber} reverses fee note ${note.number}: ${input.reason}`,
      details: { feeNoteId: note.id, creditNoteNumber: creditNumber },
    });
  });
  return feeNoteOf(db, actor, note.id);
}
