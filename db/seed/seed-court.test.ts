import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { hashPassword } from '../../src/server/auth/password';
import { type TestDatabase, openTestDatabase } from '../../src/server/test-support/test-database';
import { isCourtDay } from '../../src/shared/sa/court-days';
import { dayKey } from '../../src/shared/calendar';
import { seedDemoData } from './seed-demo';

// The seed's court matters and hearings (issue 20), as the issue asks for them: the two legal
// organisations only; the state litigation unit's in the Gauteng Division, Pretoria, with case
// numbers like 2025/012345; stages spread; some with summons served / debt due / knowledge dates;
// trial dates one to four months out, case management and pre-trial in the coming weeks, and a
// past hearing with its outcome. Runs on the dialect of the vitest project.

const NOW = new Date('2026-03-04T08:30:00.000Z'); // a Wednesday, 10:30 in South Africa
const DAY = 86_400_000;

describe('seed: court matters and hearings', () => {
  let database: TestDatabase;
  let db: Kysely<DB>;
  const byPlatform = new Map<string, string>();

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemoData(db, { password: 'demo-password-for-tests', hashPassword, now: NOW });
    for (const org of await db.selectFrom('organizations').select(['id', 'platform']).execute()) byPlatform.set(org.platform, org.id);
  });
  afterAll(() => database.close());

  const mattersOf = (platform: string) =>
    db
      .selectFrom('court_matters as m')
      .innerJoin('cases', 'cases.id', 'm.case_id')
      .selectAll('m')
      .select(['cases.status', 'cases.organization_id as case_org'])
      .where('m.organization_id', '=', byPlatform.get(platform)!)
      .execute();
  const hearingsOf = (platform: string) => db.selectFrom('hearings').selectAll().where('organization_id', '=', byPlatform.get(platform)!).execute();

  it('gives the legal and medicolegal organisations court matters, and the hospital none', async () => {
    const hospital = await db.selectFrom('court_matters').select('id').where('organization_id', '=', byPlatform.get('healthcare')!).execute();
    expect(hospital).toEqual([]);
    expect(await db.selectFrom('hearings').select('id').where('organization_id', '=', byPlatform.get('healthcare')!).execute()).toEqual([]);
    for (const platform of ['legal', 'medicolegal']) {
      const matters = await mattersOf(platform);
      expect(matters.length, platform).toBeGreaterThanOrEqual(4);
      expect(matters.every((m) => m.case_org === m.organization_id)).toBe(true);
    }
  });

  it('puts most of the state litigation unit’s open cases in the Gauteng Division, Pretoria, with numbers like 2025/012345', async () => {
    const unit = byPlatform.get('medicolegal')!;
    const open = await db.selectFrom('cases').select('id').where('organization_id', '=', unit).where('status', '=', 'In Progress').execute();
    const matters = await mattersOf('medicolegal');
    const onOpen = matters.filter((m) => m.status === 'In Progress');
    expect(open.length).toBeGreaterThan(0);
    expect(onOpen.length / open.length).toBeGreaterThan(0.5);
    expect(new Set(matters.map((m) => m.division))).toEqual(new Set(['Gauteng Division, Pretoria']));
    expect(matters.every((m) => /^20\d\d\/\d{6}$/.test(m.case_number))).toBe(true);
    expect(new Set(matters.map((m) => m.case_number)).size).toBe(matters.length);
    expect(new Set(matters.map((m) => m.stage)).size).toBeGreaterThanOrEqual(4);
    expect(matters.some((m) => m.summons_served_on)).toBe(true);
    expect(matters.some((m) => m.debt_due_on)).toBe(true);
    expect(matters.some((m) => m.knowledge_on)).toBe(true);
    expect(matters.every((m) => m.claim_amount_cents !== null && Number(m.claim_amount_cents) > 0)).toBe(true);
  });

  it('sets trial dates one to four months out, case management and pre-trial in the coming weeks, and past hearings with outcomes, all on court days', async () => {
    for (const platform of ['legal', 'medicolegal']) {
      const hearings = await hearingsOf(platform);
      const daysOut = (h: { starts_at: string }) => (Date.parse(h.starts_at) - NOW.getTime()) / DAY;
      const trials = hearings.filter((h) => h.type === 'trial' && daysOut(h) > 0);
      expect(trials.length, platform).toBeGreaterThan(0);
      expect(trials.every((h) => daysOut(h) >= 28 && daysOut(h) <= 125)).toBe(true);
      const soon = hearings.filter((h) => (h.type === 'judicial-case-management' || h.type === 'pre-trial') && daysOut(h) > 0 && daysOut(h) <= 28);
      expect(soon.length, platform).toBeGreaterThan(0);
      const past = hearings.filter((h) => daysOut(h) < 0);
      expect(past.length).toBeGreaterThan(0);
      expect(past.every((h) => h.outcome)).toBe(true);
      expect(hearings.filter((h) => daysOut(h) > 0).every((h) => h.outcome === null)).toBe(true);
      expect(hearings.every((h) => isCourtDay(dayKey(h.starts_at)))).toBe(true);
    }
  });

  it('writes each on its case’s timeline', async () => {
    const unit = byPlatform.get('medicolegal')!;
    const matters = await mattersOf('medicolegal');
    const hearings = await hearingsOf('medicolegal');
    const events = await db.selectFrom('case_events').select(['kind', 'case_id', 'at']).where('organization_id', '=', unit).where('kind', 'in', ['court-matter.updated', 'hearing.scheduled', 'hearing.updated']).execute();
    expect(events.filter((e) => e.kind === 'court-matter.updated')).toHaveLength(matters.length);
    expect(events.filter((e) => e.kind === 'hearing.scheduled')).toHaveLength(hearings.length);
    expect(events.filter((e) => e.kind === 'hearing.updated')).toHaveLength(hearings.filter((h) => h.outcome).length);
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.at > NOW.toISOString())).toEqual([]);
  });
});
