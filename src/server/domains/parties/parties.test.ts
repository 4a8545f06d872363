import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSaIdNumber } from '../../../shared/sa/sa-id-number';
import { addTeamMember } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addPerson, createCaseOf } from './party-test-data';

// Parties on a case and the conflict check (issue 19) through REST: people of the registry in a role
// of the platform, a duplicate refused, removal on the timeline; the conflict check finds our client
// on the other side of another matter, and its result is recorded with who and when.

let t: TestApp;
let firm: string;
let hospital: string;
const cookies = { attorney: '', admin: '', clerk: '', nurse: '', stranger: '' };
let attorneyId: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const partiesOf = (id: string) => `/api/patient-cases/${id}/parties`;
const eventsOf = (id: string) => t.db.selectFrom('case_events').select(['kind', 'summary', 'actor_id']).where('case_id', '=', id).orderBy('at').orderBy('id').execute();
const partyCount = async () => Number((await t.db.selectFrom('case_parties').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startTestApp();
  firm = await createOrganization(t.db, 'Khumalo Attorneys', 'legal');
  hospital = await createOrganization(t.db, 'Parties Hospital', 'healthcare');
  const attorney = await createUser(t.db, { organizationId: firm, role: 'Legal Consultants', firstName: 'Lindiwe' });
  attorneyId = attorney.id;
  cookies.attorney = await signIn(t.app, attorney.email);
  cookies.admin = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Administrator', firstName: 'Sizwe' })).email);
  cookies.clerk = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Legal Consultants', firstName: 'Pieter' })).email);
  cookies.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Nurse', firstName: 'Naledi' })).email);
  cookies.stranger = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Administrator' })).email);
});
afterAll(() => t.close());

describe('parties on a case', () => {
  let matter: string;
  let opposing: string;
  let opposingPartyId: string;

  beforeAll(async () => {
    const client = await addPerson(t.db, firm, { firstName: 'Sipho', lastName: 'Ndlovu', idNumber: makeSaIdNumber('1984-06-02', 'male', 311), dateOfBirth: '1984-06-02', sex: 'male' });
    matter = await createCaseOf(t.db, firm, client, { case_type: 'Personal injury', reference: 'KA-2026-00001' });
    opposing = await addPerson(t.db, firm, { firstName: 'Johan', lastName: 'Botha' });
  });

  it('adds an opposing attorney, listed with name, role and who added it, and on the timeline', async () => {
    const res = await call('POST', partiesOf(matter), cookies.attorney, { personId: opposing, role: 'opposing-attorney', notes: 'Botha Inc.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ caseId: matter, personId: opposing, name: 'Johan Botha', kind: 'person', role: 'opposing-attorney', notes: 'Botha Inc.', addedByName: 'Lindiwe Nkosi', idNumber: null });
    opposingPartyId = res.json().id;
    const list = await call('GET', partiesOf(matter), cookies.clerk);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([['Johan Botha', 'opposing-attorney']]);
    expect(await eventsOf(matter)).toEqual([{ kind: 'party.added', summary: 'Added Johan Botha as opposing attorney', actor_id: attorneyId }]);
  });

  it('lists parties oldest first: an organisation as defendant after the attorney', async () => {
    const mec = await addPerson(t.db, firm, { kind: 'organization', lastName: 'MEC for Health, Gauteng' });
    const res = await call('POST', partiesOf(matter), cookies.attorney, { personId: mec, role: 'defendant' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'MEC for Health, Gauteng', kind: 'organization', role: 'defendant' });
    const items = (await call('GET', partiesOf(matter), cookies.attorney)).json().items;
    expect(items.map((p: { name: string }) => p.name)).toEqual(['Johan Botha', 'MEC for Health, Gauteng']);
  });

  it('refuses a role of another platform (400 naming role), an unknown role, and a person of another organisation (400 naming personId)', async () => {
    const before = await partyCount();
    const nextOfKin = await call('POST', partiesOf(matter), cookies.attorney, { personId: opposing, role: 'next-of-kin' });
    expect(nextOfKin.statusCode).toBe(400);
    expect(Object.keys(nextOfKin.json().fields)).toEqual(['role']);
    expect(nextOfKin.json().fields.role).toMatch(/Next of kin is not a party role on the Legal platform/);
    const unknown = await call('POST', partiesOf(matter), cookies.attorney, { personId: opposing, role: 'cousin' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['role']);
    const foreign = await addPerson(t.db, hospital, { firstName: 'Other', lastName: 'Tenant' });
    const elsewhere = await call('POST', partiesOf(matter), cookies.attorney, { personId: foreign, role: 'witness' });
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json().fields)).toEqual(['personId']);
    expect(await partyCount()).toBe(before);
  });

  it('refuses the same person in the same role twice (409); another role is fine', async () => {
    const before = await partyCount();
    const again = await call('POST', partiesOf(matter), cookies.attorney, { personId: opposing, role: 'opposing-attorney' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    expect(await partyCount()).toBe(before);
    expect((await call('POST', partiesOf(matter), cookies.attorney, { personId: opposing, role: 'witness' })).statusCode).toBe(200);
  });

  it('removes a party (hard delete), answers the removed party and writes the timeline; a second removal is 404', async () => {
    const res = await call('DELETE', `${partiesOf(matter)}/${opposingPartyId}`, cookies.attorney);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: opposingPartyId, name: 'Johan Botha', role: 'opposing-attorney' });
    const roles = (await call('GET', partiesOf(matter), cookies.attorney)).json().items.map((p: { name: string; role: string }) => `${p.name}:${p.role}`);
    expect(roles).toEqual(['MEC for Health, Gauteng:defendant', 'Johan Botha:witness']);
    const last = (await eventsOf(matter)).at(-1);
    expect(last).toEqual({ kind: 'party.removed', summary: 'Removed Johan Botha as opposing attorney', actor_id: attorneyId });
    expect((await call('DELETE', `${partiesOf(matter)}/${opposingPartyId}`, cookies.attorney)).statusCode).toBe(404);
  });

  it('keeps a case of another organisation out of reach (404)', async () => {
    expect((await call('GET', partiesOf(matter), cookies.stranger)).statusCode).toBe(404);
  });
});

describe('parties on a healthcare case', () => {
  it('adds a next of kin and a medical aid; refuses an opposing attorney on a ward', async () => {
    const patient = await addPerson(t.db, hospital, { firstName: 'Nomsa', lastName: 'Zulu' });
    const kase = await createCaseOf(t.db, hospital, patient);
    const mother = await addPerson(t.db, hospital, { firstName: 'Grace', lastName: 'Zulu' });
    const scheme = await addPerson(t.db, hospital, { kind: 'organization', lastName: 'Discovery Health Medical Scheme' });
    const kin = await call('POST', partiesOf(kase), cookies.nurse, { personId: mother, role: 'next-of-kin' });
    expect(kin.statusCode, kin.body).toBe(200);
    expect((await call('POST', partiesOf(kase), cookies.nurse, { personId: scheme, role: 'medical-aid' })).statusCode).toBe(200);
    const wrong = await call('POST', partiesOf(kase), cookies.nurse, { personId: mother, role: 'opposing-attorney' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['role']);
    const items = (await call('GET', partiesOf(kase), cookies.nurse)).json().items;
    expect(items.map((p: { name: string; role: string }) => `${p.name}:${p.role}`)).toEqual(['Grace Zulu:next-of-kin', 'Discovery Health Medical Scheme:medical-aid']);
    expect((await eventsOf(kase)).map((e) => e.summary)).toEqual(['Added Grace Zulu as next of kin', 'Added Discovery Health Medical Scheme as medical aid']);
  });
});

describe('the conflict check', () => {
  let newMatter: string;
  let secretMatter: string;
  let dube: string;

  beforeAll(async () => {
    // Thabo Dube is our client in one matter (restricted, the admin's team only) and the opposing
    // attorney in the new one: taking the new matter is a conflict.
    dube = await addPerson(t.db, firm, { firstName: 'Thabo', lastName: 'Dube', idNumber: makeSaIdNumber('1979-11-23', 'male', 42), dateOfBirth: '1979-11-23', sex: 'male' });
    secretMatter = await createCaseOf(t.db, firm, dube, { case_type: 'Divorce', reference: 'KA-2026-00010', restricted: 1 });
    const newClient = await addPerson(t.db, firm, { firstName: 'Ayanda', lastName: 'Mthembu' });
    newMatter = await createCaseOf(t.db, firm, newClient, { case_type: 'Contract dispute', reference: 'KA-2026-00011' });
    await addTeamMember(t.db, firm, newMatter, attorneyId);
    expect((await call('POST', partiesOf(newMatter), cookies.attorney, { personId: dube, role: 'opposing-attorney' })).statusCode).toBe(200);
    // A second record with the same ID number (a duplicate nobody merged) and a similar name: saved
    // before issue 32 made the number unique, on an install whose migration 0024 therefore left the
    // unique index out (the people service refuses such a record today).
    await sql`drop index if exists people_org_id_number_live_uq`.execute(t.db);
    await addPerson(t.db, firm, { firstName: 'Thabo', lastName: 'Dubé', idNumber: makeSaIdNumber('1979-11-23', 'male', 42), dateOfBirth: '1979-11-23', sex: 'male' });
    await addPerson(t.db, firm, { firstName: 'Ayanda', lastName: 'Mthembu-Khoza', dateOfBirth: '1990-01-01' });
  });

  it('finds our client in another matter on the other side (adverse), showing a restricted matter by reference and status only', async () => {
    const res = await call('GET', `/api/patient-cases/${newMatter}/conflict-check`, cookies.attorney);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const adverse = body.hits.filter((h: { adverse: boolean }) => h.adverse);
    expect(adverse).toHaveLength(1);
    expect(adverse[0]).toMatchObject({
      personId: dube, name: 'Thabo Dube', roleHere: 'opposing-attorney', reason: 'same-person',
      otherCase: { id: secretMatter, reference: 'KA-2026-00010', status: 'In Progress', role: 'client', restricted: true, patientName: 'Restricted case', caseType: '' },
    });
    expect(body.latest).toBeNull();
    expect(body.history).toEqual([]);
    // The administrator reads every case: the same hit names the matter.
    const byAdmin = (await call('GET', `/api/patient-cases/${newMatter}/conflict-check`, cookies.admin)).json();
    expect(byAdmin.hits.find((h: { adverse: boolean }) => h.adverse).otherCase).toMatchObject({ patientName: 'Thabo Dube', caseType: 'Divorce' });
  });

  it('from the other matter: the client is the opposing attorney in the new one (adverse), seen by the team', async () => {
    const body = (await call('GET', `/api/patient-cases/${secretMatter}/conflict-check`, cookies.admin)).json();
    expect(body.hits.map((h: { roleHere: string; reason: string; adverse: boolean; otherCase: { reference: string; role: string } }) => [h.roleHere, h.reason, h.adverse, h.otherCase.reference, h.otherCase.role])).toEqual([
      ['client', 'same-person', true, 'KA-2026-00011', 'opposing-attorney'],
    ]);
  });

  it('records the result (conflict noted needs a note), by whom and when, on the timeline', async () => {
    const noNote = await call('POST', `/api/patient-cases/${newMatter}/conflict-check`, cookies.attorney, { result: 'conflict-noted' });
    expect(noNote.statusCode).toBe(400);
    expect(Object.keys(noNote.json().fields)).toEqual(['note']);
    const before = Date.now();
    const res = await call('POST', `/api/patient-cases/${newMatter}/conflict-check`, cookies.attorney, { result: 'conflict-noted', note: 'Opposing attorney is our client in a divorce; referred out' });
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({ result: 'conflict-noted', note: 'Opposing attorney is our client in a divorce; referred out', checkedById: attorneyId, checkedByName: 'Lindiwe Nkosi' });
    expect(Date.parse(record.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await t.db.selectFrom('case_conflict_checks').select('hits').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.hits).some((h: { adverse: boolean; personId: string }) => h.adverse && h.personId === dube)).toBe(true);
    const check = (await call('GET', `/api/patient-cases/${newMatter}/conflict-check`, cookies.attorney)).json();
    expect(check.latest).toMatchObject({ id: record.id, result: 'conflict-noted', checkedByName: 'Lindiwe Nkosi' });
    expect(check.history).toHaveLength(1);
    expect((await eventsOf(newMatter)).at(-1)).toEqual({ kind: 'conflict.checked', summary: 'Conflict noted: Opposing attorney is our client in a divorce; referred out', actor_id: attorneyId });
    const clear = await call('POST', `/api/patient-cases/${newMatter}/conflict-check`, cookies.attorney, { result: 'clear' });
    expect(clear.statusCode).toBe(200);
    expect((await eventsOf(newMatter)).at(-1)?.summary).toBe('Conflict check: Clear');
    const after = (await call('GET', `/api/patient-cases/${newMatter}/conflict-check`, cookies.attorney)).json();
    expect(after.history.map((h: { result: string }) => h.result)).toEqual(['clear', 'conflict-noted']);
  });

  it('matches another record by ID number and a similar name with no other birth date, with their cases', async () => {
    const twin = await t.db.selectFrom('people').select('id').where('full_name', '=', 'Thabo Dubé').executeTakeFirstOrThrow();
    await createCaseOf(t.db, firm, twin.id, { case_type: 'Labour dispute', reference: 'KA-2026-00020' });
    const similar = await t.db.selectFrom('people').select('id').where('full_name', '=', 'Ayanda Mthembu-Khoza').executeTakeFirstOrThrow();
    await createCaseOf(t.db, firm, similar.id, { case_type: 'Eviction', reference: 'KA-2026-00021' });
    const hits = (await call('GET', `/api/patient-cases/${newMatter}/conflict-check`, cookies.attorney)).json().hits as { personId: string; reason: string; roleHere: string; adverse: boolean; otherCase: { reference: string } }[];
    expect(hits.filter((h) => h.otherCase.reference === 'KA-2026-00020').map((h) => [h.personId, h.reason, h.roleHere, h.adverse])).toEqual([[twin.id, 'idNumber', 'opposing-attorney', true]]);
    expect(hits.filter((h) => h.otherCase.reference === 'KA-2026-00021').map((h) => [h.personId, h.reason, h.roleHere, h.adverse])).toEqual([[similar.id, 'name', 'client', false]]);
  });

  it('refuses the check to a role without the case file (403) and another organisation (404)', async () => {
    expect((await call('GET', `/api/patient-cases/${newMatter}/conflict-check`, cookies.stranger)).statusCode).toBe(404);
    const finance = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Finance Staff' })).email);
    expect((await call('GET', `/api/patient-cases/${newMatter}/conflict-check`, finance)).statusCode).toBe(403);
  });
});
