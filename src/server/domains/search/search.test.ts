import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { forgetTrigramSamples } from '../../../../db/trigram-driver';
import { makeSaIdNumber } from '../../../shared/sa/sa-id-number';
import { addTeamMember } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addPerson, createCaseOf } from '../parties/party-test-data';

// The header search (issue 19) through GET /api/search?q=: people by name and ID number, cases by
// reference, documents by file name, notes by a word; only the caller's organisation, a restricted
// case's parts only with need to know, each search audited; a Patient has no search.

let t: TestApp;
let org: string;
let other: string;
const cookies = { doctor: '', outsider: '', admin: '', patient: '', finance: '', stranger: '' };
const ID = makeSaIdNumber('1986-04-17', 'female', 2718);
let personId: string;
let caseId: string;
let secretCase: string;
let documentId: string;

type Item = { kind: string; id: string; title: string; subtitle: string; href: string };
const search = async (cookie: string, q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie, origin: ORIGIN } });
  return { status: res.statusCode, items: (res.statusCode === 200 ? res.json().items : []) as Item[], body: res.body };
};

async function addDocument(organizationId: string, kaseId: string, fileName: string): Promise<string> {
  const id = randomUUID();
  await t.db.insertInto('documents').values({ id, organization_id: organizationId, case_id: kaseId, file_name: fileName, content_type: 'application/pdf', size_bytes: 10, sha256: 'x'.repeat(64), uploaded_by: null, created_at: nowIso() }).execute();
  return id;
}

async function addNote(organizationId: string, kaseId: string, body: string): Promise<string> {
  const id = randomUUID();
  await t.db.insertInto('case_notes').values({ id, organization_id: organizationId, case_id: kaseId, kind: 'clinical', body, author_id: null, amends_id: null, created_at: nowIso() }).execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Search Hospital');
  other = await createOrganization(t.db, 'Other Hospital');
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Ayanda' });
  cookies.doctor = await signIn(t.app, doctor.email);
  cookies.outsider = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Doctor', firstName: 'Bongi' })).email);
  cookies.admin = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Administrator' })).email);
  cookies.finance = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Finance Staff' })).email);
  const patient = await createUser(t.db, { organizationId: org, role: 'Patient' });
  cookies.patient = await signIn(t.app, patient.email);
  cookies.stranger = await signIn(t.app, (await createUser(t.db, { organizationId: other, role: 'Administrator' })).email);

  personId = await addPerson(t.db, org, { firstName: 'Refilwe', lastName: 'Mahlangu', idNumber: ID, dateOfBirth: '1986-04-17', sex: 'female' });
  caseId = await createCaseOf(t.db, org, personId, { case_type: 'Cardiology', reference: 'SRH-2026-00042', patient_user_id: patient.id });
  documentId = await addDocument(org, caseId, 'Echocardiogram report Mahlangu.pdf');
  await addNote(org, caseId, 'Patient reports palpitations after exercise; Holter monitor booked.');

  const secretPerson = await addPerson(t.db, org, { firstName: 'Kagiso', lastName: 'Molefe' });
  secretCase = await createCaseOf(t.db, org, secretPerson, { case_type: 'Oncology', reference: 'SRH-2026-00043', restricted: 1 });
  await addTeamMember(t.db, org, secretCase, doctor.id);
  await addNote(org, secretCase, 'Biopsy confirms lymphoma; discussed chemotherapy options.');
  await addDocument(org, secretCase, 'Biopsy histology Molefe.pdf');

  // Another organisation holds the same words: none of it may appear.
  const twin = await addPerson(t.db, other, { firstName: 'Refilwe', lastName: 'Mahlangu', idNumber: ID, dateOfBirth: '1986-04-17', sex: 'female' });
  const twinCase = await createCaseOf(t.db, other, twin, { case_type: 'Cardiology', reference: 'SRH-2026-00042' });
  await addDocument(other, twinCase, 'Echocardiogram report Mahlangu.pdf');
  await addNote(other, twinCase, 'Patient reports palpitations after exercise.');
});
afterAll(() => t.close());

describe('the header search', () => {
  it('finds a case by its reference, linking to the case page', async () => {
    const { status, items } = await search(cookies.doctor, 'SRH-2026-00042');
    expect(status).toBe(200);
    expect(items.filter((i) => i.kind === 'case')).toEqual([
      { kind: 'case', id: caseId, title: 'SRH-2026-00042 · Refilwe Mahlangu', subtitle: 'Cardiology · In Progress', href: `/patients/${caseId}` },
    ]);
  });

  it('finds a person by the start of their ID number, and by name', async () => {
    const byId = (await search(cookies.doctor, ID.slice(0, 8))).items.filter((i) => i.kind === 'person');
    expect(byId).toEqual([{ kind: 'person', id: personId, title: 'Refilwe Mahlangu', subtitle: `ID ${ID.slice(0, 6)}… · born 1986-04-17`, href: `/people/${personId}` }]);
    const byName = (await search(cookies.doctor, 'mahlan')).items;
    expect(byName.filter((i) => i.kind === 'person').map((i) => i.id)).toEqual([personId]);
    expect(byName.filter((i) => i.kind === 'case').map((i) => i.id)).toEqual([caseId]);
  });

  it('finds a document by file name and a note by a word, each opening its tab of the case page', async () => {
    const docs = (await search(cookies.doctor, 'echocardio')).items.filter((i) => i.kind === 'document');
    expect(docs).toEqual([{ kind: 'document', id: documentId, title: 'Echocardiogram report Mahlangu.pdf', subtitle: 'SRH-2026-00042 · Refilwe Mahlangu', href: `/patients/${caseId}?tab=documents` }]);
    const notes = (await search(cookies.doctor, 'palpitations')).items.filter((i) => i.kind === 'note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Clinical note · SRH-2026-00042', href: `/patients/${caseId}?tab=notes` });
    expect(notes[0]!.subtitle).toContain('palpitations after exercise');
  });

  it('finds a document by its whole file name and a note by a phrase, only with the words in their order', async () => {
    // On Postgres a term of several words is looked up by its rarest word and checked whole (decision
    // 0053); the answer is the same as a plain substring search on either database.
    const authorisation = await addDocument(org, caseId, 'Medical aid authorisation Mahlangu SRH-2026-00042.pdf');
    await addNote(org, caseId, 'Holter shows sinus rhythm with occasional ectopics.');
    forgetTrigramSamples(); // the sample is taken again, with the rows just added
    const docs = (await search(cookies.doctor, 'medical AID authorisation mahlangu srh-2026-00042')).items.filter((i) => i.kind === 'document');
    expect(docs.map((d) => d.id)).toEqual([authorisation]);
    expect((await search(cookies.doctor, 'authorisation medical aid')).items.filter((i) => i.kind === 'document')).toEqual([]);
    const notes = (await search(cookies.doctor, 'sinus rhythm with occasional')).items.filter((i) => i.kind === 'note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.subtitle).toContain('Holter shows sinus rhythm');
    expect((await search(cookies.doctor, 'rhythm sinus')).items.filter((i) => i.kind === 'note')).toEqual([]);
    // A document row of another organisation with the same name stays out, even one naming this case.
    await addDocument(other, caseId, 'Medical aid authorisation Mahlangu SRH-2026-00042.pdf');
    expect((await search(cookies.doctor, 'authorisation mahlangu srh')).items.filter((i) => i.kind === 'document').map((d) => d.id)).toEqual([authorisation]);
  });

  it("keeps a restricted case's note, document and case from a non-member; its team member and an Administrator find them", async () => {
    const outsider = await search(cookies.outsider, 'biopsy');
    expect(outsider.status).toBe(200);
    expect(outsider.items).toEqual([]);
    expect((await search(cookies.outsider, 'SRH-2026-00043')).items.filter((i) => i.kind === 'case')).toEqual([]);
    const member = (await search(cookies.doctor, 'biopsy')).items;
    expect(member.map((i) => i.kind).sort()).toEqual(['document', 'note']);
    expect(member.every((i) => i.href.startsWith(`/patients/${secretCase}`))).toBe(true);
    expect((await search(cookies.admin, 'biopsy')).items.map((i) => i.kind).sort()).toEqual(['document', 'note']);
  });

  it("never answers another organisation's records", async () => {
    const mine = (await search(cookies.doctor, 'Mahlangu')).items;
    expect(mine.length).toBeGreaterThan(0);
    const ids = mine.map((i) => i.id);
    const foreign = await t.db.selectFrom('people').select('id').where('organization_id', '=', other).execute();
    expect(ids.some((id) => foreign.some((f) => f.id === id))).toBe(false);
    const stranger = (await search(cookies.stranger, 'palpitations')).items;
    expect(stranger).toHaveLength(1);
    expect(stranger[0]!.href).not.toContain(caseId);
  });

  it('gives each role only the kinds it reads: Finance Staff sees people and cases, no notes or documents', async () => {
    const kinds = new Set((await search(cookies.finance, 'mahlangu')).items.map((i) => i.kind));
    expect([...kinds].sort()).toEqual(['case', 'person']);
    expect((await search(cookies.finance, 'palpitations')).items).toEqual([]);
  });

  it('refuses a Patient (403) and a term shorter than three characters (400, naming q)', async () => {
    expect((await search(cookies.patient, 'mahlangu')).status).toBe(403);
    const short = await search(cookies.doctor, 'ma');
    expect(short.status).toBe(400);
    expect(short.body).toContain('"q"');
  });

  it('audits each search with its term', async () => {
    await search(cookies.doctor, 'holter');
    const entry = await t.db.selectFrom('audit_events').selectAll().where('action', '=', 'search').orderBy('seq', 'desc').executeTakeFirst();
    expect(entry).toBeTruthy();
    expect(String(entry!.details)).toContain('holter');
  });
});
