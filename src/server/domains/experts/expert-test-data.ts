import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { THearingType } from '../../../shared/domain/hearings';
import type { TSide } from '../../../shared/domain/litigation-common';

// Rows of the court part (issue 20) for the experts' and deadlines' tests: a court matter and its
// hearings are written by the court helper's services; these tests only need their trigger dates.

export async function addCourtMatter(
  db: Kysely<DB>,
  organizationId: string,
  caseId: string,
  dates: { summonsServedOn?: string | null; debtDueOn?: string | null; knowledgeOn?: string | null } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await db
    .insertInto('court_matters')
    .values({
      id, organization_id: organizationId, case_id: caseId, court: 'High Court', division: 'Gauteng Division, Pretoria', case_number: `${id.slice(0, 5)}/2026`,
      caselines_reference: null, claim_amount_cents: 250_000_000, stage: 'pleadings', trial_scope: null,
      summons_served_on: dates.summonsServedOn ?? null, debt_due_on: dates.debtDueOn ?? null, knowledge_on: dates.knowledgeOn ?? null,
      updated_by: null, created_at: now, updated_at: now,
    })
    .execute();
  return id;
}

export async function addHearing(db: Kysely<DB>, organizationId: string, caseId: string, startsAt: string, type: THearingType = 'trial'): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await db
    .insertInto('hearings')
    .values({ id, organization_id: organizationId, case_id: caseId, type, starts_at: startsAt, ends_at: null, venue: 'Court 4D', judge: null, outcome: null, notes: null, created_by: null, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** An expert row as experts.create would write it (without its deadlines: call syncCaseDeadlines). */
export async function addExpertRow(db: Kysely<DB>, organizationId: string, caseId: string, personId: string, side: TSide, discipline = 'Obstetrician'): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await db
    .insertInto('case_experts')
    .values({
      id, organization_id: organizationId, case_id: caseId, person_id: personId, discipline, registration_number: null, side, fee_cents: null,
      instructed_on: null, assessed_on: null, report_received_on: null, notice_369a_on: null, summary_369b_on: null, joint_minute_on: null,
      created_by: null, created_at: now, updated_at: now,
    })
    .execute();
  return id;
}
