import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as firstCompletionMigration from '../../../../db/migrations/0009-first-completion';
import { nowIso } from '../../../../db/time';
import { openTestDatabase } from '../../test-support/test-database';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Retention over real HTTP on both databases: a closed case's records cannot be deleted inside the
// retention period; past it an Administrator de-identifies the case, and what could name the person
// is gone while the case, its costs and the audit trail remain.

let t: TestApp;
let org: string;
let otherOrg: string;
let admin: string;
let doctor: string;
let adminUser: { id: string; email: string };

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString();
};

async function closedCase(organizationId: string, completedAt: string | null, name = 'Zanele Khumalo') {
  const id = randomUUID();
  const now = nowIso();
  await t.db
    .insertInto('cases')
    .values({ id, organization_id: organizationId, patient_name: name, case_type: 'Legal matter', description: 'Injured at work, Durban harbour', notes: 'Lives in Umlazi', status: completedAt ? 'Completed' : 'In Progress', completed_at: completedAt, created_at: now, updated_at: now })
    .execute();
  await t.db.insertInto('messages').values({ id: randomUUID(), organization_id: organizationId, sender_id: adminUser.id, recipient_id: null, subject: `About ${name}`, content: `${name} called`, message_type: 'broadcast', patient_case_id: id, created_at: now }).execute();
  const documentId = randomUUID();
  await t.db.insertInto('documents').values({ id: documentId, organization_id: organizationId, case_id: id, file_name: 'statement.txt', content_type: 'text/plain; charset=utf-8', size_bytes: 5, sha256: '0'.repeat(64), uploaded_by: null, created_at: now }).execute();
  await t.db.insertInto('document_contents').values({ document_id: documentId, content: new Uint8Array(Buffer.from('hello')) }).execute();
  await t.db.insertInto('time_entries').values({ id: randomUUID(), organization_id: organizationId, case_id: id, user_id: adminUser.id, role: 'Administrator', description: `Call with ${name}`, start_time: yearsAgo(7), end_time: yearsAgo(7), duration_minutes: 60, hourly_rate_cents: 50000, total_cost_cents: 50000, created_at: now }).execute();
  return { id, documentId };
}

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) => t.app.inject({ method, url, headers: { origin: ORIGIN, cookie } });

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Mokoena Attorneys', 'legal');
  otherOrg = await createOrganization(t.db, 'Other Firm', 'legal');
  adminUser = await createUser(t.db, { organizationId: org, role: 'Administrator' });
  admin = await signIn(t.app, adminUser.email);
  doctor = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Director' })).email);
});
afterAll(() => t.close());

describe('inside the retention period', () => {
  it("refuses to delete a closed case's document, and keeps it downloadable", async () => {
    const { documentId } = await closedCase(org, yearsAgo(2));
    const res = await api('DELETE', `/api/legal-documents/${documentId}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/kept until \d{4}-\d{2}-\d{2} under the retention policy \(6 years\)/);
    expect((await api('GET', `/api/legal-documents/${documentId}/download`, admin)).statusCode).toBe(200);
  });

  it("still lets an open case's documents be deleted (ordinary work)", async () => {
    const { documentId } = await closedCase(org, null);
    const res = await api('DELETE', `/api/legal-documents/${documentId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: documentId, caseId: expect.any(String) });
  });

  it('refuses to de-identify a case still retained, or one not closed', async () => {
    const recent = await closedCase(org, yearsAgo(5, 360));
    const open = await closedCase(org, null);
    expect((await api('POST', `/api/patient-cases/${recent.id}/de-identify`, admin)).json().message).toMatch(/kept until/);
    expect((await api('POST', `/api/patient-cases/${open.id}/de-identify`, admin)).statusCode).toBe(409);
  });
});

describe('past the retention period', () => {
  it('lists the cases that may be de-identified, and what is still held', async () => {
    const old = await closedCase(org, yearsAgo(6, 10), 'Old Client');
    const res = await api('GET', '/api/retention/cases', admin);
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview.retentionYears).toBe(6);
    expect(overview.heldCount).toBeGreaterThanOrEqual(2);
    expect(overview.eligible.map((c: { id: string }) => c.id)).toContain(old.id);
  });

  it('de-identifies: the name and every free text go, the case, costs and audit trail stay', async () => {
    const { id, documentId } = await closedCase(org, yearsAgo(7), 'Sipho Dlamini');
    const when = yearsAgo(7, 30);
    await t.db.insertInto('appointments').values({ id: randomUUID(), organization_id: org, case_id: id, title: 'Consult with Sipho Dlamini', description: 'Bring ID', location: '12 Smith St, Umlazi', start_time: when, end_time: when, created_at: when, updated_at: when }).execute();
    await t.db.insertInto('test_results').values({ id: randomUUID(), organization_id: org, case_id: id, test_name: 'HbA1c', category: 'Blood', result_summary: 'Sipho: 9.1 %, poorly controlled', reference_range: '< 6.5 %', ordered_at: when, created_at: when }).execute();
    // The case file (issue 18): a note, a task and timeline lines can all name the person.
    await t.db.insertInto('case_notes').values({ id: randomUUID(), organization_id: org, case_id: id, kind: 'clinical', body: 'Sipho Dlamini reports chest pain', author_id: adminUser.id, amends_id: null, created_at: when }).execute();
    await t.db.insertInto('tasks').values({ id: randomUUID(), organization_id: org, case_id: id, title: 'Phone Sipho Dlamini about results', assignee_id: adminUser.id, due_date: null, created_by: null, created_at: when, updated_at: when }).execute();
    await t.db.insertInto('case_events').values({ id: randomUUID(), organization_id: org, case_id: id, at: when, actor_id: null, kind: 'case.updated', summary: 'Name changed', details: JSON.stringify({ changes: [{ field: 'patientName', label: 'Name', from: 'S. Dlamini', to: 'Sipho Dlamini' }] }) }).execute();
    // Issue 32: the conflict check attached at intake names the parties; a deadline's reason is words.
    const checkId = randomUUID();
    await t.db.insertInto('conflict_checks').values({ id: checkId, organization_id: org, parties: JSON.stringify([{ name: 'Sipho Dlamini', idNumber: null, role: 'client' }]), run_by: adminUser.id, run_at: when, case_id: id, attached_by: adminUser.id, attached_at: when }).execute();
    await t.db.insertInto('conflict_check_hits').values({ id: randomUUID(), organization_id: org, check_id: checkId, position: 0, party_name: 'Sipho Dlamini', party_role: 'client', reason: 'name', person_id: randomUUID(), name: 'Sipho Dlamini', matched_case_id: id, reference: null, case_status: 'Completed', role_there: 'plaintiff', adverse: 1, resolution: 'not-the-same-person', resolution_note: 'Sipho Dlamini of Umlazi is another man', resolved_by: adminUser.id, resolved_at: when }).execute();
    await t.db.insertInto('deadline_outcomes').values({ id: randomUUID(), organization_id: org, case_id: id, deadline_id: randomUUID(), rule: 'prescription', source_kind: 'court-matter', source_id: randomUUID(), version: 1, status: 'not-applicable', met_on: null, reason: 'Sipho Dlamini withdrew the claim', recorded_by: adminUser.id, recorded_at: when }).execute();
    const res = await api('POST', `/api/patient-cases/${id}/de-identify`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const intake = await Promise.all([
      t.db.selectFrom('conflict_checks').select('parties').where('id', '=', checkId).execute(),
      t.db.selectFrom('conflict_check_hits').select(['party_name', 'name', 'resolution_note']).where('check_id', '=', checkId).execute(),
      t.db.selectFrom('deadline_outcomes').select('reason').where('case_id', '=', id).execute(),
    ]);
    expect(intake[1]).toHaveLength(1);
    expect(JSON.stringify(intake)).not.toMatch(/Sipho|Dlamini/);
    expect(res.json()).toMatchObject({ id, patientName: `De-identified case ${id.slice(0, 8)}`, messages: 1, documents: 1, timeEntries: 1, appointments: 1, testResults: 1, notes: 1, tasks: 1 });
    const caseFile = await Promise.all([
      t.db.selectFrom('case_notes').select(['body', 'author_id']).where('case_id', '=', id).execute(),
      t.db.selectFrom('tasks').select('title').where('case_id', '=', id).execute(),
      t.db.selectFrom('case_events').select(['summary', 'details']).where('case_id', '=', id).execute(),
    ]);
    expect(caseFile[0]).toEqual([{ body: expect.any(String), author_id: adminUser.id }]);
    expect(caseFile[2].length).toBeGreaterThan(0);
    expect(JSON.stringify(caseFile)).not.toMatch(/Sipho|Dlamini/);
    const appointment = await t.db.selectFrom('appointments').select(['title', 'description', 'location', 'start_time']).where('case_id', '=', id).executeTakeFirstOrThrow();
    expect(appointment).toMatchObject({ description: null, location: null, start_time: when });
    expect(appointment.title).not.toMatch(/Sipho/);
    const result = await t.db.selectFrom('test_results').select(['test_name', 'result_summary']).where('case_id', '=', id).executeTakeFirstOrThrow();
    expect(result.test_name).toBe('HbA1c');
    expect(result.result_summary).not.toMatch(/Sipho|9\.1/);

    const row = await t.db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ patient_name: `De-identified case ${id.slice(0, 8)}`, description: null, notes: null, status: 'Completed' });
    expect(row.deidentified_at).not.toBeNull();
    const message = await t.db.selectFrom('messages').select(['subject', 'content']).where('patient_case_id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(message)).not.toMatch(/Sipho/);
    expect(await t.db.selectFrom('documents').select('id').where('id', '=', documentId).executeTakeFirst()).toBeUndefined();
    const entry = await t.db.selectFrom('time_entries').select(['description', 'total_cost_cents']).where('case_id', '=', id).executeTakeFirstOrThrow();
    expect(entry).toEqual({ description: null, total_cost_cents: 50000 });
    const audit = await t.db.selectFrom('audit_events').select(['action', 'outcome']).where('case_id', '=', id).where('action', '=', 'de-identify').execute();
    expect(audit).toEqual([{ action: 'de-identify', outcome: 'success' }]);

    // Once only; and gone from the list.
    expect((await api('POST', `/api/patient-cases/${id}/de-identify`, admin)).statusCode).toBe(409);
    expect((await api('GET', '/api/retention/cases', admin)).json().eligible.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('de-identifies the person (issue 19) once every case of theirs is de-identified, not before', async () => {
    const personId = randomUUID();
    const now = nowIso();
    await t.db
      .insertInto('people')
      .values({ id: personId, organization_id: org, kind: 'person', first_name: 'Ayanda', last_name: 'Zungu', full_name: 'Ayanda Zungu', id_number: '8001015009087', date_of_birth: '1980-01-01', sex: 'male', phone: '082 555 0101', email: 'ayanda@example.com', address: '4 Beach Rd, Durban', medical_aid_scheme: 'Discovery', medical_aid_number: 'DH123', medical_aid_main_member: 'Ayanda Zungu', notes: 'Prefers mornings', created_by: null, created_at: now, updated_at: now })
      .execute();
    const first = await closedCase(org, yearsAgo(7), 'Ayanda Zungu');
    const second = await closedCase(org, yearsAgo(8), 'Ayanda Zungu');
    await t.db.updateTable('cases').set({ person_id: personId }).where('id', 'in', [first.id, second.id]).execute();

    expect((await api('POST', `/api/patient-cases/${first.id}/de-identify`, admin)).statusCode).toBe(200);
    // One case of theirs is still kept: so is the person.
    const kept = await t.db.selectFrom('people').selectAll().where('id', '=', personId).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ full_name: 'Ayanda Zungu', id_number: '8001015009087', phone: '082 555 0101' });

    expect((await api('POST', `/api/patient-cases/${second.id}/de-identify`, admin)).statusCode).toBe(200);
    const gone = await t.db.selectFrom('people').selectAll().where('id', '=', personId).executeTakeFirstOrThrow();
    expect(gone).toMatchObject({
      first_name: null, last_name: `De-identified person ${personId.slice(0, 8)}`, full_name: `De-identified person ${personId.slice(0, 8)}`,
      id_number: null, passport_number: null, date_of_birth: null, phone: null, email: null, address: null,
      medical_aid_scheme: null, medical_aid_number: null, medical_aid_main_member: null, notes: null,
    });
    expect(JSON.stringify(gone)).not.toMatch(/Ayanda|Zungu|8001015009087|Discovery/);
  });

  it('is for Administrators of the case’s own organisation only', async () => {
    const { id } = await closedCase(org, yearsAgo(8));
    const elsewhere = await closedCase(otherOrg, yearsAgo(8));
    expect((await api('POST', `/api/patient-cases/${id}/de-identify`, doctor)).statusCode).toBe(403);
    expect((await api('POST', `/api/patient-cases/${elsewhere.id}/de-identify`, admin)).statusCode).toBe(404);
    const untouched = await t.db.selectFrom('cases').select('patient_name').where('id', '=', elsewhere.id).executeTakeFirstOrThrow();
    expect(untouched.patient_name).toBe('Zanele Khumalo');
  });

  it('honours RETENTION_YEARS', async () => {
    const short = await startTestApp({ RETENTION_YEARS: '1' });
    try {
      const o = await createOrganization(short.db, 'Short Retention', 'legal');
      const a = await createUser(short.db, { organizationId: o, role: 'Administrator' });
      const cookie = await signIn(short.app, a.email);
      const id = randomUUID();
      const now = nowIso();
      await short.db.insertInto('cases').values({ id, organization_id: o, patient_name: 'A', case_type: 'B', status: 'Completed', completed_at: yearsAgo(2), created_at: now, updated_at: now }).execute();
      const res = await short.app.inject({ method: 'POST', url: `/api/patient-cases/${id}/de-identify`, headers: { origin: ORIGIN, cookie } });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('reopening a closed case (issue 16)', () => {
  // The rule: records are held for RETENTION_YEARS from the FIRST time the case was completed;
  // reopening it does not lift the hold and closing it again does not move it.
  const holdEnd = (firstCompletion: string) => {
    const d = new Date(firstCompletion);
    d.setUTCFullYear(d.getUTCFullYear() + 6);
    return d.toISOString().slice(0, 10);
  };
  const setStatus = (id: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/patient-cases/${id}`, headers: { origin: ORIGIN, cookie: admin }, payload: { status } });
  const deleteDocument = (documentId: string) => api('DELETE', `/api/legal-documents/${documentId}`, admin);
  const documentExists = async (documentId: string) => (await t.db.selectFrom('documents').select('id').where('id', '=', documentId).executeTakeFirst()) !== undefined;

  it('keeps the documents of a case closed two years ago held after reopen, and after closing again until the same date', async () => {
    const firstCompletion = yearsAgo(2);
    const { id, documentId } = await closedCase(org, firstCompletion);

    expect((await setStatus(id, 'In Progress')).statusCode).toBe(200);
    const whileOpen = await deleteDocument(documentId);
    expect(whileOpen.statusCode, whileOpen.body).toBe(409);
    expect(whileOpen.json().message).toContain(`kept until ${holdEnd(firstCompletion)}`);
    expect(await documentExists(documentId)).toBe(true);

    expect((await setStatus(id, 'Completed')).statusCode).toBe(200);
    const closedAgain = await deleteDocument(documentId);
    expect(closedAgain.statusCode).toBe(409);
    expect(closedAgain.json().message).toContain(`kept until ${holdEnd(firstCompletion)}`);
    expect(await documentExists(documentId)).toBe(true);
  });

  it('complete → reopen → delete is refused from the first completion; closing again leaves the hold date as it was', async () => {
    const { id, documentId } = await closedCase(org, null);
    const completed = await setStatus(id, 'Completed');
    expect(completed.statusCode, completed.body).toBe(200);
    const firstCompletion = completed.json().completedAt as string;

    expect((await setStatus(id, 'In Progress')).statusCode).toBe(200);
    const refused = await deleteDocument(documentId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain(`kept until ${holdEnd(firstCompletion)}`);

    await new Promise((resolve) => setTimeout(resolve, 5)); // a later second completion
    const again = await setStatus(id, 'Completed');
    expect(again.json().completedAt > firstCompletion).toBe(true);
    const row = await t.db.selectFrom('cases').select(['first_completed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.first_completed_at).toBe(firstCompletion);
    expect((await deleteDocument(documentId)).json().message).toContain(`kept until ${holdEnd(firstCompletion)}`);
    expect(await documentExists(documentId)).toBe(true);
  });

  it('migration 0009 takes the completion date of cases already closed as their first completion', async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      await firstCompletionMigration.down(db); // the schema before 0009
      const o = await createOrganization(db, 'Before 0009', 'legal');
      const now = nowIso();
      const closedOn = '2025-04-01T09:00:00.000Z';
      await sql`insert into cases (id, organization_id, patient_name, case_type, status, completed_at, created_at, updated_at)
        values ('closed-case', ${o}, 'A', 'B', 'Completed', ${closedOn}, ${now}, ${now}), ('open-case', ${o}, 'C', 'D', 'In Progress', null, ${now}, ${now})`.execute(db);
      await firstCompletionMigration.up(db);
      const rows = await db.selectFrom('cases').select(['id', 'first_completed_at']).where('organization_id', '=', o).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'closed-case', first_completed_at: closedOn },
        { id: 'open-case', first_completed_at: null },
      ]);
    } finally {
      await database.dispose();
    }
  });
});
