import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TCreateDisbursementRequest, TDisbursement } from '../../../shared/domain/fee-notes';
import { formatZar, fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { requireBillingFirm } from './fee-settings.service';
import { requireMatterFees } from './matter-fees-access';

// Disbursements (issue 34): what the firm paid out on a matter for the client — sheriff's fees,
// counsel, an expert's report, filing fees — recorded by fee-earners and Finance (Admin Staff on a
// fee-earner's behalf), billed once on a fee note. The amount is exclusive of VAT; `vatable` says
// whether VAT is added when billed (a sheriff's fee passed on as the client's cost is not).

export function selectDisbursements(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('disbursements as d')
    .leftJoin('users as rb', 'rb.id', 'd.recorded_by')
    .leftJoin('fee_note_lines as fl', (join) => join.onRef('fl.disbursement_id', '=', 'd.id').on('fl.live', '=', 1))
    .selectAll('d')
    .select(['rb.first_name as rb_first', 'rb.last_name as rb_last', 'fl.fee_note_id'])
    .where('d.organization_id', '=', organizationId);
}

export function toDisbursement(row: Awaited<ReturnType<ReturnType<typeof selectDisbursements>['executeTakeFirstOrThrow']>>): TDisbursement {
  return {
    id: row.id,
    caseId: row.case_id,
    date: row.date,
    description: row.description,
    amountCents: Number(row.amount_cents),
    vatable: Number(row.vatable) === 1,
    recordedBy: row.recorded_by ? (fullName(row.rb_first, row.rb_last) ?? 'Former member') : null,
    createdAt: row.created_at,
    feeNoteId: row.fee_note_id,
  };
}

export async function recordDisbursement(db: Kysely<DB>, actor: TenantActor, input: TCreateDisbursementRequest): Promise<TDisbursement> {
  await requireBillingFirm(db, actor);
  const kase = await requireCaseAccess(db, actor, input.id);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('disbursements')
      .values({ id, organization_id: actor.organizationId, case_id: kase.id, date: input.date, description: input.description, amount_cents: input.amountCents, vatable: input.vatable ? 1 : 0, recorded_by: actor.userId, created_at: nowIso() })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: kase.id, actorId: actor.userId, kind: 'disbursement.recorded',
      summary: `Disbursement recorded: ${input.description} (${formatZar(input.amountCents)}${input.vatable ? ' plus VAT' : ''})`,
      details: { disbursementId: id, amountCents: input.amountCents },
    });
  });
  const row = await selectDisbursements(db, actor.organizationId).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Disbursement not found');
  return toDisbursement(row);
}

/** A matter's disbursements, billed and unbilled, by date (fee-earners: of the matters they work on). */
export async function listDisbursements(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TDisbursement[]> {
  await requireBillingFirm(db, actor);
  await requireMatterFees(db, actor, caseId);
  const rows = await selectDisbursements(db, actor.organizationId).where('d.case_id', '=', caseId).orderBy('d.date').orderBy('d.created_at').execute();
  return rows.map(toDisbursement);
}
