import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import {
  type TContingencyAgreement,
  type TContingencyAgreementView,
  type TContingencyFee,
  type TContingencyFeeRequest,
  type TSaveContingencyAgreementRequest,
  contingencyChecklist,
} from '../../../shared/domain/contingency';
import { fullName } from '../../../shared/format';
import { contingencyFee } from '../../../shared/money/contingency-fee';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireBillingFirm } from '../fee-notes/fee-settings.service';
import { requireMatterFees } from '../fee-notes/matter-fees-access';
import { appendCaseEvent } from '../timeline/case-events';

// Contingency-fee agreements (issue 34, decision 0066). Where the firm acts for the claimant
// (requireBillingFirm: the legal platform; the medicolegal one when it acts for claimants) the matter's
// fee-earners and Finance record the agreement's terms; each save is a new version (a legal record is
// never edited), naming the version the editor read — a stale one is 409 with the version in force.
// At settlement the success fee is worked from the version in force (money/contingency-fee.ts).

export const AGREEMENT_CHANGED = 'The agreement was amended since you opened it: read the version in force and amend that';
export const NO_AGREEMENT = 'This matter has no contingency-fee agreement: record the agreement (uplift, normal-fee basis, date signed) first';

function selectAgreements(db: Kysely<DB>, organizationId: string, caseId: string) {
  return db
    .selectFrom('contingency_agreements as a')
    .leftJoin('users as u', 'u.id', 'a.recorded_by')
    .selectAll('a')
    .select(['u.first_name', 'u.last_name'])
    .where('a.organization_id', '=', organizationId)
    .where('a.case_id', '=', caseId)
    .orderBy('a.version', 'desc');
}

type AgreementRow = Awaited<ReturnType<ReturnType<typeof selectAgreements>['execute']>>[number];

function itemsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toAgreement(row: AgreementRow): TContingencyAgreement {
  return {
    id: row.id,
    caseId: row.case_id,
    version: Number(row.version),
    upliftPercent: Number(row.uplift_percent),
    normalFeeBasis: row.normal_fee_basis,
    signedOn: row.signed_on,
    ...contingencyChecklist(itemsOf(row.items)),
    recordedBy: row.recorded_by ? (fullName(row.first_name, row.last_name) ?? 'Former member') : null,
    recordedAt: row.recorded_at,
  };
}

async function historyOf(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TContingencyAgreement[]> {
  return (await selectAgreements(db, actor.organizationId, caseId).execute()).map(toAgreement);
}

/** The agreement in force and every version before it (fee-earners: of the matters they work on). */
export async function getContingencyAgreement(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TContingencyAgreementView> {
  await requireBillingFirm(db, actor);
  const kase = await requireMatterFees(db, actor, caseId);
  const history = await historyOf(db, actor, kase.id);
  return { agreement: history[0] ?? null, history };
}

/** Records the agreement (version 1) or amends it (the next version). 409 when `version` is not the one in force. */
export async function saveContingencyAgreement(db: Kysely<DB>, actor: TenantActor, input: TSaveContingencyAgreementRequest): Promise<TContingencyAgreement> {
  await requireBillingFirm(db, actor);
  const kase = await requireMatterFees(db, actor, input.id);
  const id = randomUUID();
  const items = [...new Set(input.items)];
  // Thrown inside the transaction, answered outside it: the version in force is read once the transaction let go.
  const staleVersion = new Error('stale version');
  try {
    await db.transaction().execute(async (trx) => {
      const latest = await trx
        .selectFrom('contingency_agreements')
        .select('version')
        .where('case_id', '=', kase.id)
        .orderBy('version', 'desc')
        .executeTakeFirst();
      const inForce = latest ? Number(latest.version) : 0;
      if (input.version !== undefined && input.version !== inForce) throw staleVersion;
      const version = inForce + 1;
      // Two saves that read the same version both ask for the next: the unique (case_id, version) lets one land.
      await trx
        .insertInto('contingency_agreements')
        .values({
          id,
          organization_id: actor.organizationId,
          case_id: kase.id,
          version,
          uplift_percent: input.upliftPercent,
          normal_fee_basis: input.normalFeeBasis,
          signed_on: input.signedOn,
          items: JSON.stringify(items),
          recorded_by: actor.userId,
          recorded_at: nowIso(),
        })
        .execute();
      const { complete } = contingencyChecklist(items);
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId,
        caseId: kase.id,
        actorId: actor.userId,
        kind: version === 1 ? 'contingency-agreement.signed' : 'contingency-agreement.amended',
        summary: `Contingency-fee agreement ${version === 1 ? 'recorded' : `amended (version ${version})`}: uplift ${input.upliftPercent}% on normal fees${complete ? '' : '; s3 checklist incomplete'}`,
        details: { agreementId: id, version, upliftPercent: input.upliftPercent, complete },
      });
    });
  } catch (error) {
    if (error !== staleVersion && !isUniqueViolation(error)) throw error;
    const [current] = await historyOf(db, actor, kase.id);
    throw new AppError('CONFLICT', AGREEMENT_CHANGED, { version: AGREEMENT_CHANGED }, { current: current ?? null });
  }
  const row = await selectAgreements(db, actor.organizationId, kase.id).where('a.id', '=', id).executeTakeFirstOrThrow();
  return toAgreement(row);
}

/** The success fee on an award under the agreement in force: the lesser of the uplifted normal fees and 25% of the award, VAT inside. */
export async function contingencyFeeOf(db: Kysely<DB>, actor: TenantActor, input: TContingencyFeeRequest): Promise<TContingencyFee> {
  const settings = await requireBillingFirm(db, actor);
  const kase = await requireMatterFees(db, actor, input.id);
  const [agreement] = await historyOf(db, actor, kase.id);
  if (!agreement) throw new AppError('CONFLICT', NO_AGREEMENT);
  const figures = contingencyFee({
    awardCents: input.awardCents,
    normalFeesCents: input.normalFeesCents,
    upliftPercent: agreement.upliftPercent,
    vatVendor: settings.registeredVendor,
  });
  return {
    ...figures,
    vatVendor: settings.registeredVendor,
    awardCents: input.awardCents,
    normalFeesCents: input.normalFeesCents,
    upliftPercent: agreement.upliftPercent,
    agreementVersion: agreement.version,
    agreementComplete: agreement.complete,
  };
}
