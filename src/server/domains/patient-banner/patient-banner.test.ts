import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { ageInYears } from '../../../shared/domain/patient-banner';
import { createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// The patient banner (issue 31): GET /api/patient-cases/{id}/banner names the patient, their age,
// sex, ID and folder number, allergies, alerts and bed; a restricted case needs need to know.

let t: TestApp;
let org: string;
const cookie = { nurse: '', manager: '', foreign: '' };
const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Banner Hospital');
  cookie.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Nurse' })).email);
  cookie.manager = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Case Manager' })).email);
  cookie.foreign = await signIn(t.app, (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Other Hospital'), role: 'Nurse' })).email);
});
afterAll(() => t.close());

describe('the patient banner', () => {
  it('shows identity, allergies as recorded, alerts and the current bed', async () => {
    const personId = randomUUID();
    await t.db
      .insertInto('people')
      .values({
        id: personId, organization_id: org, kind: 'person', first_name: 'Thabo', last_name: 'Mabaso', full_name: 'Thabo Mabaso', id_number: '5804125412083',
        date_of_birth: '1958-04-12', sex: 'male', folder_number: '4829130', created_by: null, created_at: nowIso(), updated_at: nowIso(),
      })
      .execute();
    const caseId = await createCase(t.db, org, { person_id: personId, patient_name: 'Thabo Mabaso', urgent_flags: JSON.stringify(['Fall risk']) });

    let banner = await api('GET', `/api/patient-cases/${caseId}/banner`, cookie.manager);
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json()).toMatchObject({
      caseId, personId, name: 'Thabo Mabaso', dateOfBirth: '1958-04-12', sex: 'male', idNumber: '5804125412083', folderNumber: '4829130',
      allergies: { status: 'not-recorded', items: [] }, alerts: ['Fall risk'], bed: null, lastDischarge: null,
    });
    // 1958-04-12: 68 on 27 November 2026, the written rule's whole years.
    expect(ageInYears('1958-04-12', '2026-11-27T10:00:00Z')).toBe(68);
    expect(ageInYears('1958-04-12', '2026-04-11T10:00:00Z')).toBe(67);
    expect(ageInYears('1958-04-12', '2026-04-11T22:30:00Z')).toBe(68); // already the 12th in South Africa
    expect(banner.json().ageYears).toBe(ageInYears('1958-04-12', new Date()));

    await api('POST', `/api/people/${personId}/allergies`, cookie.nurse, { substance: 'Penicillin', severity: 'severe', reaction: 'Anaphylaxis' });
    const bedId = randomUUID();
    await t.db.insertInto('beds').values({ id: bedId, organization_id: org, bed_number: 'A-04', ward: 'Ward A', status: 'Available', assigned_nurse_id: null, patient_id: null, notes: null, created_at: nowIso(), updated_at: nowIso() }).execute();
    expect((await api('POST', '/api/admissions', cookie.nurse, { personId, bedId })).statusCode).toBe(200);
    banner = await api('GET', `/api/patient-cases/${caseId}/banner`, cookie.manager);
    expect(banner.json()).toMatchObject({ allergies: { status: 'recorded', items: [{ substance: 'Penicillin', severity: 'severe' }] }, bed: { bedNumber: 'A-04', ward: 'Ward A' } });
  });

  it('needs need to know on a restricted case, and is not found in another hospital', async () => {
    const secret = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
    expect((await api('GET', `/api/patient-cases/${secret}/banner`, cookie.manager)).statusCode).toBe(403);
    const open = await createCase(t.db, org, { patient_name: 'No Person' });
    expect((await api('GET', `/api/patient-cases/${open}/banner`, cookie.foreign)).statusCode).toBe(404);
    const own = await api('GET', `/api/patient-cases/${open}/banner`, cookie.manager);
    expect(own.json()).toMatchObject({ personId: null, name: 'No Person', allergies: null });
  });
});
