import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { hashPassword } from '../../src/server/auth/password';
import type { TenantActor } from '../../src/server/auth/actor';
import { syncCaseDeadlines } from '../../src/server/domains/deadlines/case-deadlines.service';
import { type TestDatabase, openTestDatabase } from '../../src/server/test-support/test-database';
import { addDays, dayKey } from '../../src/shared/calendar';
import { seedDemoData } from './seed-demo';
import { seedExperts } from './seed-experts';

// The seeded experts (issue 20): on the legal and medicolegal cases with a trial hearing, one to
// three experts of the registry, both sides, HPCSA numbers, some milestones done; our experts' 36(9)
// deadlines with their tasks — exactly what syncCaseDeadlines would write (it finds nothing to change).
// The court part's seed inserts the trial hearings; where it has not run, this test inserts them.

const NOW = new Date();

describe('seedExperts', () => {
  let database: TestDatabase;
  let db: Kysely<DB>;
  let trialCases: { id: string; organization_id: string }[];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemoData(db, { password: 'demo-password-for-tests', hashPassword, now: NOW });
    const trials = await db.selectFrom('hearings').select('id').where('type', '=', 'trial').execute();
    if (trials.length === 0) {
      const orgs = await db.selectFrom('organizations').select('id').where('platform', 'in', ['legal', 'medicolegal']).execute();
      for (const [o, org] of orgs.entries()) {
        const cases = await db.selectFrom('cases').select('id').where('organization_id', '=', org.id).orderBy('created_at').limit(3).execute();
        for (const [i, kase] of cases.entries()) {
          const starts = addDays(NOW, 30 + 45 * i + o * 7).toISOString();
          await db
            .insertInto('hearings')
            .values({ id: randomUUID(), organization_id: org.id, case_id: kase.id, type: 'trial', starts_at: starts, ends_at: null, venue: 'Court 4D', judge: null, outcome: null, notes: null, created_by: null, created_at: NOW.toISOString(), updated_at: NOW.toISOString() })
            .execute();
        }
      }
      await db.transaction().execute((trx) => seedExperts(trx, NOW));
    }
    trialCases = await db
      .selectFrom('cases')
      .select(['cases.id', 'cases.organization_id'])
      .where((eb) => eb.exists(eb.selectFrom('hearings').select('hearings.id').whereRef('hearings.case_id', '=', 'cases.id').where('hearings.type', '=', 'trial')))
      .execute();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('gives each case with a trial one to three experts of the registry, both sides, with real registrations', async () => {
    expect(trialCases.length).toBeGreaterThan(0);
    const experts = await db
      .selectFrom('case_experts as e')
      .innerJoin('people', 'people.id', 'e.person_id')
      .select(['e.case_id', 'e.organization_id', 'e.side', 'e.discipline', 'e.registration_number', 'e.fee_cents', 'people.organization_id as person_org', 'people.full_name'])
      .execute();
    for (const kase of trialCases) {
      const mine = experts.filter((e) => e.case_id === kase.id);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(3);
    }
    expect(new Set(experts.map((e) => e.side))).toEqual(new Set(['ours', 'opposing']));
    expect(experts.length).toBeGreaterThan(0);
    expect(experts.filter((e) => e.person_org !== e.organization_id)).toEqual([]);
    const registrations = experts.map((e) => e.registration_number).filter((r): r is string => r !== null);
    expect(registrations.length).toBeGreaterThan(0);
    for (const r of registrations) expect(r).toMatch(/^(MP|PS|OT)\d{7}$/);
    expect(experts.map((e) => e.discipline)).toEqual(expect.arrayContaining(['Obstetrician and gynaecologist', 'Actuary']));
  });

  it('marks some milestones done, none after the seed’s day', async () => {
    const rows = await db.selectFrom('case_experts').select(['instructed_on', 'assessed_on', 'report_received_on', 'notice_369a_on', 'summary_369b_on', 'joint_minute_on']).execute();
    const days = rows.flatMap((r) => Object.values(r)).filter((d): d is string => d !== null);
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) expect(d <= dayKey(NOW)).toBe(true);
  });

  it('puts two 36(9) deadlines with open High tasks on the case per expert of ours, none for theirs', async () => {
    const ours = await db.selectFrom('case_experts').select(['id', 'side']).execute();
    const deadlines = await db
      .selectFrom('case_deadlines as d')
      .innerJoin('tasks', 'tasks.id', 'd.task_id')
      .select(['d.source_id', 'd.rule', 'd.due_on', 'tasks.due_date', 'tasks.priority'])
      .where('d.source_kind', '=', 'expert')
      .execute();
    for (const e of ours) {
      const mine = deadlines.filter((d) => d.source_id === e.id);
      expect(mine.map((d) => d.rule).sort()).toEqual(e.side === 'ours' ? ['rule-36-9-a', 'rule-36-9-b'] : []);
      for (const d of mine) expect([d.due_date, d.priority]).toEqual([d.due_on, 'High']);
    }
  });

  it('wrote what syncCaseDeadlines writes: running it over the seeded cases changes nothing', async () => {
    const snapshot = async () => ({
      deadlines: await db.selectFrom('case_deadlines').select(['id', 'rule', 'source_id', 'trigger_on', 'due_on', 'explanation', 'task_id']).orderBy('id').execute(),
      tasks: await db.selectFrom('tasks').select(['id', 'title', 'due_date', 'assignee_id', 'version']).orderBy('id').execute(),
      events: Number((await db.selectFrom('case_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    });
    const before = await snapshot();
    for (const kase of trialCases) {
      const org = await db.selectFrom('organizations').select('platform').where('id', '=', kase.organization_id).executeTakeFirstOrThrow();
      const admin = await db.selectFrom('memberships').select('user_id').where('organization_id', '=', kase.organization_id).where('role', '=', 'Administrator').executeTakeFirstOrThrow();
      const actor: TenantActor = { userId: admin.user_id, sessionId: 'seed-test', organizationId: kase.organization_id, platform: org.platform as TenantActor['platform'], role: 'Administrator', isSuperAdmin: false };
      await db.transaction().execute((trx) => syncCaseDeadlines(trx, actor, kase.id));
    }
    expect(await snapshot()).toEqual(before);
  });
});
