import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saCalendarDay } from '../../../shared/domain/admissions';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Doses given against a prescription and the day's medication administration record (issue 31),
// through REST: a Doctor prescribes, a Nurse records a dose given and one not given (with the
// reason), the MAR of the day lists them under the prescription; bad input names its field and
// writes nothing; a stopped prescription takes no dose (409); another hospital's Nurse gets 404.

let t: TestApp;
let org: string;
let caseId: string;
const cookie = { nurse: '', doctor: '', manager: '', foreignNurse: '', strangerNurse: '' };
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const count = async () => Number((await t.db.selectFrom('medication_administrations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const today = () => saCalendarDay(new Date());

async function prescribe(onCase: string, name = 'Enoxaparin'): Promise<string> {
  const res = await api('POST', `/api/patient-cases/${onCase}/medications`, cookie.doctor, { name, dose: '40 mg', route: 'sc', frequency: 'Once daily', startDate: saCalendarDay(hoursAgo(48)) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'MAR Hospital');
  const nurse = await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Nomvula' });
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor' });
  cookie.nurse = await signIn(t.app, nurse.email);
  cookie.doctor = await signIn(t.app, doctor.email);
  cookie.manager = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Case Manager' })).email);
  cookie.strangerNurse = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Nurse' })).email);
  cookie.foreignNurse = await signIn(t.app, (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Other Hospital'), role: 'Nurse' })).email);
  caseId = await createCase(t.db, org, { patient_name: 'Thabo Mabaso' });
});
afterAll(() => t.close());

describe('doses given and the medication administration record', () => {
  it('records a dose given and one not given; the MAR of the day lists both under the prescription, and the timeline says so', async () => {
    const medicationId = await prescribe(caseId);
    const given = await api('POST', `/api/medications/${medicationId}/administrations`, cookie.nurse, { givenAt: hoursAgo(2), dose: '40 mg', route: 'sc' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ medicationId, caseId, dose: '40 mg', route: 'sc', given: true, notGivenReason: null, byName: 'Nomvula Nkosi' });
    const refused = await api('POST', `/api/medications/${medicationId}/administrations`, cookie.nurse, { givenAt: hoursAgo(1), dose: '40 mg', route: 'sc', notGivenReason: 'Patient refused: nauseous' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ given: false, notGivenReason: 'Patient refused: nauseous' });

    const mar = await api('GET', `/api/patient-cases/${caseId}/administrations?date=${saCalendarDay(hoursAgo(1))}`, cookie.manager);
    expect(mar.statusCode, mar.body).toBe(200);
    const item = (mar.json().items as { medication: { id: string }; administrations: { id: string }[] }[]).find((i) => i.medication.id === medicationId);
    expect(item?.administrations.map((a) => a.id)).toEqual(
      saCalendarDay(hoursAgo(2)) === saCalendarDay(hoursAgo(1)) ? [given.json().id, refused.json().id] : [refused.json().id],
    );
    // A day before the prescription started lists nothing.
    const before = await api('GET', `/api/patient-cases/${caseId}/administrations?date=2020-01-01`, cookie.manager);
    expect(before.json()).toEqual({ date: '2020-01-01', items: [] });
    const kinds = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', caseId).where('kind', '=', 'medication.administered').execute();
    expect(kinds.map((k) => k.summary).sort()).toEqual(['Dose given: Enoxaparin 40 mg SC', 'Dose not given: Enoxaparin 40 mg (Patient refused: nauseous)']);
    // Today by default.
    expect((await api('GET', `/api/patient-cases/${caseId}/administrations`, cookie.nurse)).json().date).toBe(today());
  });

  it('refuses bad input naming the field, a dose before the start or in the future, and a stopped prescription; writes nothing', async () => {
    const medicationId = await prescribe(caseId, 'Paracetamol');
    const before = await count();
    const cases: [object, string][] = [
      [{ givenAt: hoursAgo(1), route: 'oral' }, 'dose'],
      [{ givenAt: hoursAgo(1), dose: '1 g', route: 'By post' }, 'route'],
      [{ givenAt: 'yesterday', dose: '1 g', route: 'oral' }, 'givenAt'],
      [{ givenAt: new Date(Date.now() + 3_600_000).toISOString(), dose: '1 g', route: 'oral' }, 'givenAt'],
      [{ givenAt: hoursAgo(24 * 5), dose: '1 g', route: 'oral' }, 'givenAt'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', `/api/medications/${medicationId}/administrations`, cookie.nurse, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect((await api('PATCH', `/api/medications/${medicationId}`, cookie.doctor, { stopDate: today() })).statusCode).toBe(200);
    const stopped = await api('POST', `/api/medications/${medicationId}/administrations`, cookie.nurse, { givenAt: hoursAgo(1), dose: '1 g', route: 'oral' });
    expect(stopped.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('a Case Manager reads the MAR but records no dose; another hospital is 404; a restricted case needs need to know', async () => {
    const medicationId = await prescribe(caseId, 'Amlodipine');
    const before = await count();
    expect((await api('POST', `/api/medications/${medicationId}/administrations`, cookie.manager, { givenAt: hoursAgo(1), dose: '5 mg', route: 'oral' })).statusCode).toBe(403);
    expect((await api('POST', `/api/medications/${medicationId}/administrations`, cookie.foreignNurse, { givenAt: hoursAgo(1), dose: '5 mg', route: 'oral' })).statusCode).toBe(404);
    expect((await api('GET', `/api/patient-cases/${caseId}/administrations`, cookie.foreignNurse)).statusCode).toBe(404);

    const secret = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
    const doctorId = (await t.db.selectFrom('users').innerJoin('memberships', 'memberships.user_id', 'users.id').select('users.id').where('memberships.organization_id', '=', org).where('memberships.role', '=', 'Doctor').executeTakeFirstOrThrow()).id;
    await addTeamMember(t.db, org, secret, doctorId, 'attending-doctor');
    const secretMed = await prescribe(secret, 'Morphine');
    expect((await api('POST', `/api/medications/${secretMed}/administrations`, cookie.strangerNurse, { givenAt: hoursAgo(1), dose: '5 mg', route: 'sc' })).statusCode).toBe(403);
    expect((await api('GET', `/api/patient-cases/${secret}/administrations`, cookie.strangerNurse)).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
