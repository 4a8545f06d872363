import { describe, expect, it } from 'vitest';
import type { TCaseParties, TCaseParty, TConflictCheck, TConflictCheckRecord } from '../../../shared/domain/case-parties';
import type { TTimelinePage } from '../../../shared/domain/case-timeline';
import type { TCase } from '../../../shared/domain/cases';
import type { TMergePeopleResult, TPerson, TPersonAccessReport, TPersonDetail, TPersonList, TPersonMatches } from '../../../shared/domain/people';
import type { TSearchResults } from '../../../shared/domain/search';
import { checkSaIdNumber, makeSaIdNumber } from '../../../shared/sa/sa-id-number';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';

// People, parties and search in demo mode (issue 19), as a visitor meets them: a person with a
// valid ID number (and a bad one refused with its reason), two cases on one person page, the
// duplicate check, a merge, parties with the conflict check, the header search and the per-person
// access report.

const who = (userId: string, role: string, name: string, platform: DemoIdentity['platform'] = 'healthcare'): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const DOCTOR = who('attending_physician', 'Doctor', 'Dr Pieter van der Merwe');
const PHARMACIST = who('pharmacist', 'Clinical Staff', 'Lerato Nkosi');
const ADMIN = who('hospital_administrator', 'Administrator', 'Johan Botha');
const PARTNER = who('managing_partner', 'Director', 'Grace Naidoo', 'legal');
const COORDINATOR = who('case_coordinator', 'Case Manager', 'Busisiwe Radebe', 'medicolegal');

const call = <T>(path: string, input: unknown, as: DemoIdentity) => answer(path, input, as) as T;
function refusal(path: string, input: unknown, as: DemoIdentity): DemoError {
  try {
    answer(path, input, as);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} did not refuse`);
}
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

useFixedDemoClock();

describe('demo person registry', () => {
  it('stores a person with a valid ID number, reading date of birth and sex from it', () => {
    const idNumber = makeSaIdNumber('1985-03-14', 'female', 321);
    const person = call<TPerson>('people.create', { firstName: 'Naledi', lastName: 'Mokoena', idNumber }, DOCTOR);
    expect(person).toMatchObject({ fullName: 'Naledi Mokoena', idNumber, dateOfBirth: '1985-03-14', sex: 'female', version: 1, kind: 'person' });
    expect(call<TPersonList>('people.list', { search: 'naledi' }, DOCTOR).items.map((p) => p.id)).toContain(person.id);
    expect(call<TPersonList>('people.list', { search: idNumber.slice(0, 8) }, DOCTOR).items.map((p) => p.id)).toEqual([person.id]);
  });

  it('refuses a second person with the same SA ID number: 409 naming idNumber and the person who holds it', () => {
    const idNumber = makeSaIdNumber('1979-06-16', 'male', 616);
    const first = call<TPerson>('people.create', { firstName: 'Lwazi', lastName: 'Khoza', idNumber }, DOCTOR);
    const again = refusal('people.create', { firstName: 'L', lastName: 'Khoza', idNumber }, DOCTOR);
    expect([again.code, Object.keys(again.fields ?? {})]).toEqual(['CONFLICT', ['idNumber']]);
    expect(again.extra?.existing).toEqual({ id: first.id, name: 'Lwazi Khoza' });
    const other = call<TPerson>('people.create', { firstName: 'Sbu', lastName: 'Khoza' }, DOCTOR);
    const edit = refusal('people.update', { id: other.id, idNumber, expectedVersion: 1 }, DOCTOR);
    expect(edit.extra?.existing).toEqual({ id: first.id, name: 'Lwazi Khoza' });
    expect(call<TPersonList>('people.list', { search: 'khoza' }, DOCTOR).items.filter((p) => p.idNumber === idNumber).map((p) => p.id)).toEqual([first.id]);
  });

  it('refuses a wrong ID number with 400 naming idNumber and the reason, and writes nothing', () => {
    const valid = makeSaIdNumber('1985-03-14', 'female', 321);
    const mistyped = valid.slice(0, 12) + String((Number(valid[12]) + 1) % 10);
    const error = refusal('people.create', { firstName: 'Naledi', lastName: 'Mokoena', idNumber: mistyped }, DOCTOR);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fields?.idNumber).toMatch(/check digit/i);
    // A valid number whose birth date is not the record's.
    const mismatch = refusal('people.create', { firstName: 'Naledi', lastName: 'Mokoena', idNumber: valid, dateOfBirth: '1985-03-15' }, DOCTOR);
    expect(mismatch.fields?.idNumber).toContain('1985-03-14');
    expect(call<TPersonList>('people.list', { search: 'naledi' }, DOCTOR).total).toBe(0);
  });

  it('gives every fixture case a person, with valid ID numbers or a passport, on all three platforms', () => {
    for (const as of [ADMIN, PARTNER, COORDINATOR]) {
      const cases = call<{ items: TCase[] }>('cases.list', { pageSize: 100 }, as).items;
      const people = call<TPersonList>('people.list', { pageSize: 100 }, as).items;
      expect(cases.length).toBeGreaterThan(5);
      for (const kase of cases) expect(people.some((p) => p.id === kase.personId), kase.id).toBe(true);
      const withId = people.filter((p) => p.idNumber);
      expect(withId.length).toBeGreaterThanOrEqual(5);
      for (const p of withId) {
        const check = checkSaIdNumber(p.idNumber!);
        expect(check.ok && check.facts.dateOfBirth === p.dateOfBirth && check.facts.sex === p.sex, `${p.fullName} ${p.idNumber}`).toBe(true);
      }
      // One person per SA ID number (issue 32): no fixture holds another's number.
      expect(new Set(withId.map((p) => p.idNumber)).size, as.platform).toBe(withId.length);
      expect(people.some((p) => p.passportNumber && p.passportCountry)).toBe(true);
      expect(people.some((p) => p.kind === 'organization')).toBe(true);
    }
  });

  it('opens two cases for one person and shows both on the person page; a case without a person makes one from the name', () => {
    const person = call<TPerson>('people.create', { firstName: 'Sizwe', lastName: 'Ngubane', idNumber: makeSaIdNumber('1977-07-07', 'male', 42) }, DOCTOR);
    const first = call<TCase>('cases.create', { personId: person.id, caseType: 'Knee Replacement', priority: 'Medium', scheduledDate: later(24) }, DOCTOR);
    const second = call<TCase>('cases.create', { personId: person.id, caseType: 'Physiotherapy', priority: 'Low', scheduledDate: later(48) }, DOCTOR);
    expect(first).toMatchObject({ personId: person.id, patientName: 'Sizwe Ngubane' });
    const page = call<TPersonDetail>('people.get', { id: person.id }, DOCTOR);
    expect(page.cases.map((c) => [c.id, c.role]).sort()).toEqual([[first.id, 'patient'], [second.id, 'patient']].sort());

    const bare = call<TCase>('cases.create', { patientName: 'Ayanda Khumalo', caseType: 'Consultation', priority: 'Low', scheduledDate: later(24) }, DOCTOR);
    expect(call<TPersonDetail>('people.get', { id: bare.personId! }, DOCTOR)).toMatchObject({ firstName: 'Ayanda', lastName: 'Khumalo', cases: [{ id: bare.id }] });
    expect(refusal('cases.create', { personId: 'nobody', caseType: 'X', priority: 'Low', scheduledDate: later(1) }, DOCTOR).fields).toHaveProperty('personId');
  });

  it('refuses a stale edit with CONFLICT carrying the current person, and re-checks the ID number against the record', () => {
    const person = call<TPerson>('people.create', { firstName: 'Palesa', lastName: 'Moloi', dateOfBirth: '1990-02-02', sex: 'female' }, DOCTOR);
    const edited = call<TPerson>('people.update', { id: person.id, phone: '082 123 4567', expectedVersion: 1 }, DOCTOR);
    expect(edited).toMatchObject({ phone: '082 123 4567', version: 2 });
    const stale = refusal('people.update', { id: person.id, phone: '083 000 0000', expectedVersion: 1 }, DOCTOR);
    expect(stale.code).toBe('CONFLICT');
    expect(stale.extra?.current).toMatchObject({ id: person.id, version: 2, phone: '082 123 4567' });
    // A man's number on a woman's record born another day: refused, naming idNumber.
    const wrong = refusal('people.update', { id: person.id, idNumber: makeSaIdNumber('1990-02-03', 'male', 5), expectedVersion: 2 }, DOCTOR);
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST' });
    expect(wrong.fields).toHaveProperty('idNumber');
  });
});

describe('demo duplicate check', () => {
  it('offers the existing person for the same ID number, or a similar name with the same birth date, with their cases', () => {
    const thabo = call<TPersonDetail>('people.get', { id: 'hc-person-01' }, DOCTOR);
    expect(thabo.fullName).toBe('Thabo Mabaso');
    const byId = call<TPersonMatches>('people.matches', { idNumber: thabo.idNumber, name: 'T. Someone' }, DOCTOR).items;
    expect(byId[0]).toMatchObject({ reason: 'idNumber', person: { id: 'hc-person-01' }, cases: [{ id: 'hc-case-01', role: 'patient' }] });

    const byName = call<TPersonMatches>('people.matches', { name: 'Thabo Mabasso', dateOfBirth: '1958-04-12' }, DOCTOR).items;
    expect(byName.map((m) => [m.person.id, m.reason])).toContainEqual(['hc-person-01', 'name']);
    // The same name with another known birth date is someone else.
    expect(call<TPersonMatches>('people.matches', { name: 'Thabo Mabasso', dateOfBirth: '1960-01-01' }, DOCTOR).items.map((m) => m.person.id)).not.toContain('hc-person-01');
    expect(call<TPersonMatches>('people.matches', { name: 'Zebediah Quartermain' }, DOCTOR).items).toEqual([]);
  });
});

describe('demo merge', () => {
  it('lets an Administrator fold a duplicate in: its cases move, both timelines show it, the duplicate points at the survivor', () => {
    // (Another identity's call wipes the session's writes, so the refusal comes first.)
    expect(refusal('people.merge', { id: 'hc-person-01', duplicateId: 'hc-person-02' }, DOCTOR).code).toBe('FORBIDDEN');
    const dup = call<TPerson>('people.create', { firstName: 'Thabo', lastName: 'Mabaso', phone: '079 111 2222' }, ADMIN);
    const kase = call<TCase>('cases.create', { personId: dup.id, caseType: 'Follow-up', priority: 'Low', scheduledDate: later(24) }, ADMIN);

    const result = call<TMergePeopleResult>('people.merge', { id: 'hc-person-01', duplicateId: dup.id }, ADMIN);
    expect(result).toMatchObject({ movedCases: 1, person: { id: 'hc-person-01', phone: '082 417 3390', version: 2 } });
    expect(call<TCase>('cases.get', { id: kase.id }, ADMIN).personId).toBe('hc-person-01');
    expect(call<TPersonDetail>('people.get', { id: 'hc-person-01' }, ADMIN).cases.map((c) => c.id)).toEqual(expect.arrayContaining(['hc-case-01', kase.id]));
    expect(call<TPersonDetail>('people.get', { id: dup.id }, ADMIN)).toMatchObject({ mergedIntoId: 'hc-person-01', cases: [] });
    for (const caseId of ['hc-case-01', kase.id]) {
      expect(call<TTimelinePage>('timeline.list', { id: caseId }, ADMIN).items[0]).toMatchObject({ kind: 'person.merged', summary: 'Person records merged: Thabo Mabaso into Thabo Mabaso' });
    }
    // Merged away: gone from the list, refused as a case's person, refused a second merge.
    expect(call<TPersonList>('people.list', { search: 'mabaso' }, ADMIN).items.map((p) => p.id)).not.toContain(dup.id);
    expect(refusal('cases.create', { personId: dup.id, caseType: 'X', priority: 'Low', scheduledDate: later(1) }, ADMIN).fields).toHaveProperty('personId');
    expect(refusal('people.merge', { id: 'hc-person-02', duplicateId: dup.id }, ADMIN).code).toBe('CONFLICT');
  });

  it('refuses to merge two records with different ID numbers', () => {
    expect(refusal('people.merge', { id: 'hc-person-01', duplicateId: 'hc-person-02' }, ADMIN).code).toBe('CONFLICT');
  });
});

describe('demo parties and conflict check', () => {
  it('adds an opposing attorney and a next of kin, refuses a role of another platform and a repeat, and removes with a timeline entry', () => {
    const attorney = call<TCaseParty>('parties.add', { id: 'ml-case-02', personId: 'ml-pp-joseph-malatji', role: 'opposing-attorney' }, COORDINATOR);
    const kin = call<TCaseParty>('parties.add', { id: 'ml-case-02', personId: 'ml-pp-zanele-mokoena', role: 'next-of-kin', notes: 'Sister' }, COORDINATOR);
    expect(attorney).toMatchObject({ name: 'Joseph Malatji', role: 'opposing-attorney', addedByName: 'Busisiwe Radebe' });
    const listed = call<TCaseParties>('parties.list', { id: 'ml-case-02' }, COORDINATOR).items;
    expect(listed.map((p) => [p.name, p.role])).toEqual([['MEC for Health, Gauteng', 'defendant'], ['Joseph Malatji', 'opposing-attorney'], ['Zanele Mokoena', 'next-of-kin']]);
    expect(call<TTimelinePage>('timeline.list', { id: 'ml-case-02' }, COORDINATOR).items[0]).toMatchObject({ kind: 'party.added', summary: 'Added Zanele Mokoena as Next of kin' });

    expect(refusal('parties.add', { id: 'ml-case-02', personId: 'ml-pp-joseph-malatji', role: 'opposing-attorney' }, COORDINATOR).code).toBe('CONFLICT');
    expect(refusal('parties.add', { id: 'ml-case-02', personId: 'ml-pp-joseph-malatji', role: 'medical-aid' }, COORDINATOR).fields).toHaveProperty('role');
    expect(refusal('parties.add', { id: 'ml-case-02', personId: 'hc-person-01', role: 'witness' }, COORDINATOR).fields).toHaveProperty('personId');

    expect(call<TCaseParty>('parties.remove', { id: 'ml-case-02', partyId: kin.id }, COORDINATOR).name).toBe('Zanele Mokoena');
    expect(call<TCaseParties>('parties.list', { id: 'ml-case-02' }, COORDINATOR).items.map((p) => p.id)).not.toContain(kin.id);
    expect(call<TTimelinePage>('timeline.list', { id: 'ml-case-02' }, COORDINATOR).items[0]).toMatchObject({ kind: 'party.removed' });
    // The party person's page shows the case in their role.
    expect(call<TPersonDetail>('people.get', { id: 'ml-pp-joseph-malatji' }, COORDINATOR).cases.map((c) => [c.id, c.role])).toContainEqual(['ml-case-02', 'opposing-attorney']);
  });

  it('finds our former client as the opposing attorney (an adverse hit), and keeps the recorded results', () => {
    const check = call<TConflictCheck>('parties.conflictCheck', { id: 'lg-case-05' }, PARTNER);
    expect(check.hits).toContainEqual(expect.objectContaining({ name: 'Lerato Molefe', roleHere: 'opposing-attorney', reason: 'same-person', adverse: true, otherCase: expect.objectContaining({ id: 'lg-case-09', role: 'client' }) }));
    expect(check.latest).toBeNull();

    expect(call<TConflictCheck>('parties.conflictCheck', { id: 'lg-case-01' }, PARTNER).latest).toMatchObject({ result: 'clear', checkedByName: 'Grace Naidoo' });

    expect(refusal('parties.recordConflictCheck', { id: 'lg-case-05', result: 'conflict-noted' }, PARTNER).fields).toHaveProperty('note');
    const recorded = call<TConflictCheckRecord>('parties.recordConflictCheck', { id: 'lg-case-05', result: 'conflict-noted', note: 'Former client; she consented in writing.' }, PARTNER);
    expect(recorded).toMatchObject({ result: 'conflict-noted', checkedByName: 'Grace Naidoo' });
    expect(call<TConflictCheck>('parties.conflictCheck', { id: 'lg-case-05' }, PARTNER)).toMatchObject({ latest: { id: recorded.id }, history: [{ id: recorded.id }] });
    expect(call<TTimelinePage>('timeline.list', { id: 'lg-case-05' }, PARTNER).items[0]).toMatchObject({ kind: 'conflict.checked', summary: 'Conflict noted: Former client; she consented in writing.' });
  });
});

describe('demo header search', () => {
  it('finds a case by reference, a person by ID number and a document by file name, each with its page', () => {
    const kase = call<TCase>('cases.get', { id: 'hc-case-02' }, DOCTOR);
    const byReference = call<TSearchResults>('search.search', { q: kase.reference }, DOCTOR).items;
    expect(byReference).toContainEqual(expect.objectContaining({ kind: 'case', id: 'hc-case-02', href: '/patients/hc-case-02' }));

    const thabo = call<TPersonDetail>('people.get', { id: 'hc-person-01' }, DOCTOR);
    expect(call<TSearchResults>('search.search', { q: thabo.idNumber }, DOCTOR).items).toEqual([
      expect.objectContaining({ kind: 'person', id: 'hc-person-01', title: 'Thabo Mabaso', href: '/people/hc-person-01' }),
    ]);

    expect(call<TSearchResults>('search.search', { q: 'angiogram' }, DOCTOR).items).toContainEqual(
      expect.objectContaining({ kind: 'document', title: 'Coronary Angiogram Report.pdf', href: '/patients/hc-case-02?tab=documents' }),
    );
    expect(call<TSearchResults>('search.search', { q: 'supply agreement' }, PARTNER).items).toContainEqual(
      expect.objectContaining({ kind: 'document', href: '/clients/lg-case-02?tab=documents' }),
    );
  });

  it('leaves a restricted case, its documents and notes out for a non-member, and the Patient cannot search', () => {
    const doctorSees = call<TSearchResults>('search.search', { q: 'Lindiwe Zwane' }, DOCTOR).items;
    expect(doctorSees).toContainEqual(expect.objectContaining({ kind: 'case', id: 'hc-case-05' }));
    const pharmacistSees = call<TSearchResults>('search.search', { q: 'Lindiwe Zwane' }, PHARMACIST).items;
    expect(pharmacistSees.filter((r) => r.kind !== 'person')).toEqual([]);
    // The person page lists the restricted case but not its appointments.
    const page = call<TPersonDetail>('people.get', { id: 'hc-person-05' }, PHARMACIST);
    expect(page.cases).toEqual([expect.objectContaining({ id: 'hc-case-05', restricted: true })]);
    expect(page.appointments).toEqual([]);
    expect(call<TPersonDetail>('people.get', { id: 'hc-person-05' }, DOCTOR).appointments.map((a) => a.caseId)).toContain('hc-case-05');
    expect(refusal('search.search', { q: 'Thabo' }, who('patient1', 'Patient', 'Thabo Mabaso')).code).toBe('FORBIDDEN');
  });
});

describe('demo per-person access report', () => {
  it('lists the reads of the person’s cases and of the person record, oldest first', () => {
    call('people.get', { id: 'hc-person-01' }, ADMIN);
    const report = call<TPersonAccessReport>('people.accessReport', { id: 'hc-person-01' }, ADMIN);
    expect(report.person).toEqual({ id: 'hc-person-01', fullName: 'Thabo Mabaso' });
    expect(report.items.filter((e) => e.caseId === 'hc-case-01' && e.action === 'read').length).toBeGreaterThan(0);
    expect(report.items[report.items.length - 1]).toMatchObject({ action: 'read', entityType: 'person', userName: 'Johan Botha' });
    expect(report.items.map((e) => e.at)).toEqual([...report.items.map((e) => e.at)].sort());
    expect(refusal('people.accessReport', { id: 'hc-person-01' }, DOCTOR).code).toBe('FORBIDDEN');
  });
});
