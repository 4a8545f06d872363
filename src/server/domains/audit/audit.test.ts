import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Reading the trail: the Audit screen's list (scope, filters, pages), the CSV export, and the
// POPIA s23 access report of one case.

let t: TestApp;
let orgA: string;
let orgB: string;
let admin: { id: string; email: string; cookie: string };
let doctor: { id: string; email: string; cookie: string };
let nurse: { id: string; email: string; cookie: string };
let adminB: { id: string; email: string; cookie: string };
let superAdmin: { id: string; email: string; cookie: string };
let caseId: string;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

async function member(organizationId: string, role: string, firstName: string) {
  const user = await createUser(t.db, { organizationId, role, firstName });
  return { ...user, cookie: await signIn(t.app, user.email) };
}

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Hospital');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  admin = await member(orgA, 'Administrator', 'Lerato');
  doctor = await member(orgA, 'Doctor', 'Sipho');
  nurse = await member(orgA, 'Nurse', 'Nomsa');
  adminB = await member(orgB, 'Administrator', 'Zanele');
  const s = await createUser(t.db, { superAdmin: true, firstName: 'Root' });
  superAdmin = { ...s, cookie: await signIn(t.app, s.email) };

  const created = await api('POST', '/api/patient-cases', admin.cookie, { patientName: '=HYPERLINK("x")', caseType: 'Oncology' });
  caseId = created.json().id;
  await api('GET', `/api/patient-cases/${caseId}`, doctor.cookie);
  await api('GET', `/api/patient-cases/${caseId}`, doctor.cookie);
  await api('PATCH', `/api/patient-cases/${caseId}`, doctor.cookie, { status: 'In Progress' });
  await api('GET', '/api/patient-cases', nurse.cookie); // a list: not an access to this one case
  await api('GET', `/api/patient-cases/${caseId}`, adminB.cookie); // another organisation: 404
  await api('GET', '/api/beds', adminB.cookie);
});
afterAll(() => t.close());

interface Page {
  items: { seq: number; userId: string | null; userName: string | null; organizationId: string | null; action: string; entityType: string; outcome: string; caseId: string | null }[];
  total: number;
  page: number;
  pageSize: number;
  untilSeq: number;
}
const list = async (query: string, cookie = admin.cookie) => {
  const res = await api('GET', `/api/audit-events${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

describe('the audit list', () => {
  it("shows an Administrator only their organisation's entries, newest first", async () => {
    const page = await list('?pageSize=200');
    expect(page.items.length).toBeGreaterThan(5);
    expect(page.items.every((e) => e.organizationId === orgA)).toBe(true);
    const seqs = page.items.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(page.items.find((e) => e.userId === doctor.id)?.userName).toBe('Sipho Nkosi');
  });

  it('shows the Super Admin every organisation, or one by filter', async () => {
    const all = await list('?pageSize=200', superAdmin.cookie);
    const orgs = new Set(all.items.map((e) => e.organizationId));
    expect(orgs.has(orgA) && orgs.has(orgB)).toBe(true);
    const onlyB = await list(`?organizationId=${orgB}&pageSize=200`, superAdmin.cookie);
    expect(onlyB.items.length).toBeGreaterThan(0);
    expect(onlyB.items.every((e) => e.organizationId === orgB)).toBe(true);
  });

  it('an Administrator cannot widen the scope with organizationId', async () => {
    const page = await list(`?organizationId=${orgB}&pageSize=200`);
    expect(page.items.every((e) => e.organizationId === orgA)).toBe(true);
  });

  it('filters by person, entity and action', async () => {
    const page = await list(`?userId=${doctor.id}&entityType=case&action=read`);
    expect(page.total).toBe(2);
    expect(page.items.every((e) => e.userId === doctor.id && e.action === 'read' && e.entityType === 'case')).toBe(true);
  });

  it('filters by South African calendar day, and refuses an end before the start', async () => {
    const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await list('?from=2020-01-01&to=2020-01-31')).total).toBe(0);
    const bad = await api('GET', '/api/audit-events?from=2026-02-01&to=2026-01-01', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('to');
    expect((await api('GET', '/api/audit-events?from=yesterday', admin.cookie)).statusCode).toBe(400);
  });

  it('pages through the entries without gaps or repeats', async () => {
    const first = await list('?pageSize=3&page=1');
    // Reading the trail is recorded, so the next page is asked for as of the first reading.
    const second = await list(`?pageSize=3&page=2&untilSeq=${first.untilSeq}`);
    expect(first.items).toHaveLength(3);
    expect(second.items[0]!.seq).toBeLessThan(first.items[2]!.seq);
    expect(first.total).toBe(second.total);
  });

  it('is refused to roles without audit.view, and that refusal is itself recorded', async () => {
    expect((await api('GET', '/api/audit-events', doctor.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/audit-events')).statusCode).toBe(401);
    const denied = await list(`?userId=${doctor.id}&entityType=audit`);
    expect(denied.items[0]).toMatchObject({ action: 'list', outcome: 'denied' });
  });

  it('names the people in the trail for the filter', async () => {
    const res = await api('GET', '/api/audit-events/people', admin.cookie);
    const people = res.json() as { userId: string }[];
    expect(people.map((p) => p.userId)).toEqual(expect.arrayContaining([admin.id, doctor.id, nurse.id]));
    expect(people.map((p) => p.userId)).not.toContain(adminB.id);
  });
});

describe('CSV export', () => {
  it('answers the filtered trail as CSV, records the export, and is refused to others', async () => {
    const res = await api('GET', `/api/audit-events/export?userId=${doctor.id}&entityType=case`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="casebridge-audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Sequence,Time \(UTC\),Organisation,Person/);
    expect(lines).toHaveLength(1 + 3); // two reads and an update of the case
    expect(lines.slice(1).every((l) => l.includes('Sipho Nkosi'))).toBe(true);
    const exported = await list(`?userId=${admin.id}&action=export`);
    expect(exported.total).toBe(1);
    expect((await api('GET', '/api/audit-events/export', doctor.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/api/audit-events/export?entityType=nope', admin.cookie)).statusCode).toBe(400);
  });
});

describe('access report (POPIA s23)', () => {
  interface Report { case: { id: string; patientName: string }; people: { userId: string; reads: number; changes: number; roles: string[] }[]; entries: { userId: string | null }[] }

  it('lists everyone who read or changed the case, with counts', async () => {
    const res = await api('GET', `/api/patient-cases/${caseId}/access-report`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    const byUser = Object.fromEntries(report.people.map((p) => [p.userId, p]));
    expect(byUser[admin.id]).toMatchObject({ changes: 1, roles: ['Administrator'] });
    expect(byUser[doctor.id]).toMatchObject({ reads: 2, changes: 1, roles: ['Doctor'] });
    // The Nurse only listed cases; the other organisation's attempt is not named to this one.
    expect(byUser[nurse.id]).toBeUndefined();
    expect(report.entries.some((e) => e.userId === adminB.id)).toBe(false);
  });

  it("is another organisation's 404 and a Doctor's 403", async () => {
    expect((await api('GET', `/api/patient-cases/${caseId}/access-report`, adminB.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/api/patient-cases/${caseId}/access-report`, doctor.cookie)).statusCode).toBe(403);
    expect((await api('GET', `/api/patient-cases/${caseId}/access-report/export`, adminB.cookie)).statusCode).toBe(404);
  });

  it('downloads as CSV with the people first, formula-safe', async () => {
    const res = await api('GET', `/api/patient-cases/${caseId}/access-report/export`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(`Access report for case ${caseId}`);
    expect(lines[1]).toBe('Person,E-mail,Roles,Reads,Changes,First access (UTC),Last access (UTC)');
    expect(lines.some((l) => l.startsWith('Sipho Nkosi,') && l.includes(',Doctor,2,1,'))).toBe(true);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
