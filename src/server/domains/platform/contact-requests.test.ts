import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Issue 17: a contact-us request (SPEC §2.4) reaches somebody. It is stored, the team is e-mailed
// through the outbox, and the Super Admin — and nobody else — lists it at /contact-requests and
// moves it new → in progress → closed, each change in the audit trail.

const NOTIFY = 'leads@casebridge.example';
const REQUEST = {
  organizationName: 'Ngwenya Attorneys',
  contactPerson: 'Zanele Ngwenya',
  email: 'Zanele@NgwenyaAttorneys.example',
  phone: '+27 12 555 0144',
  organizationType: 'law_firm',
  platform: 'legal',
  userCount: '11-50',
  message: 'Twelve attorneys; we need matter files and time recording.',
};

let t: TestApp;
let superCookie: string;
let adminCookie: string;
let superAdminId: string;

const submit = (app: TestApp, payload: object) => app.app.inject({ method: 'POST', url: '/api/registration-requests', headers: { origin: ORIGIN }, payload });
const api = (method: 'GET' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
const count = async (app: TestApp, table: 'registration_requests' | 'email_outbox') =>
  Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startTestApp({ NOTIFY_EMAIL: NOTIFY });
  superAdminId = (await createUser(t.db, { superAdmin: true, email: 'root@platform.example', firstName: 'Sipho' })).id;
  const org = await createOrganization(t.db, 'Amahle Clinic');
  await createUser(t.db, { organizationId: org, role: 'Administrator', email: 'admin@amahle.example' });
  superCookie = await signIn(t.app, 'root@platform.example');
  adminCookie = await signIn(t.app, 'admin@amahle.example');
});
afterAll(() => t.close());

describe('a contact-us request', () => {
  it('is stored as new and puts one notification e-mail for the team in the outbox', async () => {
    const mailsBefore = await count(t, 'email_outbox');
    const res = await submit(t, REQUEST);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Our team will contact you within 24 hours to set up your account.' });

    const row = await t.db.selectFrom('registration_requests').selectAll().where('email', '=', 'zanele@ngwenyaattorneys.example').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organization_name: 'Ngwenya Attorneys', platform: 'legal', status: 'new', status_changed_at: null, status_changed_by: null });

    expect(await count(t, 'email_outbox')).toBe(mailsBefore + 1);
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('kind', '=', 'contact-request').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: NOTIFY, status: 'stored', organization_id: null, subject: 'New contact request: Ngwenya Attorneys' });
    for (const text of ['Zanele Ngwenya', 'zanele@ngwenyaattorneys.example', '+27 12 555 0144', 'legal', '11-50', 'Twelve attorneys; we need matter files and time recording.', '/contact-requests']) {
      expect(mail.text_body).toContain(text);
    }
  });

  it('without NOTIFY_EMAIL, e-mails every active Super Admin', async () => {
    const app = await startTestApp();
    try {
      await createUser(app.db, { superAdmin: true, email: 'one@platform.example' });
      const gone = await createUser(app.db, { superAdmin: true, email: 'gone@platform.example' });
      await app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
      await createUser(app.db, { email: 'not-a-super-admin@platform.example' });
      expect((await submit(app, REQUEST)).statusCode).toBe(200);
      const mails = await app.db.selectFrom('email_outbox').select('to_address').where('kind', '=', 'contact-request').execute();
      expect(mails.map((m) => m.to_address)).toEqual(['one@platform.example']);
    } finally {
      await app.close();
    }
  });

  it('refuses bad input with a 400 naming the fields, and writes neither request nor e-mail', async () => {
    const before = [await count(t, 'registration_requests'), await count(t, 'email_outbox')];
    const res = await submit(t, { ...REQUEST, contactPerson: ' ', email: 'not-an-email', platform: 'finance' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ contactPerson: 'Contact person is required', email: 'Valid email is required', platform: expect.stringContaining('Platform must be one of') });
    expect([await count(t, 'registration_requests'), await count(t, 'email_outbox')]).toEqual(before);
  });
});

describe('the Super Admin at /contact-requests', () => {
  it('lists the requests, newest first, with counts of each status', async () => {
    await submit(t, { ...REQUEST, organizationName: 'Second Firm', email: 'second@firm.example' });
    const res = await api('GET', '/api/contact-requests', superCookie);
    expect(res.statusCode, res.body).toBe(200);
    const { requests, counts } = res.json();
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests[0]).toMatchObject({ organizationName: 'Second Firm', status: 'new', statusChangedBy: null });
    expect(requests[1]).toMatchObject({ organizationName: 'Ngwenya Attorneys', contactPerson: 'Zanele Ngwenya', platform: 'legal', organizationType: 'law_firm', userCount: '11-50' });
    expect(counts).toEqual({ new: requests.length, in_progress: 0, closed: 0 });
  });

  it('changes the status (any way, closed can reopen), records who and when, and audits each change', async () => {
    const id = (await t.db.selectFrom('registration_requests').select('id').where('organization_name', '=', 'Ngwenya Attorneys').executeTakeFirstOrThrow()).id;
    const seq = Number((await t.db.selectFrom('audit_events').select((eb) => eb.fn.max('seq').as('s')).executeTakeFirstOrThrow()).s ?? 0);
    for (const status of ['in_progress', 'closed', 'new', 'closed']) {
      const res = await api('PATCH', `/api/contact-requests/${id}`, superCookie, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status, statusChangedBy: 'Sipho Nkosi', statusChangedAt: expect.any(String) });
    }
    const row = await t.db.selectFrom('registration_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'closed', status_changed_by: superAdminId });
    const closed = await api('GET', '/api/contact-requests?status=closed', superCookie);
    expect(closed.json().requests.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(closed.json().counts.closed).toBe(1);

    const audit = await t.db.selectFrom('audit_events').select(['action', 'entity_id', 'user_id', 'outcome']).where('seq', '>', seq).where('action', '=', 'update').orderBy('seq').execute();
    expect(audit).toEqual(Array.from({ length: 4 }, () => ({ action: 'update', entity_id: id, user_id: superAdminId, outcome: 'success' })));
  });

  it('refuses an unknown status with a 400 naming the field, and an unknown request with a 404', async () => {
    const id = (await t.db.selectFrom('registration_requests').select('id').where('organization_name', '=', 'Second Firm').executeTakeFirstOrThrow()).id;
    const bad = await api('PATCH', `/api/contact-requests/${id}`, superCookie, { status: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['status']);
    expect((await t.db.selectFrom('registration_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
    expect((await api('PATCH', '/api/contact-requests/no-such-request', superCookie, { status: 'closed' })).statusCode).toBe(404);
  });

  it('is refused (403) to an organisation Administrator, who learns nothing and changes nothing; 401 signed out', async () => {
    const list = await api('GET', '/api/contact-requests', adminCookie);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Ngwenya');
    const id = (await t.db.selectFrom('registration_requests').select('id').where('organization_name', '=', 'Second Firm').executeTakeFirstOrThrow()).id;
    expect((await api('PATCH', `/api/contact-requests/${id}`, adminCookie, { status: 'closed' })).statusCode).toBe(403);
    expect((await t.db.selectFrom('registration_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
    expect((await t.app.inject({ method: 'GET', url: '/api/contact-requests' })).statusCode).toBe(401);
  });
});
