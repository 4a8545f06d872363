import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, apiOf, organisation, person } from '../../test-support/case-file';
import { type TestApp, startTestApp } from '../../test-support/test-app';

// Need to know (issue 18): a restricted case is read only by its team, Administrators and the Super
// Admin; anyone else with caseFile.view breaks the glass with a reason — for one hour, on the
// case's timeline and in its access report.

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let admin: Person;
let doctor: Person;
let outsider: Person;
let patient: Person;
let restrictedId: string;
let openId: string;
let org: string;

const REASON = 'Covering the night shift in ICU; the attending doctor asked me to review the chart';

beforeAll(async () => {
  t = await startTestApp();
  api = apiOf(t);
  org = await organisation(t, 'Groote Schuur Hospital');
  admin = await person(t, org, 'Administrator', 'Ayanda');
  doctor = await person(t, org, 'Doctor', 'Sipho');
  outsider = await person(t, org, 'Nurse', 'Naledi');
  patient = await person(t, org, 'Patient', 'Johan');
  const restricted = await api('POST', '/api/patient-cases', admin.cookie, { patientName: 'Very Private', caseType: 'Psychiatry', restricted: true, assignedDoctorId: doctor.id, patientUserId: patient.id });
  expect(restricted.statusCode, restricted.body).toBe(200);
  restrictedId = restricted.json().id;
  openId = (await api('POST', '/api/patient-cases', admin.cookie, { patientName: 'Open Case', caseType: 'General' })).json().id;
});
afterAll(() => t.close());

describe('restricted cases', () => {
  it('are read by the team, Administrators and the patient themselves', async () => {
    for (const who of [doctor, admin, patient]) {
      const res = await api('GET', `/api/patient-cases/${restrictedId}`, who.cookie);
      expect(res.statusCode, who.email).toBe(200);
      expect(res.json()).toMatchObject({ id: restrictedId, restricted: true });
    }
    expect((await api('GET', `/api/patient-cases/${restrictedId}/timeline`, doctor.cookie)).statusCode).toBe(200);
  });

  it('refuse anyone else with 403 RESTRICTED, on the case and every part of it, but stay in the list', async () => {
    for (const url of [`/api/patient-cases/${restrictedId}`, `/api/patient-cases/${restrictedId}/team`, `/api/patient-cases/${restrictedId}/timeline`]) {
      const res = await api('GET', url, outsider.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('RESTRICTED');
      expect(res.body).not.toContain('Psychiatry');
    }
    const edit = await api('PATCH', `/api/patient-cases/${restrictedId}`, outsider.cookie, { priority: 'High' });
    expect(edit.json().code).toBe('RESTRICTED');
    const listed = (await api('GET', '/api/patient-cases?pageSize=200', outsider.cookie)).json().items;
    expect(listed.find((c: { id: string }) => c.id === restrictedId)).toMatchObject({ restricted: true, patientName: 'Very Private' });
  });

  it('answer break-the-glass from someone who can already read with a 400, and a missing reason naming the field', async () => {
    for (const [who, id] of [[doctor, restrictedId], [admin, restrictedId], [outsider, openId]] as const) {
      const res = await api('POST', `/api/patient-cases/${id}/break-glass`, who.cookie, { reason: 'Just looking' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You can already read this case');
    }
    const blank = await api('POST', `/api/patient-cases/${restrictedId}/break-glass`, outsider.cookie, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields)).toEqual(['reason']);
    expect((await api('POST', `/api/patient-cases/${restrictedId}/break-glass`, patient.cookie, { reason: REASON })).statusCode).toBe(403);
    expect(await t.db.selectFrom('break_glass_grants').select('id').execute()).toEqual([]);
  });

  it('refuse a reason of fewer than 10 visible characters with a 400 naming reason: "x", zero-width and other invisible characters', async () => {
    const invisible = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e'];
    for (const reason of [
      'x',
      '\u200b'.repeat(40),
      invisible.join('').repeat(6),
      // Nine letters padded out with spaces and zero-width characters to look long enough.
      ' Review\u200b ECG\u200b\u200d\u00ad   \u2060\ufeff ',
    ]) {
      const res = await api('POST', `/api/patient-cases/${restrictedId}/break-glass`, outsider.cookie, { reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['reason']);
      expect(res.json().fields.reason).toMatch(/at least 10 characters/);
    }
    expect(await t.db.selectFrom('break_glass_grants').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('case_events').select('id').where('case_id', '=', restrictedId).where('kind', '=', 'access.break_glass').execute()).toEqual([]);
  });

  it('take a reason of 10 visible characters, shown as typed (trimmed only) on the timeline and in the access report', async () => {
    const clinician = await person(t, org, 'Clinical Staff', 'Lindiwe');
    const secret = (await api('POST', '/api/patient-cases', admin.cookie, { patientName: 'Also Private', caseType: 'Oncology', restricted: true, assignedDoctorId: doctor.id })).json().id as string;
    const typed = '  Review ECGs\n';
    const grant = await api('POST', `/api/patient-cases/${secret}/break-glass`, clinician.cookie, { reason: typed });
    expect(grant.statusCode, grant.body).toBe(200);
    const line = (await api('GET', `/api/patient-cases/${secret}/timeline`, doctor.cookie)).json().items[0];
    expect(line).toMatchObject({ kind: 'access.break_glass', summary: 'Lindiwe Nkosi broke the glass to read this case: Review ECGs' });
    const report = (await api('GET', `/api/patient-cases/${secret}/access-report`, admin.cookie)).json().entries;
    const glass = report.filter((e: { details: { breakGlass?: boolean } }) => e.details.breakGlass === true);
    expect(glass).toHaveLength(1);
    expect(glass[0].details.reason).toBe('Review ECGs');
  });

  it('open for an hour after breaking the glass, recorded on the timeline and, with the reason, in the access report', async () => {
    const before = Date.now();
    const grant = await api('POST', `/api/patient-cases/${restrictedId}/break-glass`, outsider.cookie, { reason: REASON });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().caseId).toBe(restrictedId);
    const expires = Date.parse(grant.json().expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(3_600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(3_600_000 + 60_000);

    expect((await api('GET', `/api/patient-cases/${restrictedId}`, outsider.cookie)).statusCode).toBe(200);
    const timeline = (await api('GET', `/api/patient-cases/${restrictedId}/timeline`, doctor.cookie)).json().items;
    expect(timeline[0]).toMatchObject({ kind: 'access.break_glass', actorName: 'Naledi Nkosi' });
    expect(timeline[0].summary).toContain(REASON);

    const report = await api('GET', `/api/patient-cases/${restrictedId}/access-report`, admin.cookie);
    expect(report.statusCode, report.body).toBe(200);
    // (The Patient's refused attempt above carries its reason too, as a denied entry.)
    const glass = report.json().entries.filter((e: { details: { reason?: string }; outcome: string }) => e.details.reason === REASON && e.outcome === 'success');
    expect(glass).toHaveLength(1);
    expect(glass[0]).toMatchObject({ userId: outsider.id, action: 'read', outcome: 'success', details: { breakGlass: true, procedure: 'cases.breakGlass' } });
    // The read after it is in the report too, and the refused reads before it.
    const theirs = report.json().entries.filter((e: { userId: string }) => e.userId === outsider.id);
    expect(theirs.filter((e: { outcome: string }) => e.outcome === 'denied').length).toBeGreaterThan(0);
    expect(theirs.some((e: { details: { procedure: string }; outcome: string }) => e.details.procedure === 'cases.get' && e.outcome === 'success')).toBe(true);

    // A second break within the hour is not needed.
    expect((await api('POST', `/api/patient-cases/${restrictedId}/break-glass`, outsider.cookie, { reason: REASON })).statusCode).toBe(400);
  });

  it('close again when the hour is over', async () => {
    await t.db.updateTable('break_glass_grants').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', outsider.id).execute();
    const res = await api('GET', `/api/patient-cases/${restrictedId}`, outsider.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('RESTRICTED');
  });
});
