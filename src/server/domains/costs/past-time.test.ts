import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { dayKey } from '../../../shared/calendar';
import { type TestApp, startTestApp } from '../../test-support/test-app';
import { apiOf, organisation, person, type Person } from '../../test-support/case-file';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';

// Time added after the fact from the case page (issue 18): one's own, priced at the rate in force on
// the day it started, never in the future, and on the case's timeline as minutes (not money).

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let org: string;
let doctor: Person;
let outsider: Person;
let caseId: string;
let restrictedCase: string;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
  api = apiOf(t);
  org = await organisation(t, 'Past Time Clinic');
  doctor = await person(t, org, 'Doctor', 'Sipho');
  outsider = await person(t, org, 'Doctor', 'Lerato');
  caseId = await createCase(t.db, org, { patient_name: 'Ayanda Zulu' });
  restrictedCase = await createCase(t.db, org, { patient_name: 'Naledi Pillay', restricted: 1 });
  await addTeamMember(t.db, org, restrictedCase, doctor.id);
  // R 900,00 an hour since last year; R 1 200,00 from today: a past day keeps the old rate.
  const lastYear = dayKey(new Date(Date.now() - 365 * 24 * HOUR).toISOString());
  for (const [day, cents] of [[lastYear, 90_000], [dayKey(nowIso()), 120_000]] as const) {
    for (const who of [doctor, outsider]) {
      await t.db.insertInto('staff_hourly_rates').values({ id: `${who.id}-${day}`, organization_id: org, user_id: who.id, role: 'Doctor', hourly_rate_cents: cents, effective_date: day, created_at: nowIso() }).execute();
    }
  }
}, 60_000);
afterAll(() => t.close());

describe('POST /api/time-entries/past', () => {
  it('records 90 minutes two days ago at the rate in force then, and the timeline shows minutes only', async () => {
    const startTime = new Date(Date.now() - 48 * HOUR).toISOString();
    const res = await api('POST', '/api/time-entries/past', doctor.cookie, { caseId, startTime, durationMinutes: 90, description: 'Ward round write-up' });
    expect(res.statusCode).toBe(200);
    const entry = res.json();
    expect([entry.durationMinutes, entry.hourlyRateCents, entry.totalCostCents]).toEqual([90, 90_000, 135_000]);
    expect(entry.endTime).toBe(new Date(Date.parse(startTime) + 90 * 60_000).toISOString());
    const mine = (await api('GET', `/api/time-entries/mine?caseId=${caseId}`, doctor.cookie)).json();
    expect(mine.map((e: { id: string }) => e.id)).toContain(entry.id);
    const timeline = (await api('GET', `/api/patient-cases/${caseId}/timeline`, doctor.cookie)).json();
    const recorded = timeline.items.find((i: { kind: string }) => i.kind === 'time.recorded');
    expect(recorded.summary).toBe('90 min recorded afterwards');
    expect(recorded.summary).not.toMatch(/R\s?\d/);
  });

  it('refuses time that has not ended yet, naming startTime, and writes nothing', async () => {
    const before = (await api('GET', `/api/time-entries/mine?caseId=${caseId}`, doctor.cookie)).json().length;
    const res = await api('POST', '/api/time-entries/past', doctor.cookie, { caseId, startTime: new Date(Date.now() - 30 * 60_000).toISOString(), durationMinutes: 60 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['startTime']);
    expect((await api('GET', `/api/time-entries/mine?caseId=${caseId}`, doctor.cookie)).json().length).toBe(before);
  });

  it('refuses a zero or a day-long duration and a start without a zone', async () => {
    const startTime = new Date(Date.now() - 48 * HOUR).toISOString();
    expect((await api('POST', '/api/time-entries/past', doctor.cookie, { caseId, startTime, durationMinutes: 0 })).json().fields).toHaveProperty('durationMinutes');
    expect((await api('POST', '/api/time-entries/past', doctor.cookie, { caseId, startTime, durationMinutes: 24 * 60 })).json().fields).toHaveProperty('durationMinutes');
    expect((await api('POST', '/api/time-entries/past', doctor.cookie, { caseId, startTime: '2026-01-05T10:00', durationMinutes: 30 })).json().fields).toHaveProperty('startTime');
  });

  it('keeps a restricted case to its team', async () => {
    const startTime = new Date(Date.now() - 48 * HOUR).toISOString();
    const refused = await api('POST', '/api/time-entries/past', outsider.cookie, { caseId: restrictedCase, startTime, durationMinutes: 30 });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'RESTRICTED']);
    expect((await api('POST', '/api/time-entries/past', doctor.cookie, { caseId: restrictedCase, startTime, durationMinutes: 30 })).statusCode).toBe(200);
  });
});
