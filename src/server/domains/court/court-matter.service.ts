import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import {
  CITED_PARTY_ROLES,
  type TCourtMatter,
  type TCourtMatterValues,
  type TPutCourtMatterInput,
  courtMatterChanges,
  courtMatterSummary,
} from '../../../shared/domain/court-matters';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { syncCaseDeadlines } from '../deadlines/case-deadlines.service';
import { noteServiceOfSummons } from '../deadlines/deadline-outcomes.service';
import { appendCaseEvent } from '../timeline/case-events';

// The court matter of a case (issue 20, GET/PUT /api/patient-cases/{id}/court-matter): one per
// case, created by the first PUT and replaced whole by the next ones. Several people edit it, so a
// replacement names the version it saw; a stale one (or a create racing another) is 409 with the
// court matter as it is now. Every write is one timeline line with each field old → new, and the
// case's deadlines (Rule 19 from service, s3 from the debt, prescription from knowledge) are
// recomputed in the same transaction.

export const COURT_MATTER_CHANGED_MESSAGE = 'This court matter was changed by someone else. Reload to see it as it is now, then make your change again.';
export const COURT_MATTER_EXISTS_MESSAGE = 'This case already has a court matter (someone recorded it meanwhile). Reload to see it, then make your change again.';

function selectCourtMatters(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('court_matters as m')
    .leftJoin('users as editor', 'editor.id', 'm.updated_by')
    .selectAll('m')
    .select(['editor.first_name as editor_first_name', 'editor.last_name as editor_last_name'])
    .where('m.organization_id', '=', organizationId);
}

type CourtMatterRow = Awaited<ReturnType<ReturnType<typeof selectCourtMatters>['executeTakeFirstOrThrow']>>;

/** The parties cited: the case's plaintiffs and defendants, with the case's own person as plaintiff. */
export async function partiesCited(db: Kysely<DB>, organizationId: string, caseId: string): Promise<TCourtMatter['partiesCited']> {
  const kase = await db
    .selectFrom('cases')
    .leftJoin('people', 'people.id', 'cases.person_id')
    .select(['people.id as person_id', 'people.full_name'])
    .where('cases.id', '=', caseId)
    .where('cases.organization_id', '=', organizationId)
    .executeTakeFirst();
  const parties = await db
    .selectFrom('case_parties as p')
    .innerJoin('people', 'people.id', 'p.person_id')
    .select(['p.person_id', 'p.role', 'people.full_name'])
    .where('p.organization_id', '=', organizationId)
    .where('p.case_id', '=', caseId)
    .where('p.role', 'in', CITED_PARTY_ROLES)
    .orderBy('p.added_at')
    .orderBy('p.id')
    .execute();
  const cited = parties.map((p) => ({ personId: p.person_id, name: p.full_name, role: p.role as string }));
  // The client is a litigant whether or not someone also added them as a party; once, as plaintiff
  // unless a party row already names their role.
  if (kase?.person_id && kase.full_name && !cited.some((p) => p.personId === kase.person_id)) {
    cited.unshift({ personId: kase.person_id, name: kase.full_name, role: 'plaintiff' });
  }
  // Plaintiffs first, then defendants (the order of a citation).
  return cited.sort((a, b) => Number(a.role === 'defendant') - Number(b.role === 'defendant'));
}

function toCourtMatter(row: CourtMatterRow, cited: TCourtMatter['partiesCited']): TCourtMatter {
  return {
    caseId: row.case_id,
    court: row.court,
    division: row.division,
    caseNumber: row.case_number,
    caselinesReference: row.caselines_reference,
    claimAmountCents: row.claim_amount_cents === null ? null : Number(row.claim_amount_cents),
    stage: row.stage,
    trialScope: row.trial_scope,
    summonsServedOn: row.summons_served_on,
    debtDueOn: row.debt_due_on,
    knowledgeOn: row.knowledge_on,
    partiesCited: cited,
    version: Number(row.version),
    updatedAt: row.updated_at,
    updatedByName: fullName(row.editor_first_name, row.editor_last_name),
  };
}

async function findCourtMatter(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TCourtMatter | null> {
  const row = await selectCourtMatters(db, actor.organizationId).where('m.case_id', '=', caseId).executeTakeFirst();
  return row ? toCourtMatter(row, await partiesCited(db, actor.organizationId, caseId)) : null;
}

export async function getCourtMatter(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<{ courtMatter: TCourtMatter | null }> {
  const kase = await requireCaseAccess(db, actor, caseId);
  return { courtMatter: await findCourtMatter(db, actor, kase.id) };
}

const valuesOf = (input: TPutCourtMatterInput): TCourtMatterValues => ({
  court: input.court,
  division: input.division,
  caseNumber: input.caseNumber,
  caselinesReference: input.caselinesReference,
  claimAmountCents: input.claimAmountCents,
  stage: input.stage,
  trialScope: input.trialScope,
  summonsServedOn: input.summonsServedOn,
  debtDueOn: input.debtDueOn,
  knowledgeOn: input.knowledgeOn,
});

const columnsOf = (values: TCourtMatterValues) => ({
  court: values.court,
  division: values.division,
  case_number: values.caseNumber,
  caselines_reference: values.caselinesReference,
  claim_amount_cents: values.claimAmountCents,
  stage: values.stage,
  trial_scope: values.trialScope,
  summons_served_on: values.summonsServedOn,
  debt_due_on: values.debtDueOn,
  knowledge_on: values.knowledgeOn,
});

const stale = (current: TCourtMatter | null, message = COURT_MATTER_CHANGED_MESSAGE) => new AppError('CONFLICT', message, undefined, { current });

/**
 * PUT: creates the court matter, or replaces it whole. Once one exists the write must name the
 * version it saw; without one (a form opened before someone else recorded it) or with an older one
 * it is 409 with the current record, and nothing is written. An unchanged replacement writes nothing.
 */
export async function putCourtMatter(db: Kysely<DB>, actor: TenantActor, input: TPutCourtMatterInput): Promise<TCourtMatter> {
  const kase = await requireCaseAccess(db, actor, input.id);
  const after = valuesOf(input);
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findCourtMatter(trx, actor, kase.id);
      if (before && input.expectedVersion === undefined) throw stale(before, COURT_MATTER_EXISTS_MESSAGE);
      if (before && input.expectedVersion !== before.version) throw stale(before);
      const changes = courtMatterChanges(before, after);
      if (before && changes.length === 0) return;

      const now = nowIso();
      if (before) {
        const claimed = await trx
          .updateTable('court_matters')
          .set((eb) => ({ ...columnsOf(after), version: eb('version', '+', 1), updated_by: actor.userId, updated_at: now }))
          .where('organization_id', '=', actor.organizationId)
          .where('case_id', '=', kase.id)
          .where('version', '=', before.version)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) throw stale(await findCourtMatter(trx, actor, kase.id));
      } else {
        await trx
          .insertInto('court_matters')
          .values({ id: randomUUID(), organization_id: actor.organizationId, case_id: kase.id, ...columnsOf(after), updated_by: actor.userId, created_at: now, updated_at: now })
          .execute();
      }
      await appendCaseEvent(trx, {
        organizationId: actor.organizationId,
        caseId: kase.id,
        actorId: actor.userId,
        kind: 'court-matter.updated',
        at: now,
        summary: courtMatterSummary(before, after, changes),
        changes,
      });
      await syncCaseDeadlines(trx, actor, kase.id);
      // Issue 32: service of summons decides the prescription and s3 deadlines; the timeline says how.
      if (after.summonsServedOn && after.summonsServedOn !== (before?.summonsServedOn ?? null)) await noteServiceOfSummons(trx, actor, kase.id, after.summonsServedOn);
    });
  } catch (error) {
    // Two first writes at once: the unique index (one per case) lets one in; the other sees it.
    if (isUniqueViolation(error)) throw stale(await findCourtMatter(db, actor, kase.id), COURT_MATTER_EXISTS_MESSAGE);
    throw error;
  }
  const saved = await findCourtMatter(db, actor, kase.id);
  if (!saved) throw new AppError('NOT_FOUND', 'Court matter not found');
  return saved;
}
