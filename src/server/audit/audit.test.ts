import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../router';
import { testDialect } from '../test-support/test-database';
import { ORIGIN, PASSWORD, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../test-support/test-app';
import { TEST_AUDIT_KEY } from '../config';
import { AUDITED_PROCEDURES } from './audited-procedures';
import { recordAuditEvent } from './audit-log';
import { verifyAuditChain } from './audit-verify';

// The audit trail through real HTTP on a real database: one entry per audited action with the
// right who / what / where / outcome, refusals recorded, entries that nothing can change, a hash
// chain that audit:verify checks, and the POPIA s23 access report.

let t: TestApp;
let orgA: string;
let orgB: string;
let admin: { id: string; email: string; cookie: string };
let doctor: { id: string; email: string; cookie: string };
let nurse: { id: string; email: string };
let outsider: { id: string; email: string; cookie: string };

const UA = 'AuditTest/1.0';

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  const a = await createUser(t.db, { organizationId: orgA, role: 'Administrator', firstName: 'Lerato' });
  const d = await createUser(t.db, { organizationId: orgA, role: 'Doctor', firstName: 'Sipho' });
  nurse = await createUser(t.db, { organizationId: orgA, role: 'Nurse', firstName: 'Nomsa' });
  const o = await createUser(t.db, { organizationId: orgB, role: 'Administrator', firstName: 'Zanele' });
  admin = { ...a, cookie: await signIn(t.app, a.email) };
  doctor = { ...d, cookie: await signIn(t.app, d.email) };
  outsider = { ...o, cookie: await signIn(t.app, o.email) };
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, 'user-agent': UA, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const lastSeq = async () => Number((await t.db.selectFrom('audit_chain_head').select('seq').executeTakeFirstOrThrow()).seq);
const entriesAfter = (seq: number) => t.db.selectFrom('audit_events').selectAll().where('seq', '>', seq).orderBy('seq').execute();

async function createCase(cookie = admin.cookie): Promise<string> {
  const res = await api('POST', '/api/patient-cases', cookie, { patientName: 'Ayanda Zulu', caseType: 'Cardiology' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

describe('one entry per audited action', () => {
  it('records a successful sign-in with who, where and the organisation', async () => {
    const before = await lastSeq();
    const res = await api('POST', '/api/auth/login', undefined, { email: nurse.email, password: PASSWORD });
    expect(res.json()).toMatchObject({ success: true });
    const entries = await entriesAfter(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'sign-in', entity_type: 'session', outcome: 'success', user_id: nurse.id, role: 'Nurse', organization_id: orgA, ip: '127.0.0.1', user_agent: UA,
    });
  });

  it('records a failed sign-in with the e-mail tried, for a known and an unknown account', async () => {
    const before = await lastSeq();
    await api('POST', '/api/auth/login', undefined, { email: nurse.email, password: 'wrong password!' });
    await api('POST', '/api/auth/login', undefined, { email: 'nobody@nowhere.example', password: 'wrong password!' });
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.outcome, e.user_id])).toEqual([
      ['sign-in', 'failure', nurse.id],
      ['sign-in', 'failure', null],
    ]);
    expect(JSON.parse(entries[1]!.details)).toMatchObject({ email: 'nobody@nowhere.example', reason: 'unknown-account' });
  });

  it('records create, read, update and list of a case, each once, with the case id', async () => {
    const before = await lastSeq();
    const caseId = await createCase();
    await api('GET', `/api/patient-cases/${caseId}`, doctor.cookie);
    await api('PATCH', `/api/patient-cases/${caseId}`, doctor.cookie, { status: 'In Progress' });
    await api('GET', '/api/patient-cases?search=ayanda', doctor.cookie);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.entity_id, e.case_id, e.user_id, e.outcome])).toEqual([
      ['create', 'case', caseId, caseId, admin.id, 'success'],
      ['read', 'case', caseId, caseId, doctor.id, 'success'],
      ['update', 'case', caseId, caseId, doctor.id, 'success'],
      ['list', 'case', null, null, doctor.id, 'success'],
    ]);
    expect(entries.every((e) => e.organization_id === orgA)).toBe(true);
    // No patient data in the trail: the name searched for and the name on the case are not in it.
    expect(JSON.stringify(entries)).not.toMatch(/ayanda/i);
  });

  it('records a time entry, a message and an appointment about a case against that case', async () => {
    const caseId = await createCase();
    const rate = await api('POST', '/api/staff-hourly-rates', admin.cookie, { userId: doctor.id, role: 'Doctor', hourlyRate: 850, effectiveDate: '2020-01-01' });
    expect(rate.statusCode, rate.body).toBe(200);
    const before = await lastSeq();
    const start = await api('POST', '/api/time-entries', doctor.cookie, { caseId });
    expect(start.statusCode, start.body).toBe(200);
    const message = await api('POST', '/api/messages', doctor.cookie, { subject: 'Results', content: 'See the lab', patientCaseId: caseId, recipientRole: 'Nurse' });
    expect(message.statusCode, message.body).toBe(200);
    const appointment = await api('POST', '/api/appointments', doctor.cookie, {
      title: 'Review', startTime: '2026-12-01T08:00:00.000Z', endTime: '2026-12-01T08:30:00.000Z', caseId,
    });
    expect(appointment.statusCode, appointment.body).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.entity_type, e.action, e.case_id])).toEqual([
      ['cost', 'create', caseId],
      ['message', 'create', caseId],
      ['appointment', 'create', caseId],
    ]);
  });

  it('records a refused call: an audited one with its action, any other as access-denied', async () => {
    const before = await lastSeq();
    expect((await api('GET', '/api/users/invitations', doctor.cookie)).statusCode).toBe(403);
    expect((await api('POST', '/api/educational-resources', doctor.cookie, { title: 'Hand hygiene' })).statusCode).toBe(403);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.entity_type, e.outcome, e.user_id])).toEqual([
      ['list', 'user', 'denied', doctor.id],
      ['access-denied', 'request', 'denied', doctor.id],
    ]);
    expect(JSON.parse(entries[1]!.details)).toMatchObject({ procedure: 'education.create', error: 'FORBIDDEN' });
  });

  it('records another organisation reaching for a case as a failure, and writes nothing for bad input', async () => {
    const caseId = await createCase();
    const before = await lastSeq();
    expect((await api('GET', `/api/patient-cases/${caseId}`, outsider.cookie)).statusCode).toBe(404);
    expect((await api('POST', '/api/patient-cases', admin.cookie, { caseType: '' })).statusCode).toBe(400);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.outcome, e.organization_id, e.case_id])).toEqual([['read', 'failure', orgB, caseId]]);
  });

  it('records sign-out', async () => {
    const cookie = await signIn(t.app, nurse.email);
    const before = await lastSeq();
    expect((await api('POST', '/api/auth/logout', cookie)).statusCode).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.action, e.user_id, e.outcome])).toEqual([['sign-out', nurse.id, 'success']]);
  });

  it('audits every procedure that reads or changes cases, appointments, messages, beds, costs, documents, users, support chats or the Super Admin\'s records', () => {
    const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
    for (const path of Object.keys(AUDITED_PROCEDURES)) expect(procedures, `${path} is in the audit table but not the router`).toContain(path);
    // Counts and previews that show no record's content are left out on purpose.
    // users.setSecurity records itself; the bell's "opened" time and the caller's own organisation are no record.
    const notRecords = new Set(['messages.unreadCount', 'users.seats', 'invitations.preview', 'users.setSecurity', 'support.openBell', 'organizations.current']);
    const domains = ['cases.', 'appointments.', 'messages.', 'beds.', 'costs.', 'documents.', 'users.', 'invitations.', 'portal.', 'audit.', 'retention.', 'support.', 'platform.', 'organizations.', 'crm.'];
    const missing = procedures.filter((p) => domains.some((d) => p.startsWith(d)) && !notRecords.has(p) && !AUDITED_PROCEDURES[p]);
    expect(missing).toEqual([]);
  });
});

describe('append-only and tamper-evident', () => {
  it('refuses UPDATE and DELETE of an entry in the database itself', async () => {
    await expect(sql`update audit_events set outcome = 'success' where seq = 1`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events where seq = 1`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
  });

  it('keeps a contiguous chain under concurrent requests', async () => {
    const before = await lastSeq();
    await Promise.all(Array.from({ length: 20 }, () => api('GET', '/api/appointments', doctor.cookie)));
    const entries = await entriesAfter(before);
    expect(entries.map((e) => Number(e.seq))).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true, entries: before + 20 });
  });

  it('chains entries written together (group commit) one by one, in the order they arrived', async () => {
    const before = await lastSeq();
    const client = { ip: null, userAgent: UA };
    await Promise.all(Array.from({ length: 40 }, (_, i) => recordAuditEvent(t.db, { actor: null, action: 'list', entityType: 'case', entityId: `batch-${i}`, outcome: 'success', client })));
    const entries = await entriesAfter(before);
    expect(entries.map((e) => e.entity_id)).toEqual(Array.from({ length: 40 }, (_, i) => `batch-${i}`));
    expect(entries.slice(1).every((e, i) => e.prev_hash === entries[i]!.hash)).toBe(true);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});

describe('audit:verify', () => {
  it('finds an edited entry, naming it (after someone with database access disabled the guard)', async () => {
    await recordAuditEvent(t.db, { actor: null, action: 'list', entityType: 'case', outcome: 'success', client: { ip: null, userAgent: null } });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
    const target = 3;
    if (testDialect() === 'postgres') {
      await sql`alter table audit_events disable trigger audit_events_no_update`.execute(t.db);
      await sql`update audit_events set user_id = null where seq = ${target}`.execute(t.db);
      await sql`alter table audit_events enable trigger audit_events_no_update`.execute(t.db);
    } else {
      await sql`drop trigger audit_events_no_update`.execute(t.db);
      await sql`update audit_events set user_id = null where seq = ${target}`.execute(t.db);
    }
    const result = await verifyAuditChain(t.db);
    expect(result).toMatchObject({ ok: false, problem: { seq: target } });
    expect(result.problem?.reason).toMatch(/edited/);
  });

  it.skipIf(testDialect() !== 'sqlite')('the npm script exits 1 on a tampered SQLite file and names the entry', async () => {
    const file = t.database.location;
    const run = promisify(execFile)('node_modules/.bin/tsx', ['src/server/audit/audit-verify-cli.ts'], { env: { ...process.env, DATABASE_URL: file, DATA_DIR: dirname(file), AUDIT_KEY: TEST_AUDIT_KEY } });
    const failure = await run.then(() => null, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/TAMPERED at entry 3/);
  });
});
