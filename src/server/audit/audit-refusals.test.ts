import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../test-support/test-app';

// Issue 16: every refusal and every read of records is in the trail (README, "Audit trail"), and
// nobody can fill the trail with repeated failures. Through real HTTP on a real database.

let t: TestApp;
let orgA: string;
let admin: { id: string; cookie: string };
let doctor: { id: string; cookie: string };
let outsider: { id: string; cookie: string };
let superAdmin: { id: string; cookie: string };

const UA = 'RefusalTest/1.0';

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  const orgB = await createOrganization(t.db, 'Bongani Hospital');
  const a = await createUser(t.db, { organizationId: orgA, role: 'Administrator' });
  const d = await createUser(t.db, { organizationId: orgA, role: 'Doctor' });
  const o = await createUser(t.db, { organizationId: orgB, role: 'Administrator' });
  const s = await createUser(t.db, { superAdmin: true });
  admin = { id: a.id, cookie: await signIn(t.app, a.email) };
  doctor = { id: d.id, cookie: await signIn(t.app, d.email) };
  outsider = { id: o.id, cookie: await signIn(t.app, o.email) };
  superAdmin = { id: s.id, cookie: await signIn(t.app, s.email) };
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: object, origin = ORIGIN) =>
  t.app.inject({ method, url, headers: { origin, 'user-agent': UA, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const lastSeq = async () => Number((await t.db.selectFrom('audit_chain_head').select('seq').executeTakeFirstOrThrow()).seq);
async function entriesAfter(seq: number) {
  const rows = await t.db.selectFrom('audit_events').selectAll().where('seq', '>', seq).orderBy('seq').execute();
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

describe('every refusal is recorded', () => {
  it('a wrong current password at a password change', async () => {
    const before = await lastSeq();
    const res = await api('POST', '/api/account/password', doctor.cookie, { currentPassword: 'not my password', newPassword: 'Another long passphrase 42' });
    expect(res.statusCode).toBe(400);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.outcome, e.user_id, e.details.error])).toEqual([['update', 'user', 'failure', doctor.id, 'BAD_REQUEST']]);
  });

  it('a service refusing another organisation\'s id with 400, and one answering 404 on a procedure with no audit entry of its own', async () => {
    const resource = await api('POST', '/api/educational-resources', outsider.cookie, { title: 'Triage basics', type: 'article', category: 'clinical', url: 'https://example.org/triage' });
    expect(resource.statusCode, resource.body).toBe(200);
    const before = await lastSeq();
    // A case whose doctor is a member of another organisation: the service refuses it (400).
    const created = await api('POST', '/api/patient-cases', admin.cookie, { patientName: 'Ayanda Zulu', caseType: 'Cardiology', assignedDoctorId: outsider.id });
    expect(created.statusCode).toBe(400);
    // Another organisation's resource: 404.
    const edited = await api('PUT', `/api/educational-resources/${resource.json().id}`, admin.cookie, { title: 'Mine now' });
    expect(edited.statusCode).toBe(404);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.outcome, e.user_id, e.organization_id, e.details.procedure, e.details.error])).toEqual([
      ['create', 'case', 'failure', admin.id, orgA, 'cases.create', 'BAD_REQUEST'],
      ['access-denied', 'request', 'failure', admin.id, orgA, 'education.update', 'NOT_FOUND'],
    ]);
  });

  it('but not input that fails validation: nothing was looked at', async () => {
    const before = await lastSeq();
    expect((await api('POST', '/api/patient-cases', admin.cookie, { caseType: '' })).statusCode).toBe(400);
    expect((await api('POST', '/api/account/password', doctor.cookie, { currentPassword: '' })).statusCode).toBe(400);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it('a cross-site (CSRF) refusal', async () => {
    const before = await lastSeq();
    const res = await api('POST', '/api/patient-cases', admin.cookie, { patientName: 'X', caseType: 'Y' }, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.outcome, e.ip, e.user_agent])).toEqual([['access-denied', 'request', 'denied', '127.0.0.1', UA]]);
    expect(entries[0]!.details).toMatchObject({ route: '/api/patient-cases', error: 'CROSS_SITE_REQUEST', origin: 'https://evil.example' });
  });

  it('a 401 on a procedure with no audit entry of its own', async () => {
    const before = await lastSeq();
    expect((await api('GET', '/api/dashboard/stats')).statusCode).toBe(401);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.outcome, e.user_id, e.details.procedure, e.details.error])).toEqual([['access-denied', 'denied', null, 'dashboard.stats', 'UNAUTHORIZED']]);
  });

  it('the CSV routes: not signed in, and another organisation\'s case', async () => {
    const caseId = (await api('POST', '/api/patient-cases', outsider.cookie, { patientName: 'Lindiwe Dube', caseType: 'Oncology' })).json().id as string;
    const before = await lastSeq();
    expect((await api('GET', '/api/audit-events/export')).statusCode).toBe(401);
    expect((await api('GET', `/api/patient-cases/${caseId}/access-report/export`, admin.cookie)).statusCode).toBe(404);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.outcome, e.user_id, e.case_id, e.details.error])).toEqual([
      ['access-denied', 'audit', 'denied', null, null, 'UNAUTHORIZED'],
      ['export', 'audit', 'failure', admin.id, caseId, 'NOT_FOUND'],
    ]);
  });
});

describe('trial decisions and support chats are recorded', () => {
  async function trialRequest(): Promise<string> {
    const id = randomUUID();
    await t.db
      .insertInto('trial_requests')
      .values({ id, organization_name: `Sunrise Clinic ${id.slice(0, 4)}`, organization_type: 'Private Practice', contact_person_name: 'Lerato van der Merwe', email: `lerato-${id.slice(0, 8)}@sunrise.example`, phone: '+27 21 555 0101', city: 'Stellenbosch', province: 'Western Cape', estimated_beds: 12, estimated_staff: 30, current_system: null, how_did_you_hear: null, specific_needs: null, status: 'pending', reviewed_by: null, reviewed_at: null, rejection_reason: null, organization_id: null, created_at: '2026-11-20T08:00:00.000Z' })
      .execute();
    return id;
  }

  it('a trial rejected by the Super Admin, and one refused to a doctor', async () => {
    const id = await trialRequest();
    const before = await lastSeq();
    expect((await api('POST', `/api/trial-signups/${id}/reject`, doctor.cookie, { reason: 'No' })).statusCode).toBe(403);
    const res = await api('POST', `/api/trial-signups/${id}/reject`, superAdmin.cookie, { reason: 'We serve hospitals in Gauteng only for now.' });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.entity_id, e.outcome, e.user_id])).toEqual([
      ['update', 'organization', id, 'denied', doctor.id],
      ['update', 'organization', id, 'success', superAdmin.id],
    ]);
  });

  it('support chats listed and read; a poll that finds nothing new is no read', async () => {
    const chat = await api('POST', '/api/support-chats', admin.cookie, { title: 'Printer on ward 3', category: 'Technical', initialMessage: 'It jams.' });
    expect(chat.statusCode, chat.body).toBe(200);
    const chatId = chat.json().id as string;
    const before = await lastSeq();
    expect((await api('GET', '/api/support-chats', superAdmin.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/api/chat-messages/${chatId}`, superAdmin.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/api/chat-messages/${chatId}?after=2999-01-01T00:00:00.000Z`, superAdmin.cookie)).statusCode).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.entity_id, e.user_id, e.outcome])).toEqual([
      ['list', 'support', null, superAdmin.id, 'success'],
      ['read', 'support', chatId, superAdmin.id, 'success'],
    ]);
  });
});

describe('repeated failures cannot flood the trail', () => {
  it('200 unauthenticated requests within a minute are a few entries whose counts sum to 200, none lost at shutdown', async () => {
    const own = await startTestApp();
    try {
      const seqOf = async () => Number((await own.db.selectFrom('audit_chain_head').select('seq').executeTakeFirstOrThrow()).seq);
      const before = await seqOf();
      const answers = await Promise.all(Array.from({ length: 200 }, () => own.app.inject({ method: 'GET', url: '/api/patient-cases', headers: { origin: ORIGIN, 'user-agent': UA } })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(401));
      // The first is written at once; the repeats are counted in memory…
      expect(await seqOf()).toBe(before + 1);
      // …and written when the app shuts down (or the minute ends).
      await own.app.close();
      const rows = await own.db.selectFrom('audit_events').selectAll().where('seq', '>', before).orderBy('seq').execute();
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.length).toBeLessThanOrEqual(3);
      const counts = rows.map((r) => (JSON.parse(r.details) as { count?: number }).count ?? 1);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(200);
      expect(rows.map((r) => [r.action, r.entity_type, r.outcome, r.ip])).toEqual(rows.map(() => ['list', 'case', 'denied', '127.0.0.1']));
    } finally {
      await own.database.dispose();
    }
  });

  it('a signed-in person\'s own actions are each an entry', async () => {
    const before = await lastSeq();
    for (let i = 0; i < 3; i += 1) expect((await api('GET', '/api/users/invitations', doctor.cookie)).statusCode).toBe(403);
    expect(await entriesAfter(before)).toHaveLength(3);
  });

  it('a wrong password for an existing account is still one entry each (the sign-in throttle bounds them)', async () => {
    const victim = await createUser(t.db, { organizationId: orgA, role: 'Nurse' });
    const before = await lastSeq();
    for (let i = 0; i < 2; i += 1) await api('POST', '/api/auth/login', undefined, { email: victim.email, password: `${PASSWORD}!` });
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.outcome, e.user_id, e.details.reason])).toEqual([
      ['sign-in', 'failure', victim.id, 'wrong-password'],
      ['sign-in', 'failure', victim.id, 'wrong-password'],
    ]);
  });
});
