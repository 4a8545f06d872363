import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Observations with NEWS2 (issue 31), through REST: the score and band from the RCP chart for
// hand-scored sets (expected values written out from the chart, not from the code), the decimal
// comma, the list and the timeline; the vitals monitor lists the highest NEWS2 first even when the
// sickest patient was seen earliest, and drops a completed case; bad input names its field.

let t: TestApp;
let org: string;
const cookie = { nurse: '', manager: '', foreignNurse: '', strangerNurse: '' };
const api = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const count = async () => Number((await t.db.selectFrom('observations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

// RR 26 (3), SpO2 93 (2), oxygen (2), SBP 105 (1), pulse 115 (2), Alert (0), 38.5 °C (1) = 11: high.
const ELEVEN = { respiratoryRate: 26, spo2: 93, onOxygen: true, systolic: 105, pulse: 115, consciousness: 'A', temperatureC: 38.5 };
// Only the pulse of 135 scores (3): total 3, but a single 3 makes it low-medium.
const PULSE_135 = { respiratoryRate: 16, spo2: 97, onOxygen: false, systolic: 125, pulse: 135, consciousness: 'A', temperatureC: 37.0 };

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'NEWS2 Hospital');
  const nurse = await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Nomvula' });
  cookie.nurse = await signIn(t.app, nurse.email);
  cookie.manager = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Case Manager' })).email);
  cookie.strangerNurse = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Nurse' })).email);
  cookie.foreignNurse = await signIn(t.app, (await createUser(t.db, { organizationId: await createOrganization(t.db, 'Other Hospital'), role: 'Nurse' })).email);
});
afterAll(() => t.close());

describe('observations and NEWS2', () => {
  it('scores a hand-scored set 11 (high) and a single 3 as low-medium; accepts the decimal comma; lists newest first', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Sipho Dlamini' });
    const high = await api('POST', `/api/patient-cases/${caseId}/observations`, cookie.nurse, { ...ELEVEN, temperatureC: '38,5', recordedAt: minutesAgo(30) });
    expect(high.statusCode, high.body).toBe(200);
    expect(high.json()).toMatchObject({ caseId, news2: 11, band: 'high', temperatureC: 38.5, onOxygen: true, byName: 'Nomvula Nkosi' });
    expect(high.json().parts).toEqual({ respiratoryRate: 3, spo2: 2, onOxygen: 2, systolic: 1, pulse: 2, consciousness: 0, temperatureC: 1 });
    const single = await api('POST', `/api/patient-cases/${caseId}/observations`, cookie.nurse, PULSE_135);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json()).toMatchObject({ news2: 3, band: 'low-medium' });

    const list = await api('GET', `/api/patient-cases/${caseId}/observations`, cookie.manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((o: { news2: number }) => o.news2)).toEqual([3, 11]);
    const events = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', caseId).where('kind', '=', 'observation.recorded').orderBy('at').execute();
    expect(events[0]?.summary).toBe('Observations: NEWS2 11 (high) — RR 26, SpO2 93% on oxygen, BP 105 systolic, pulse 115, Alert, 38.5 °C');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Input Patient' });
    const before = await count();
    const cases: [object, string][] = [
      [{ ...ELEVEN, respiratoryRate: undefined }, 'respiratoryRate'],
      [{ ...ELEVEN, temperatureC: '37,2,1' }, 'temperatureC'],
      [{ ...ELEVEN, temperatureC: 52 }, 'temperatureC'],
      [{ ...ELEVEN, spo2: 93.5 }, 'spo2'],
      [{ ...ELEVEN, onOxygen: 'yes' }, 'onOxygen'],
      [{ ...ELEVEN, consciousness: 'Drowsy' }, 'consciousness'],
      [{ ...ELEVEN, recordedAt: new Date(Date.now() + 3_600_000).toISOString() }, 'recordedAt'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', `/api/patient-cases/${caseId}/observations`, cookie.nurse, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect(await count()).toBe(before);
  });

  it('puts the highest NEWS2 at the top of the vitals monitor even when seen earliest, and drops a completed case', async () => {
    const sick = await createCase(t.db, org, { patient_name: 'Sick Patient', priority: 'Low' });
    const well = await createCase(t.db, org, { patient_name: 'Well Patient' });
    const done = await createCase(t.db, org, { patient_name: 'Done Patient' });
    await api('POST', `/api/patient-cases/${sick}/observations`, cookie.nurse, { ...ELEVEN, recordedAt: minutesAgo(300) });
    await api('POST', `/api/patient-cases/${well}/observations`, cookie.nurse, { ...PULSE_135, pulse: 80, recordedAt: minutesAgo(1) });
    await api('POST', `/api/patient-cases/${done}/observations`, cookie.nurse, ELEVEN);
    await t.db.updateTable('cases').set({ status: 'Completed' }).where('id', '=', done).execute();
    const monitor = await api('GET', '/api/vitals/latest', cookie.manager);
    expect(monitor.statusCode, monitor.body).toBe(200);
    const items = monitor.json().items as { caseId: string; news2: number | null; band: string | null }[];
    expect(items[0]).toMatchObject({ caseId: sick, news2: 11, band: 'high', onOxygen: true, consciousness: 'A' });
    expect(items.find((i) => i.caseId === well)).toMatchObject({ news2: 0, band: 'low' });
    expect(items.map((i) => i.caseId)).not.toContain(done);
  });

  it('a Case Manager reads but records nothing; another hospital is 404; a restricted case needs need to know', async () => {
    const caseId = await createCase(t.db, org, { patient_name: 'Read Only' });
    const before = await count();
    expect((await api('POST', `/api/patient-cases/${caseId}/observations`, cookie.manager, ELEVEN)).statusCode).toBe(403);
    expect((await api('POST', `/api/patient-cases/${caseId}/observations`, cookie.foreignNurse, ELEVEN)).statusCode).toBe(404);
    expect((await api('GET', `/api/patient-cases/${caseId}/observations`, cookie.foreignNurse)).statusCode).toBe(404);
    const secret = await createCase(t.db, org, { patient_name: 'Restricted Rita', restricted: 1 });
    expect((await api('POST', `/api/patient-cases/${secret}/observations`, cookie.strangerNurse, ELEVEN)).statusCode).toBe(403);
    expect((await api('GET', `/api/patient-cases/${secret}/observations`, cookie.strangerNurse)).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
