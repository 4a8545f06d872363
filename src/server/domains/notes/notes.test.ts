import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';

// Notes on a case (issue 18) through REST: append-only, an amendment is a new version that leaves
// the old one visible as amended; kinds per platform; the author (or an Administrator) amends;
// a restricted case's notes only for those with need to know.

let t: TestApp;
let org: string;
let caseId: string;
let secretCase: string;
const cookies: Record<'author' | 'colleague' | 'admin' | 'finance', string> = { author: '', colleague: '', admin: '', finance: '' };
let authorId: string;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const notesOf = (id: string) => `/api/patient-cases/${id}/notes`;
const noteCount = async () => Number((await t.db.selectFrom('case_notes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const eventsOf = (id: string) => t.db.selectFrom('case_events').select(['kind', 'summary', 'actor_id']).where('case_id', '=', id).orderBy('at').orderBy('id').execute();

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Notes Hospital');
  const author = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Ayanda' });
  authorId = author.id;
  const colleague = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Bongi' });
  const admin = await createUser(t.db, { organizationId: org, role: 'Administrator', firstName: 'Zanele' });
  const finance = await createUser(t.db, { organizationId: org, role: 'Finance Staff' });
  caseId = await createCase(t.db, org, { patient_name: 'Nomsa Zulu' });
  secretCase = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, author.id);
  cookies.author = await signIn(t.app, author.email);
  cookies.colleague = await signIn(t.app, colleague.email);
  cookies.admin = await signIn(t.app, admin.email);
  cookies.finance = await signIn(t.app, finance.email);
});
afterAll(() => t.close());

describe('notes on a case', () => {
  let firstId: string;
  let amendmentId: string;

  it('writes a note with its author, kind and time, and puts it on the timeline', async () => {
    const res = await call('POST', notesOf(caseId), cookies.author, { kind: 'clinical', body: 'Seen on the ward; BP 120/80.' });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json();
    expect(note).toMatchObject({ kind: 'clinical', body: 'Seen on the ward; BP 120/80.', authorId, authorName: 'Ayanda Nkosi', amendsId: null, amendedById: null, at: expect.any(String) });
    firstId = note.id;
    const list = await call('GET', notesOf(caseId), cookies.colleague);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((n: { id: string }) => n.id)).toEqual([firstId]);
    expect(await eventsOf(caseId)).toEqual([{ kind: 'note.added', summary: 'Note added (Clinical note)', actor_id: authorId }]);
  });

  it('refuses a kind the platform does not use (400 on kind) and an empty body, writing nothing', async () => {
    const before = await noteCount();
    const wrongKind = await call('POST', notesOf(caseId), cookies.author, { kind: 'attendance', body: 'A legal attendance note' });
    expect(wrongKind.statusCode).toBe(400);
    expect(Object.keys(wrongKind.json().fields)).toEqual(['kind']);
    const unknownKind = await call('POST', notesOf(caseId), cookies.author, { kind: 'gossip', body: 'x' });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json().fields.kind).toBe('Choose a kind of note');
    const empty = await call('POST', notesOf(caseId), cookies.author, { kind: 'clinical', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.body).toBe('Write the note');
    expect(await noteCount()).toBe(before);
  });

  it('amends as a new version: the old note stays, shown as amended by the new one', async () => {
    const res = await call('POST', `${notesOf(caseId)}/${firstId}/amend`, cookies.author, { body: 'Seen on the ward; BP 130/85 (corrected).' });
    expect(res.statusCode, res.body).toBe(200);
    const amendment = res.json();
    expect(amendment).toMatchObject({ kind: 'clinical', body: 'Seen on the ward; BP 130/85 (corrected).', amendsId: firstId, amendedById: null, authorName: 'Ayanda Nkosi' });
    amendmentId = amendment.id;
    const items = (await call('GET', notesOf(caseId), cookies.author)).json().items;
    expect(items.map((n: { id: string; amendedById: string | null; body: string }) => [n.id, n.amendedById, n.body])).toEqual([
      [amendmentId, null, 'Seen on the ward; BP 130/85 (corrected).'],
      [firstId, amendmentId, 'Seen on the ward; BP 120/80.'],
    ]);
    expect((await eventsOf(caseId)).map((e) => e.kind)).toEqual(['note.added', 'note.amended']);
  });

  it('answers 409 for amending a note that was already amended, and writes nothing', async () => {
    const before = await noteCount();
    const res = await call('POST', `${notesOf(caseId)}/${firstId}/amend`, cookies.author, { body: 'Another correction' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'This note was already amended; amend the newest version' });
    expect(await noteCount()).toBe(before);
  });

  it("refuses another author's note (403); an Administrator may amend it", async () => {
    const before = await noteCount();
    const refused = await call('POST', `${notesOf(caseId)}/${amendmentId}/amend`, cookies.colleague, { body: 'Not mine to change' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await noteCount()).toBe(before);
    const byAdmin = await call('POST', `${notesOf(caseId)}/${amendmentId}/amend`, cookies.admin, { body: 'Corrected by the administrator' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ amendsId: amendmentId, authorName: 'Zanele Nkosi' });
  });

  it('answers 404 for a note of another case', async () => {
    const other = await createCase(t.db, org);
    expect((await call('POST', `${notesOf(other)}/${firstId}/amend`, cookies.author, { body: 'x' })).statusCode).toBe(404);
  });

  it('keeps a restricted case to its team: RESTRICTED for a non-member, the team member reads and writes', async () => {
    const read = await call('GET', notesOf(secretCase), cookies.colleague);
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('RESTRICTED');
    const before = await noteCount();
    const write = await call('POST', notesOf(secretCase), cookies.colleague, { kind: 'clinical', body: 'x' });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('RESTRICTED');
    expect(await noteCount()).toBe(before);
    expect((await call('POST', notesOf(secretCase), cookies.author, { kind: 'progress', body: 'Stable' })).statusCode).toBe(200);
    expect((await call('GET', notesOf(secretCase), cookies.author)).json().items).toHaveLength(1);
    expect((await call('GET', notesOf(secretCase), cookies.admin)).json().items).toHaveLength(1);
  });

  it('refuses a role without caseFile.view (Finance Staff) and another organisation', async () => {
    expect((await call('GET', notesOf(caseId), cookies.finance)).statusCode).toBe(403);
    const elsewhere = await createOrganization(t.db, 'Other Hospital');
    const stranger = await signIn(t.app, (await createUser(t.db, { organizationId: elsewhere, role: 'Doctor' })).email);
    expect((await call('GET', notesOf(caseId), stranger)).statusCode).toBe(404);
  });
});

describe('notes on a legal case', () => {
  it('takes the kinds of the legal platform and refuses a clinical note', async () => {
    const firm = await createOrganization(t.db, 'Dlamini Attorneys', 'legal');
    const attorney = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Legal Consultants' })).email);
    const matter = await createCase(t.db, firm, { patient_name: 'Sipho Ndlovu', case_type: 'Labour dispute' });
    expect((await call('POST', notesOf(matter), attorney, { kind: 'attendance', body: 'Consulted the client.' })).statusCode).toBe(200);
    const clinical = await call('POST', notesOf(matter), attorney, { kind: 'clinical', body: 'x' });
    expect(clinical.statusCode).toBe(400);
    expect(clinical.json().fields.kind).toMatch(/Legal platform/);
  });
});
