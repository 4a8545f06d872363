import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { addDays, dayKey } from '../../src/shared/calendar';
import { CASE_NOTE_KINDS } from '../../src/shared/domain/case-notes';
import { CASE_TEAM_ROLES } from '../../src/shared/domain/case-team';
import { type TSamplePerson, sampleCaseFileOf } from '../../src/shared/sample-cases/case-file-samples';
import { samplePerson } from '../../src/shared/sample-cases/sample-case';
import { DEMO_ORGANIZATIONS, emailOf } from './demo-organizations';

// The case file of the seeded cases (issue 18) from the catalogue the demo shares
// (src/shared/sample-cases/case-file-samples.ts): team members beyond the three slots, notes (with
// their amendments), tasks (some overdue, some done), the timeline events that record them, and
// the restricted mark. Run inside the seed's transaction, after the cases are in; it finds the cases
// by organisation and name, so it needs nothing from the in-memory plan.

const HOUR_MS = 3_600_000;

export async function seedCaseFiles(db: Kysely<DB>, now: Date): Promise<void> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString();
  const team: Insertable<DB['case_team']>[] = [];
  const notes: Insertable<DB['case_notes']>[] = [];
  const tasks: Insertable<DB['tasks']>[] = [];
  const events: Insertable<DB['case_events']>[] = [];
  const restrictedIds: string[] = [];

  for (const def of DEMO_ORGANIZATIONS) {
    const org = await db.selectFrom('organizations').select('id').where('slug', '=', def.slug).executeTakeFirst();
    if (!org) continue;
    const users = await db.selectFrom('users').select(['id', 'email']).execute();
    const userIdOf = (key: string) => {
      const person = def.people.find((p) => p.key === key);
      return person ? (users.find((u) => u.email === emailOf(def, person))?.id ?? null) : null;
    };
    const cases = await db
      .selectFrom('cases')
      .select(['id', 'patient_name', 'assigned_doctor_id', 'assigned_nurse_id', 'case_manager_id', 'created_at'])
      .where('organization_id', '=', org.id)
      .execute();
    for (const kase of cases) {
      const sample = sampleCaseFileOf(def.platform, kase.patient_name);
      if (!sample) continue;
      const personId = (person: TSamplePerson): string | null => {
        if (person === 'lead') return kase.assigned_doctor_id;
        if (person === 'support') return kase.assigned_nurse_id;
        if (person === 'manager') return kase.case_manager_id;
        return userIdOf(samplePerson(def.platform, person.staff, 'seed'));
      };
      const event = (when: string, actorId: string | null, kind: Insertable<DB['case_events']>['kind'], summary: string) =>
        events.push({ id: randomUUID(), organization_id: org.id, case_id: kase.id, at: when, actor_id: actorId, kind, summary });

      if (sample.restricted) {
        restrictedIds.push(kase.id);
        event(kase.created_at, kase.case_manager_id, 'case.restricted', 'Marked restricted: only the team reads it');
      }
      const slots = new Set([kase.assigned_doctor_id, kase.assigned_nurse_id, kase.case_manager_id]);
      for (const extra of sample.team ?? []) {
        const userId = personId(extra.person);
        if (!userId || slots.has(userId) || team.some((t) => t.case_id === kase.id && t.user_id === userId)) continue;
        team.push({ id: randomUUID(), organization_id: org.id, case_id: kase.id, user_id: userId, role_on_case: extra.roleOnCase, added_by: kase.case_manager_id, added_at: kase.created_at });
        event(kase.created_at, kase.case_manager_id, 'team.added', `Joined as ${CASE_TEAM_ROLES[extra.roleOnCase]}`);
      }
      for (const note of sample.notes ?? []) {
        const authorId = personId(note.by);
        const id = randomUUID();
        notes.push({ id, organization_id: org.id, case_id: kase.id, kind: note.kind, body: note.body, author_id: authorId, amends_id: null, created_at: at(note.hoursAgo) });
        event(at(note.hoursAgo), authorId, 'note.added', `${CASE_NOTE_KINDS[note.kind]}: ${note.body.slice(0, 80)}`);
        if (note.amended) {
          notes.push({ id: randomUUID(), organization_id: org.id, case_id: kase.id, kind: note.kind, body: note.amended.body, author_id: authorId, amends_id: id, created_at: at(note.amended.hoursAgo) });
          event(at(note.amended.hoursAgo), authorId, 'note.amended', `Amended a note: ${note.amended.body.slice(0, 80)}`);
        }
      }
      for (const [i, task] of (sample.tasks ?? []).entries()) {
        const assigneeId = personId(task.assignee);
        const created = at(72 + i);
        const done = task.doneHoursAgo !== undefined ? at(task.doneHoursAgo) : null;
        tasks.push({
          id: randomUUID(), organization_id: org.id, case_id: kase.id, title: task.title, assignee_id: assigneeId,
          due_date: task.dueInDays === null ? null : dayKey(addDays(now, task.dueInDays)), priority: task.priority,
          status: done ? 'done' : 'open', completed_at: done, completed_by: done ? assigneeId : null,
          created_by: kase.case_manager_id, created_at: created, updated_at: done ?? created,
        });
        event(created, kase.case_manager_id, 'task.created', `Task: ${task.title}`);
        if (done) event(done, assigneeId, 'task.completed', `Task done: ${task.title}`);
      }
    }
  }

  if (restrictedIds.length) await db.updateTable('cases').set({ restricted: 1 }).where('id', 'in', restrictedIds).execute();
  if (team.length) await db.insertInto('case_team').values(team).execute();
  if (notes.length) await db.insertInto('case_notes').values(notes).execute();
  if (tasks.length) await db.insertInto('tasks').values(tasks).execute();
  if (events.length) await db.insertInto('case_events').values(events).execute();
}
