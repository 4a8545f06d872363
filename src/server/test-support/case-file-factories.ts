import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { CasesTable, DB } from '../../../db/schema';
import { nowIso } from '../../../db/time';

// Cases and their teams for tests of the case file (issue 18): a case is the centre of most tests,
// and the 25 columns of an insert do not belong in each file.

export type CaseValues = Partial<Omit<Insertable<CasesTable>, 'id' | 'organization_id'>>;

/** A case of the organisation, In Progress, with the given columns on top of neutral defaults. */
export async function createCase(db: Kysely<DB>, organizationId: string, values: CaseValues = {}): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await db
    .insertInto('cases')
    .values({
      id, organization_id: organizationId, patient_name: `Patient ${id.slice(0, 4)}`, patient_user_id: null, case_type: 'General', description: null,
      status: 'In Progress', scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null, case_manager_id: null, department: null,
      admission_date: null, estimated_discharge: null, completed_at: null, first_completed_at: null, deidentified_at: null, bed_number: null,
      treatment_plan: null, notes: null, created_by: null, created_at: now, updated_at: now,
      ...values,
    })
    .execute();
  return id;
}

/** Puts a person on a case's team (what PUT …/team does, without its checks). */
export async function addTeamMember(db: Kysely<DB>, organizationId: string, caseId: string, userId: string, roleOnCase = 'attending-doctor'): Promise<void> {
  await db
    .insertInto('case_team')
    .values({ id: randomUUID(), organization_id: organizationId, case_id: caseId, user_id: userId, role_on_case: roleOnCase, added_by: null, added_at: nowIso() })
    .execute();
}

/** The three slot columns as team members, as migration 0012 copied them in. */
export async function teamFromSlots(db: Kysely<DB>, organizationId: string, caseId: string, slots: { doctor?: string | null; nurse?: string | null; manager?: string | null }): Promise<void> {
  if (slots.doctor) await addTeamMember(db, organizationId, caseId, slots.doctor, 'attending-doctor');
  if (slots.nurse) await addTeamMember(db, organizationId, caseId, slots.nurse, 'nurse');
  if (slots.manager) await addTeamMember(db, organizationId, caseId, slots.manager, 'case-manager');
}

/** A task on a case, open unless told otherwise. */
export async function createTask(
  db: Kysely<DB>,
  organizationId: string,
  caseId: string,
  values: { title: string; assigneeId: string | null; dueDate?: string | null; status?: 'open' | 'done'; createdAt?: string },
): Promise<string> {
  const id = randomUUID();
  const at = values.createdAt ?? nowIso();
  const done = values.status === 'done';
  await db
    .insertInto('tasks')
    .values({
      id, organization_id: organizationId, case_id: caseId, title: values.title, assignee_id: values.assigneeId, due_date: values.dueDate ?? null,
      priority: 'Medium', status: values.status ?? 'open', completed_at: done ? at : null, completed_by: done ? values.assigneeId : null,
      created_by: null, created_at: at, updated_at: at,
    })
    .execute();
  return id;
}
