import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { hashPassword } from '../../src/server/auth/password';
import { type TestDatabase, openTestDatabase } from '../../src/server/test-support/test-database';
import { seedDemoData } from './seed-demo';

// The seeded cases carry the case file the demo shows for the same cases (src/shared/sample-cases):
// Thabo Mabaso's notes (one amended), tasks (one overdue, one done) and his extra team member.

const NOW = new Date('2026-03-04T08:30:00.000Z');

describe('seedCaseFiles', () => {
  let database: TestDatabase;
  let db: Kysely<DB>;
  let caseId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemoData(db, { password: 'demo-password-for-tests', hashPassword, now: NOW });
    caseId = (await db.selectFrom('cases').select('id').where('patient_name', '=', 'Thabo Mabaso').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('gives the law firm no advocate among its own people: the forensic accountant is the in-house expert, counsel a party (issue 32)', async () => {
    const rows = await db
      .selectFrom('case_team')
      .innerJoin('organizations', 'organizations.id', 'case_team.organization_id')
      .innerJoin('users', 'users.id', 'case_team.user_id')
      .select(['case_team.role_on_case', 'users.first_name', 'users.last_name'])
      .where('organizations.platform', '=', 'legal')
      .execute();
    expect(rows.filter((r) => r.role_on_case === 'advocate')).toEqual([]);
    const essop = rows.filter((r) => r.last_name === 'Essop');
    expect(essop.length).toBeGreaterThanOrEqual(2);
    expect(new Set(essop.map((r) => r.role_on_case))).toEqual(new Set(['expert']));
    expect(rows.map((r) => r.role_on_case)).toContain('assisting-attorney');
    const counsel = await db
      .selectFrom('case_parties')
      .innerJoin('organizations', 'organizations.id', 'case_parties.organization_id')
      .select('case_parties.role')
      .where('organizations.platform', '=', 'legal')
      .where('case_parties.role', '=', 'advocate')
      .execute();
    expect(counsel.length).toBeGreaterThan(0);
  });

  it("writes the sample notes, the amendment naming the note it amends", async () => {
    const notes = await db.selectFrom('case_notes').select(['id', 'kind', 'body', 'amends_id']).where('case_id', '=', caseId).execute();
    expect(notes).toHaveLength(4);
    const amendment = notes.find((n) => n.amends_id !== null);
    expect(amendment?.body).toContain('small ooze');
    expect(notes.find((n) => n.id === amendment?.amends_id)?.body).toBe('Slept well. Enoxaparin given at 18:00. Drain removed, site clean.');
  });

  it('writes the tasks (one overdue and open, one done by its assignee) and their timeline events', async () => {
    const tasks = await db.selectFrom('tasks').select(['title', 'status', 'due_date', 'assignee_id', 'completed_by']).where('case_id', '=', caseId).execute();
    expect(tasks).toHaveLength(3);
    expect(tasks.find((t) => t.title === 'Wound check (day 3)')).toMatchObject({ status: 'open', due_date: '2026-03-03' });
    const done = tasks.find((t) => t.status === 'done');
    expect(done?.completed_by).toBe(done?.assignee_id);
    const kinds = (await db.selectFrom('case_events').select('kind').where('case_id', '=', caseId).execute()).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'task.created')).toHaveLength(3);
    expect(kinds).toEqual(expect.arrayContaining(['note.added', 'note.amended', 'task.completed', 'team.added']));
  });

  it('adds the member beyond the three slots', async () => {
    const members = await db
      .selectFrom('case_team')
      .innerJoin('users', 'users.id', 'case_team.user_id')
      .select(['users.last_name', 'case_team.role_on_case'])
      .where('case_team.case_id', '=', caseId)
      .execute();
    expect(members).toContainEqual({ last_name: 'du Plessis', role_on_case: 'consultant' });
  });
});
