import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// GET /api/deadlines/preview (issue 20) over real HTTP: the due date and its explanation for a rule
// and a trigger date; an unknown rule or a date that is not a day is a 400 naming the field; only
// signed-in callers. The counting itself is tested row by row in src/shared/deadlines.

let t: TestApp;
let cookie = '';
beforeAll(async () => {
  t = await startTestApp();
  const org = await createOrganization(t.db, 'Deadline Unit', 'medicolegal');
  const user = await createUser(t.db, { organizationId: org, role: 'Attorneys' });
  cookie = await signIn(t.app, user.email);
});
afterAll(() => t.close());

const preview = (query: string, withCookie = true) =>
  t.app.inject({ method: 'GET', url: `/api/deadlines/preview?${query}`, headers: { origin: ORIGIN, ...(withCookie ? { cookie } : {}) } });

describe('GET /api/deadlines/preview', () => {
  it('answers the due date of Rule 19(1), skipping 16 December to 15 January', async () => {
    // Served Thu 2026-12-10: court days 11, 14, 15 Dec (3); 16 Dec–15 Jan not counted; then
    // 18, 19, 20, 21, 22, 25, 26 Jan (7) → the 10th court day is Tue 2027-01-26.
    const res = await preview('rule=rule-19&trigger=2026-12-10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rule: 'rule-19', trigger: '2026-12-10', due: '2027-01-26' });
    expect(body.explanation).toContain('Rule 19(1)');
  });

  it('answers Rule 36(9)(a) counting back 15 court days over Freedom Day', async () => {
    // Trial Fri 2027-05-14. Back: 13, 12, 11, 10 May (4), 7, 6, 5, 4, 3 May (9), 30, 29, 28 Apr
    // (12; 27 Apr Freedom Day skipped), 26, 23, 22 Apr (15) → Thu 2027-04-22.
    const res = await preview('rule=rule-36-9-a&trigger=2027-05-14');
    expect(res.statusCode).toBe(200);
    expect(res.json().due).toBe('2027-04-22');
  });

  it('refuses an unknown rule and a day that does not exist with a 400 naming the field', async () => {
    const unknown = await preview('rule=rule-99&trigger=2026-12-10');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields ?? {})).toContain('rule');
    const badDay = await preview('rule=rule-19&trigger=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(Object.keys(badDay.json().fields ?? {})).toContain('trigger');
  });

  it('asks a caller who is not signed in to sign in', async () => {
    expect((await preview('rule=rule-19&trigger=2026-12-10', false)).statusCode).toBe(401);
  });

  it('lists the rules with their sources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/deadlines/rules', headers: { origin: ORIGIN, cookie } });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().items as Array<{ id: string }>).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['rule-19', 'rule-36-9-a', 'rule-36-9-b', 'act-40-s3', 'prescription', 'paia-s25']));
  });
});
