import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { CaseExpertsTable } from '../../../../db/schema-litigation';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TFieldChange } from '../../../shared/domain/case-timeline';
import {
  EXPERT_MILESTONES,
  EXPERT_MILESTONE_LABELS,
  type TCreateExpertInput,
  type TExpert,
  type TExpertMilestone,
  type TUpdateExpertInput,
} from '../../../shared/domain/experts';
import type { TSide } from '../../../shared/domain/litigation-common';
import { expertDueDates } from '../../../shared/deadlines/case-deadline-plan';
import { formatZar } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { syncCaseDeadlines, trialDayOfCase } from '../deadlines/case-deadlines.service';
import { appendCaseEvent } from '../timeline/case-events';

// Expert witnesses on a case (issue 20): a person of the registry with a discipline and a
// registration (HPCSA for medical experts), for our side or the opposing one, a fee, and the Rule
// 36(9) milestones as dates. Each answers its 36(9)(a)/(b) due dates from the case's trial date. An
// expert of ours puts those deadlines on the case as tasks (syncCaseDeadlines, in the same
// transaction); several people edit an expert, so a write names the version it saw (stale → 409).

export const EXPERT_CHANGED_MESSAGE = 'This expert was changed by someone else. Reload to see it as it is now, then make your change again.';
export const DUPLICATE_EXPERT_MESSAGE = 'This person is already an expert on this case';

/** The column of each milestone. */
const MILESTONE_COLUMNS = {
  instructed: 'instructed_on',
  assessed: 'assessed_on',
  reportReceived: 'report_received_on',
  notice369a: 'notice_369a_on',
  summary369b: 'summary_369b_on',
  jointMinute: 'joint_minute_on',
} as const satisfies Record<TExpertMilestone, keyof CaseExpertsTable>;

const SIDE_LABELS: Record<TSide, string> = { ours: 'Ours', opposing: 'Opposing' };
const sideInSentence = (side: TSide) => (side === 'ours' ? 'our expert' : "the opposing side's expert");

function selectExperts(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('case_experts as e')
    .innerJoin('people', 'people.id', 'e.person_id')
    .selectAll('e')
    .select('people.full_name')
    .where('e.organization_id', '=', organizationId);
}

type ExpertRow = Awaited<ReturnType<ReturnType<typeof selectExperts>['executeTakeFirstOrThrow']>>;

function toExpert(row: ExpertRow, trialDay: string | null): TExpert {
  const milestones = Object.fromEntries(EXPERT_MILESTONES.map((m) => [m, row[MILESTONE_COLUMNS[m]] ?? null])) as Record<TExpertMilestone, string | null>;
  return {
    id: row.id,
    caseId: row.case_id,
    personId: row.person_id,
    name: row.full_name,
    discipline: row.discipline,
    registrationNumber: row.registration_number,
    side: row.side,
    feeCents: row.fee_cents === null ? null : Number(row.fee_cents),
    milestones,
    dueDates: expertDueDates(trialDay, milestones),
    version: Number(row.version),
  };
}

async function findExpertRow(db: Kysely<DB>, actor: TenantActor, id: string): Promise<ExpertRow> {
  const row = await selectExperts(db, actor.organizationId).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Expert not found');
  return row;
}

async function currentExpert(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TExpert> {
  const row = await findExpertRow(db, actor, id);
  return toExpert(row, await trialDayOfCase(db, actor.organizationId, row.case_id));
}

/** GET /patient-cases/{id}/experts: ours first, then the opposing side's, each in the order added. */
export async function listExperts(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<{ items: TExpert[] }> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectExperts(db, actor.organizationId)
    .where('e.case_id', '=', kase.id)
    .orderBy((eb) => eb.case().when('e.side', '=', 'ours').then(0).else(1).end())
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  const trialDay = await trialDayOfCase(db, actor.organizationId, kase.id);
  return { items: rows.map((row) => toExpert(row, trialDay)) };
}

export async function createExpert(db: Kysely<DB>, actor: TenantActor, input: TCreateExpertInput): Promise<TExpert> {
  const kase = await requireCaseAccess(db, actor, input.id);
  const person = await db
    .selectFrom('people')
    .select(['id', 'full_name', 'merged_into_id'])
    .where('id', '=', input.personId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!person) throw new AppError('BAD_REQUEST', 'Person not found in this organisation', { personId: 'Person not found in this organisation' });
  if (person.merged_into_id) {
    throw new AppError('BAD_REQUEST', 'This record was merged into another person', { personId: 'This record was merged into another person; choose that one' });
  }
  const id = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const already = await trx.selectFrom('case_experts').select('id').where('case_id', '=', kase.id).where('person_id', '=', person.id).executeTakeFirst();
    if (already) throw new AppError('CONFLICT', DUPLICATE_EXPERT_MESSAGE);
    await trx
      .insertInto('case_experts')
      .values({
        id, organization_id: actor.organizationId, case_id: kase.id, person_id: person.id, discipline: input.discipline,
        registration_number: input.registrationNumber ?? null, side: input.side, fee_cents: input.feeCents,
        instructed_on: null, assessed_on: null, report_received_on: null, notice_369a_on: null, summary_369b_on: null, joint_minute_on: null,
        created_by: actor.userId, created_at: now, updated_at: now,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: kase.id, actorId: actor.userId, at: now, kind: 'expert.added',
      summary: `Added ${person.full_name} (${input.discipline}) as ${sideInSentence(input.side)}`,
      details: { expertId: id, personId: person.id, side: input.side },
    });
    await syncCaseDeadlines(trx, actor, kase.id);
  });
  return currentExpert(db, actor, id);
}

const FIELD_LABELS = { discipline: 'Discipline', registrationNumber: 'Registration number', side: 'Side', feeCents: 'Fee' } as const;
type EditableField = keyof typeof FIELD_LABELS;

const shown = (field: EditableField, value: string | number | null): string | null => {
  if (value === null) return null;
  if (field === 'feeCents') return formatZar(Number(value));
  if (field === 'side') return SIDE_LABELS[value as TSide];
  return String(value);
};

export async function updateExpert(db: Kysely<DB>, actor: TenantActor, input: TUpdateExpertInput): Promise<TExpert> {
  const row = await findExpertRow(db, actor, input.id);
  const kase = await requireCaseAccess(db, actor, row.case_id);
  const before = toExpert(row, await trialDayOfCase(db, actor.organizationId, kase.id));
  const conflict = (current: TExpert) => new AppError('CONFLICT', EXPERT_CHANGED_MESSAGE, undefined, { current });
  if (input.expectedVersion !== before.version) throw conflict(before);

  // What actually changes: a value sent that equals the stored one changes nothing.
  const set: Updateable<CaseExpertsTable> = {};
  const changes: TFieldChange[] = [];
  const fieldColumns = { discipline: 'discipline', registrationNumber: 'registration_number', side: 'side', feeCents: 'fee_cents' } as const;
  for (const field of Object.keys(FIELD_LABELS) as EditableField[]) {
    const next = input[field];
    if (next === undefined || next === before[field]) continue;
    Object.assign(set, { [fieldColumns[field]]: next });
    changes.push({ field, label: FIELD_LABELS[field], from: shown(field, before[field]), to: shown(field, next) });
  }
  for (const m of EXPERT_MILESTONES) {
    const next = input.milestones?.[m];
    if (next === undefined || next === before.milestones[m]) continue;
    Object.assign(set, { [MILESTONE_COLUMNS[m]]: next });
    changes.push({ field: `milestones.${m}`, label: EXPERT_MILESTONE_LABELS[m], from: before.milestones[m], to: next });
  }
  if (changes.length === 0) return before;

  const now = nowIso();
  const written = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('case_experts')
      .set({ ...set, version: before.version + 1, updated_at: now })
      .where('id', '=', before.id)
      .where('organization_id', '=', actor.organizationId)
      // Of two writers who saw this version, only one gets through.
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId, caseId: kase.id, actorId: actor.userId, at: now, kind: 'expert.updated',
      summary: `Expert ${before.name} updated: ${changes.map((c) => c.label).join(', ')}`,
      changes, details: { expertId: before.id },
    });
    await syncCaseDeadlines(trx, actor, kase.id);
    return true;
  });
  if (!written) throw conflict(await currentExpert(db, actor, before.id));
  return currentExpert(db, actor, before.id);
}
