import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { hashPassword } from '../../src/server/auth/password';
import { type TestDatabase, openTestDatabase } from '../../src/server/test-support/test-database';
import { dayKey } from '../../src/shared/calendar';
import { settlementOutcomes, settlementRate } from '../../src/shared/domain/settlement-figures';
import { headsTotal } from '../../src/shared/domain/settlements';
import { seedDemoData } from './seed-demo';

// The seeded settlement logs (issue 20): both legal organisations get a log whose settlement rate is
// a real figure (settled and court-ordered matters both present), on the matters with a court matter
// once seed-court gives them, never in the future, heads within the amount, each event on the timeline.

const NOW = new Date('2026-03-04T08:30:00.000Z');

describe('seedSettlements', () => {
  let database: TestDatabase;
  let db: Kysely<DB>;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemoData(db, { password: 'demo-password-for-tests', hashPassword, now: NOW });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('gives the law firm and the state litigation unit logs with settled and court-ordered matters; the hospital none', async () => {
    const orgs = await db.selectFrom('organizations').select(['id', 'slug', 'platform']).execute();
    for (const org of orgs) {
      const events = await db.selectFrom('settlement_events').select(['case_id', 'kind', 'status']).where('organization_id', '=', org.id).execute();
      if (org.platform === 'healthcare') {
        expect(events, org.slug).toEqual([]);
        continue;
      }
      const { settled, ordered } = settlementOutcomes(events.map((e) => ({ caseId: e.case_id, kind: e.kind, status: e.status })));
      expect(settled, org.slug).toBeGreaterThanOrEqual(2);
      expect(ordered, org.slug).toBeGreaterThanOrEqual(1);
      const rate = settlementRate(events.map((e) => ({ caseId: e.case_id, kind: e.kind, status: e.status })));
      expect(rate, org.slug).toBeGreaterThan(0);
      expect(rate, org.slug).toBeLessThan(100);
      expect(events.some((e) => e.status === 'open'), org.slug).toBe(true);
    }
  });

  it('logs on cases of the same organisation (those with a court matter when there are any), dated up to today, heads within the amount', async () => {
    const rows = await db
      .selectFrom('settlement_events as s')
      .innerJoin('cases', 'cases.id', 's.case_id')
      .select(['s.id', 's.organization_id', 'cases.organization_id as case_org', 's.case_id', 's.occurred_on', 's.amount_cents', 's.heads'])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    const matters = new Set((await db.selectFrom('court_matters').select('case_id').execute()).map((r) => r.case_id));
    for (const row of rows) {
      expect(row.case_org).toBe(row.organization_id);
      expect(row.occurred_on <= dayKey(NOW)).toBe(true);
      expect(headsTotal(JSON.parse(row.heads))).toBeLessThanOrEqual(Number(row.amount_cents));
      if (matters.size > 0) expect(matters.has(row.case_id)).toBe(true);
    }
    const logged = await db.selectFrom('case_events').select('details').where('kind', '=', 'settlement.logged').execute();
    expect(new Set(logged.map((e) => JSON.parse(e.details).settlementEventId))).toEqual(new Set(rows.map((r) => r.id)));
  });
});
