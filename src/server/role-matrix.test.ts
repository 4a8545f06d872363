import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/seed-demo';
import { ORGANIZATION_ROLES, SUPER_ADMIN, type TCapability, type TRole, capabilitiesOf, rolesOfPlatform } from '../shared/roles';
import { hashPassword } from './auth/password';
import { ORIGIN, type TestApp, signIn, startTestApp } from './test-support/test-app';

// The role × capability table of decision 0027, written out by hand: a change to what a role may do
// is a change to this table, made on purpose. Then the least-privilege rules through real HTTP calls
// on the seeded demo organisations (SQLite, and Postgres with TEST_DATABASE_URL).

const PASSWORD = 'role-matrix-walk-2026';

// What every member who works in an organisation has.
const MEMBER = ['dashboard.view', 'education.view', 'messages.use', 'support.use', 'timeEntries.record'];

const TABLE: Record<TRole, string[]> = {
  Administrator: [
    ...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'records.view',
    'beds.view', 'beds.manage', 'legalDocuments.view', 'legalDocuments.delete', 'analytics.view', 'analytics.team',
    'crm.view', 'crm.manage', 'costs.view', 'costs.manage', 'users.view', 'users.manage', 'education.manage', 'billing.view',
    'audit.view', 'security.manage', 'retention.manage', 'people.view', 'people.manage', 'people.idNumbers', 'people.merge', 'search.use', 'checklists.manage',
    'admissions.manage', 'icd10.manage', 'notes.amendAny', 'cases.readRestricted', 'accounts.manage', 'billingSettings.manage', 'fees.view',
  ],
  Doctor: [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'records.view', 'records.write', 'admissions.manage', 'encounters.amendAny', 'medications.prescribe', 'medications.administer', 'results.release', 'charges.record', 'beds.view', 'analytics.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use'],
  'Clinical Staff': [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'records.view', 'records.write', 'medications.administer', 'charges.record', 'beds.view', 'analytics.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use'],
  Nurse: [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'records.view', 'records.write', 'admissions.manage', 'medications.administer', 'charges.record', 'beds.view', 'beds.manage', 'analytics.view', 'crm.view', 'users.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use'],
  'Case Manager': [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'records.view', 'admissions.manage', 'accounts.manage', 'beds.view', 'analytics.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use'],
  'Diagnostic Services': [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.update', 'appointments.view', 'appointments.manage', 'records.view', 'records.write', 'charges.record', 'analytics.view', 'people.view', 'people.idNumbers', 'search.use'],
  'Ambulance Services': [...MEMBER, 'cases.view', 'appointments.view', 'search.use'],
  'Support Staff': [...MEMBER],
  'Security Guard': [...MEMBER],
  'Hospital Cleaner': [...MEMBER],
  'Kitchen Worker': [...MEMBER],
  Patient: ['patientPortal.view', 'cases.view', 'support.use'],
  Director: [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'legalDocuments.view', 'analytics.view', 'crm.view', 'crm.manage', 'users.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use', 'fees.record', 'fees.view', 'fees.manage', 'trust.manage'],
  'Legal Consultants': [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'legalDocuments.view', 'analytics.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use', 'fees.record', 'fees.view'],
  'Admin Staff': [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'legalDocuments.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use', 'fees.record', 'fees.view'],
  'Expert/Witness': [...MEMBER, 'cases.view', 'caseFile.view', 'appointments.view', 'legalDocuments.view', 'people.view', 'search.use'],
  'Quality Assurance Team': [...MEMBER, 'cases.view', 'caseFile.view', 'appointments.view', 'legalDocuments.view', 'analytics.view', 'people.view', 'search.use'],
  'Finance Staff': [...MEMBER, 'cases.view', 'billing.view', 'analytics.view', 'crm.view', 'people.view', 'search.use', 'fees.record', 'fees.view', 'fees.manage', 'trust.manage'],
  'Special Litigation Unit': [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'legalDocuments.view', 'records.view', 'analytics.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use', 'fees.record', 'fees.view'],
  Attorneys: [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'legalDocuments.view', 'records.view', 'analytics.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use', 'fees.record', 'fees.view'],
  Advocates: [...MEMBER, 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'legalDocuments.view', 'records.view', 'analytics.view', 'crm.view', 'people.view', 'people.manage', 'people.idNumbers', 'search.use', 'fees.record', 'fees.view'],
  [SUPER_ADMIN]: [
    'dashboard.view', 'cases.view', 'caseFile.view', 'caseFile.write', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage', 'education.view',
    'education.manage', 'messages.use', 'analytics.view', 'analytics.team', 'crm.view', 'crm.manage', 'beds.view', 'beds.manage',
    'legalDocuments.view', 'legalDocuments.delete', 'costs.view', 'costs.manage', 'timeEntries.record', 'users.view', 'users.manage',
    'billing.view', 'support.use', 'support.manage', 'organizations.manage', 'records.view', 'audit.view', 'security.manage', 'retention.manage',
    'people.view', 'people.manage', 'people.idNumbers', 'people.merge', 'search.use', 'checklists.manage',
    'records.write', 'admissions.manage', 'icd10.manage', 'notes.amendAny', 'encounters.amendAny', 'cases.readRestricted',
    'medications.prescribe', 'medications.administer', 'results.release', 'charges.record', 'accounts.manage', 'billingSettings.manage',
    'fees.record', 'fees.view', 'fees.manage', 'trust.manage',
  ],
};

const HOSPITAL = 'thornhill-hospital.example';
const FIRM = 'mokoena-attorneys.example';
const UNIT = 'gauteng-litigation.example';

let t: TestApp;
const cookies = new Map<string, string>();

async function as(email: string): Promise<string> {
  if (!cookies.has(email)) cookies.set(email, await signIn(t.app, email, PASSWORD));
  return cookies.get(email)!;
}

function call(cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function userIdOf(email: string): Promise<string> {
  const row = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

function upload(cookie: string, caseId: string) {
  const boundary = `----rolematrix${randomUUID()}`;
  const pdf = '%PDF-1.4\n% heads of argument\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="caseId"\r\n\r\n${caseId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="heads-of-argument.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n` +
      `--${boundary}--\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/legal-documents',
    headers: { origin: ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { password: PASSWORD, hashPassword });
});
afterAll(() => t.close());

describe('the role × capability table (decision 0027)', () => {
  it('lists every role', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ORGANIZATION_ROLES, SUPER_ADMIN].sort());
  });

  for (const role of [...ORGANIZATION_ROLES, SUPER_ADMIN] as TRole[]) {
    it(`${role} has exactly the capabilities of the table`, () => {
      const actual = [...capabilitiesOf({ role, isSuperAdmin: role === SUPER_ADMIN })].sort();
      expect(actual).toEqual([...new Set(TABLE[role])].sort() as TCapability[]);
    });
  }

  it('offers each platform only its own roles', () => {
    expect(rolesOfPlatform('healthcare')).not.toContain('Attorneys');
    expect(rolesOfPlatform('healthcare')).toContain('Kitchen Worker');
    expect(rolesOfPlatform('legal')).not.toContain('Nurse');
    expect(rolesOfPlatform('legal')).toContain('Administrator');
    expect(rolesOfPlatform('medicolegal')).toEqual(expect.arrayContaining(['Administrator', 'Special Litigation Unit', 'Attorneys', 'Advocates', 'Expert/Witness']));
    expect(rolesOfPlatform('medicolegal')).not.toContain('Doctor');
  });
});

// Decision 0042, written out per platform: who reads full SA ID numbers — the roles that register
// people or need the number clinically or legally. Every other reader of the registry sees the
// masked form and finds nobody by ID number.
const FULL_ID_NUMBERS: Record<'healthcare' | 'legal' | 'medicolegal', string[]> = {
  healthcare: ['Administrator', 'Doctor', 'Clinical Staff', 'Nurse', 'Case Manager', 'Diagnostic Services'],
  legal: ['Administrator', 'Director', 'Legal Consultants', 'Admin Staff'],
  medicolegal: ['Administrator', 'Special Litigation Unit', 'Attorneys', 'Advocates', 'Director', 'Legal Consultants', 'Admin Staff'],
};
const MASKED_ID_NUMBERS = ['Expert/Witness', 'Quality Assurance Team', 'Finance Staff'];

describe('who reads full SA ID numbers (decision 0042)', () => {
  for (const platform of ['healthcare', 'legal', 'medicolegal'] as const) {
    it(`on ${platform}: the roles of the written list, and only they`, () => {
      const holders = rolesOfPlatform(platform).filter((role) => TABLE[role].includes('people.idNumbers'));
      expect([...holders].sort()).toEqual([...FULL_ID_NUMBERS[platform]].sort());
      // Everyone else of the platform who reads the registry sees masked numbers.
      const masked = rolesOfPlatform(platform).filter((role) => TABLE[role].includes('people.view') && !TABLE[role].includes('people.idNumbers'));
      expect(masked.sort()).toEqual(MASKED_ID_NUMBERS.filter((role) => rolesOfPlatform(platform).includes(role as never)).sort());
    });
  }
  it('the Super Admin reads them (support across organisations)', () => {
    expect(TABLE[SUPER_ADMIN]).toContain('people.idNumbers');
  });
});

describe('least privilege for health data', () => {
  for (const email of [`sizwe.mabena@${HOSPITAL}`, `nomsa.baloyi@${HOSPITAL}`, `eunice.petersen@${HOSPITAL}`]) {
    it(`${email.split('@')[0]} (non-clinical) reads and writes no case, record or appointment`, async () => {
      const cookie = await as(email);
      expect((await call(cookie, 'GET', '/api/patient-cases')).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/api/cases')).statusCode).toBe(403);
      const created = await call(cookie, 'POST', '/api/patient-cases', { patientName: 'Lindiwe Dube', caseType: 'Consultation' });
      expect(created.statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/api/test-results/recent')).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/api/appointments')).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/api/beds')).statusCode).toBe(403);
      // Their dashboard and task list hold no patient: the server sends none.
      const workspace = (await call(cookie, 'GET', '/api/dashboard/workspace')).json() as Record<string, unknown[]>;
      expect([workspace.myCases, workspace.watchList, workspace.recentUpdates]).toEqual([[], [], []]);
      const tasks = (await call(cookie, 'GET', '/api/dashboard/tasks')).json() as Record<string, { items: unknown[] }>;
      expect(tasks.assignedCases!.items).toEqual([]);
      expect(tasks.appointmentsToday!.items).toEqual([]);
      // They keep their own work: messages, education, support and their time.
      expect((await call(cookie, 'GET', '/api/messages')).statusCode).toBe(200);
      expect((await call(cookie, 'GET', '/api/time-entries/mine')).statusCode).toBe(200);
    });
  }

  it("a Patient's case list and case hold only what the portal shows: no notes, description, flags or staff ids", async () => {
    const cookie = await as(`patient@${HOSPITAL}`);
    const list = await call(cookie, 'GET', '/api/patient-cases');
    expect(list.statusCode).toBe(200);
    const items = (list.json() as { items: Record<string, unknown>[] }).items;
    expect(items.length).toBeGreaterThan(0);
    const one = await call(cookie, 'GET', `/api/patient-cases/${String(items[0]!.id)}`);
    for (const kase of [...items, one.json() as Record<string, unknown>]) {
      for (const field of ['notes', 'description', 'urgentFlags', 'assignedDoctorId', 'assignedNurseId', 'caseManagerId']) {
        expect(kase, field).not.toHaveProperty(field);
      }
      // What the portal shows stays: the treatment plan and the team's names.
      expect(kase).toHaveProperty('treatmentPlan');
      expect(kase).toHaveProperty('assignedDoctor');
    }
    // Staff still read the notes of the same case.
    const staff = await call(await as(`doctor@${HOSPITAL}`), 'GET', `/api/patient-cases/${String(items[0]!.id)}`);
    expect(staff.json()).toHaveProperty('notes');
  });
});

describe("colleagues' figures are for Administrators", () => {
  it("a Doctor's analytics and cost answers hold only the Doctor", async () => {
    const email = `doctor@${HOSPITAL}`;
    const cookie = await as(email);
    const me = await userIdOf(email);
    const metrics = await call(cookie, 'GET', '/api/performance-metrics?period=yearly');
    expect(metrics.statusCode).toBe(200);
    const people = (metrics.json() as { staffWorkload: { userId: string }[] }).staffWorkload.map((w) => w.userId);
    expect(people.length).toBeGreaterThan(0);
    expect(new Set(people)).toEqual(new Set([me]));
    expect((await call(cookie, 'GET', '/api/staff-hourly-rates')).statusCode).toBe(403);
    expect((await call(cookie, 'GET', '/api/case-cost-summaries')).statusCode).toBe(403);
    const mine = (await call(cookie, 'GET', '/api/time-entries/mine')).json() as { userId: string }[];
    // The seeded Doctor has recorded time, so the answer holds entries, and only theirs.
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((entry) => entry.userId))).toEqual(new Set([me]));
  });

  it("the Administrator sees every colleague's workload", async () => {
    const metrics = await call(await as(`admin@${HOSPITAL}`), 'GET', '/api/performance-metrics?period=yearly');
    const people = new Set((metrics.json() as { staffWorkload: { userId: string }[] }).staffWorkload.map((w) => w.userId));
    expect(people.size).toBeGreaterThan(1);
  });
});

describe('lawyers work on their documents', () => {
  for (const email of [`consultant@${FIRM}`, `director@${FIRM}`, `attorney@${UNIT}`, `advocate@${UNIT}`, `slu@${UNIT}`]) {
    it(`${email} lists and uploads legal documents`, async () => {
      const cookie = await as(email);
      const list = await call(cookie, 'GET', '/api/legal-documents');
      expect(list.statusCode).toBe(200);
      const cases = (await call(cookie, 'GET', '/api/patient-cases?pageSize=1')).json() as { items: { id: string }[] };
      const uploaded = await upload(cookie, cases.items[0]!.id);
      expect(uploaded.statusCode).toBe(201);
    });
  }

  it('a refusal on a legal platform names no healthcare role', async () => {
    const refused = await call(await as(`finance@${FIRM}`), 'GET', '/api/legal-documents');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toMatch(/nurse|doctor|patient|hospital/i);
  });
});

describe("invitations offer the roles of the organisation's platform", () => {
  it('an Attorney cannot be invited into a hospital, nor a Nurse into a law firm', async () => {
    const hospital = await call(await as(`admin@${HOSPITAL}`), 'POST', '/api/users/invitations', { email: 'new.attorney@example.org', role: 'Attorneys' });
    expect(hospital.statusCode).toBe(400);
    expect((hospital.json() as { fields: Record<string, string> }).fields).toHaveProperty('role');
    const firm = await call(await as(`admin@${FIRM}`), 'POST', '/api/users/invitations', { email: 'new.nurse@example.org', role: 'Nurse' });
    expect(firm.statusCode).toBe(400);
    expect((firm.json() as { fields: Record<string, string> }).fields).toHaveProperty('role');
    const nurse = await call(await as(`admin@${HOSPITAL}`), 'POST', '/api/users/invitations', { email: 'new.nurse@example.org', role: 'Nurse' });
    expect(nurse.statusCode).toBe(200);
  });

  it("a member's role cannot be changed to one of another platform", async () => {
    const doctor = await userIdOf(`doctor@${HOSPITAL}`);
    const changed = await call(await as(`admin@${HOSPITAL}`), 'PUT', `/api/users/${doctor}/role`, { role: 'Advocates' });
    expect(changed.statusCode).toBe(400);
    expect((changed.json() as { fields: Record<string, string> }).fields).toHaveProperty('role');
  });
});
