import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSaIdNumber, maskSaIdNumber } from '../../../shared/sa/sa-id-number';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addPerson, createCaseOf } from '../parties/party-test-data';

// Who reads full SA ID numbers (decision 0042), on both databases: the roles that register people or
// need the number clinically or legally get it whole; Finance Staff, Expert/Witness and Quality
// Assurance get `YYMMDD **** CA Z` everywhere a number leaves the server (people list and page, the
// duplicate check, case parties, the header search) and find nobody by ID number.

let t: TestApp;
const ID = makeSaIdNumber('1955-02-12', 'male', 8);
// The written rule: date of birth, the sequence hidden, the last three digits as "08 6".
const MASKED = `${ID.slice(0, 6)} **** ${ID.slice(10, 12)} ${ID.slice(12)}`;
const FULL_ROLES = ['Administrator', 'Legal Consultants', 'Admin Staff'] as const;
const MASKED_ROLES = ['Finance Staff', 'Expert/Witness', 'Quality Assurance Team'] as const;
const cookies = new Map<string, string>();
let personId: string;
let caseId: string;
let diagnostics: string;
let nurse: string;
let patientId: string;

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });

beforeAll(async () => {
  t = await startTestApp();
  const firm = await createOrganization(t.db, 'Mokoena Attorneys', 'legal');
  for (const role of [...FULL_ROLES, ...MASKED_ROLES]) {
    cookies.set(role, await signIn(t.app, (await createUser(t.db, { organizationId: firm, role })).email));
  }
  personId = await addPerson(t.db, firm, { firstName: 'Sello', lastName: 'Radebe', idNumber: ID, dateOfBirth: '1955-02-12', sex: 'male' });
  const client = await addPerson(t.db, firm, { firstName: 'Naledi', lastName: 'Khumalo' });
  caseId = await createCaseOf(t.db, firm, client);
  const added = await t.app.inject({ method: 'POST', url: `/api/patient-cases/${caseId}/parties`, headers: { cookie: cookies.get('Legal Consultants')!, origin: ORIGIN }, payload: { personId, role: 'defendant' } });
  expect(added.statusCode, added.body).toBe(200);

  const hospital = await createOrganization(t.db, 'Masked Hospital');
  diagnostics = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Diagnostic Services' })).email);
  nurse = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Nurse' })).email);
  patientId = await addPerson(t.db, hospital, { firstName: 'Sello', lastName: 'Radebe', idNumber: ID, dateOfBirth: '1955-02-12', sex: 'male' });
});
afterAll(() => t.close());

describe('the masked form', () => {
  it('keeps the date of birth and the last three digits, hides the sequence', () => {
    expect(maskSaIdNumber(ID)).toBe(MASKED);
    expect(maskSaIdNumber('5502125008086')).toBe('550212 **** 08 6');
    expect(MASKED).not.toContain(ID.slice(6, 10));
  });
});

describe('people list and person page', () => {
  for (const role of MASKED_ROLES) {
    it(`${role} reads the masked number, never the full one`, async () => {
      const list = await get(cookies.get(role)!, '/api/people?search=Radebe');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items.map((p: { id: string; idNumber: string }) => [p.id, p.idNumber])).toEqual([[personId, MASKED]]);
      const page = await get(cookies.get(role)!, `/api/people/${personId}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().idNumber).toBe(MASKED);
      for (const body of [list.body, page.body]) expect(body).not.toContain(ID);
    });

    it(`${role} finds nobody by ID number (list, duplicate check, header search), but finds by name`, async () => {
      for (const term of [ID, ID.slice(0, 6), ID.slice(0, 10), `${ID.slice(0, 6)} ${ID.slice(6, 10)}`]) {
        const byId = await get(cookies.get(role)!, `/api/people?search=${encodeURIComponent(term)}`);
        expect(byId.statusCode).toBe(200);
        expect(byId.json()).toMatchObject({ items: [], total: 0 });
      }
      const matches = await get(cookies.get(role)!, `/api/people/matches?idNumber=${ID}`);
      expect(matches.statusCode, matches.body).toBe(200);
      expect(matches.json().items).toEqual([]);
      const search = await get(cookies.get(role)!, `/api/search?q=${ID.slice(0, 8)}`);
      expect(search.statusCode, search.body).toBe(200);
      expect(search.json().items.filter((i: { kind: string }) => i.kind === 'person')).toEqual([]);
      const byName = await get(cookies.get(role)!, '/api/search?q=Radebe');
      expect(byName.json().items.filter((i: { kind: string }) => i.kind === 'person').map((i: { id: string }) => i.id)).toEqual([personId]);
      expect(byName.body).not.toContain(ID);
    });
  }

  for (const role of FULL_ROLES) {
    it(`${role} reads the full number and finds the person by it`, async () => {
      const page = await get(cookies.get(role)!, `/api/people/${personId}`);
      expect(page.json().idNumber).toBe(ID);
      const byId = await get(cookies.get(role)!, `/api/people?search=${ID.slice(0, 6)}`);
      expect(byId.json().items.map((p: { id: string; idNumber: string }) => [p.id, p.idNumber])).toEqual([[personId, ID]]);
      const matches = await get(cookies.get(role)!, `/api/people/matches?idNumber=${ID}`);
      expect(matches.json().items.map((m: { reason: string; person: { id: string } }) => [m.person.id, m.reason])).toEqual([[personId, 'idNumber']]);
      const search = await get(cookies.get(role)!, `/api/search?q=${ID.slice(0, 8)}`);
      expect(search.json().items.filter((i: { kind: string }) => i.kind === 'person').map((i: { id: string }) => i.id)).toEqual([personId]);
    });
  }

  it('a Diagnostic Services member (the request form names the patient) and a Nurse read it whole', async () => {
    for (const cookie of [diagnostics, nurse]) {
      const page = await get(cookie, `/api/people/${patientId}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().idNumber).toBe(ID);
    }
  });
});

describe('case parties', () => {
  it('an Expert/Witness reads the party with the masked number; a Legal Consultant whole', async () => {
    const masked = await get(cookies.get('Expert/Witness')!, `/api/patient-cases/${caseId}/parties`);
    expect(masked.statusCode, masked.body).toBe(200);
    expect(masked.json().items.map((p: { personId: string; idNumber: string }) => [p.personId, p.idNumber])).toEqual([[personId, MASKED]]);
    expect(masked.body).not.toContain(ID);
    const full = await get(cookies.get('Legal Consultants')!, `/api/patient-cases/${caseId}/parties`);
    expect(full.json().items.map((p: { idNumber: string }) => p.idNumber)).toEqual([ID]);
  });
});
