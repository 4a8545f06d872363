import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCaseEventKind } from '../../../shared/domain/case-timeline';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addPerson, createCaseOf } from '../parties/party-test-data';

// The court matter and hearings of a case (issue 20) over REST: GET/PUT /api/patient-cases/{id}/court-matter,
// GET/POST /api/patient-cases/{id}/hearings, PATCH /api/hearings/{id}; versions (409 with the current
// record), 400s naming fields, tenants, the platform flag, the timeline, and hearings on the schedule.

let t: TestApp;
let unit: string; // medicolegal: the state litigation unit
let firm: string; // legal: another organisation
let hospital: string; // healthcare: no court cases
const cookies = { attorney: '', advocate: '', expert: '', outsider: '', firm: '', nurse: '' };
let attorneyId: string;
let matter: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const courtMatterOf = (id: string) => `/api/patient-cases/${id}/court-matter`;
const hearingsOf = (id: string) => `/api/patient-cases/${id}/hearings`;
const eventsOf = (id: string, kinds: TCaseEventKind[]) =>
  t.db.selectFrom('case_events').select(['kind', 'summary', 'details', 'actor_id']).where('case_id', '=', id).where('kind', 'in', kinds).orderBy('at').orderBy('id').execute();
const count = async (table: 'court_matters' | 'hearings') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const changesOf = (details: string) => (JSON.parse(details) as { changes?: { field: string; from: string | null; to: string | null }[] }).changes ?? [];

const MATTER = {
  court: 'High Court',
  division: 'Gauteng Division, Pretoria',
  caseNumber: '2025/012345',
  caselinesReference: 'CL-2025-012345',
  claimAmountCents: 125_000_000,
  stage: 'pleadings',
  summonsServedOn: '2025-03-04',
};

beforeAll(async () => {
  t = await startTestApp();
  unit = await createOrganization(t.db, 'Gauteng State Litigation', 'medicolegal');
  firm = await createOrganization(t.db, 'Court Test Attorneys', 'legal');
  hospital = await createOrganization(t.db, 'Court Test Hospital', 'healthcare');
  const attorney = await createUser(t.db, { organizationId: unit, role: 'Attorneys', firstName: 'Lerato' });
  attorneyId = attorney.id;
  cookies.attorney = await signIn(t.app, attorney.email);
  cookies.advocate = await signIn(t.app, (await createUser(t.db, { organizationId: unit, role: 'Advocates', firstName: 'Pieter' })).email);
  cookies.expert = await signIn(t.app, (await createUser(t.db, { organizationId: unit, role: 'Expert/Witness', firstName: 'Naledi' })).email);
  cookies.outsider = await signIn(t.app, (await createUser(t.db, { organizationId: unit, role: 'Special Litigation Unit', firstName: 'Outsider' })).email);
  cookies.firm = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Attorneys', firstName: 'Other' })).email);
  cookies.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Nurse', firstName: 'Nomsa' })).email);

  const client = await addPerson(t.db, unit, { firstName: 'Sipho', lastName: 'Ndlovu' });
  matter = await createCaseOf(t.db, unit, client, { case_type: 'Medical negligence', reference: 'SLU-2025-00001' });
  const mec = await addPerson(t.db, unit, { kind: 'organization', lastName: 'MEC for Health, Gauteng' });
  const botha = await addPerson(t.db, unit, { firstName: 'Johan', lastName: 'Botha' });
  const now = new Date().toISOString();
  await t.db
    .insertInto('case_parties')
    .values([
      { id: `${matter}-p1`, organization_id: unit, case_id: matter, person_id: mec, role: 'defendant', notes: null, added_by: null, added_at: now },
      { id: `${matter}-p2`, organization_id: unit, case_id: matter, person_id: botha, role: 'opposing-attorney', notes: null, added_by: null, added_at: now },
    ])
    .execute();
});
afterAll(() => t.close());

describe('the court matter (GET/PUT /api/patient-cases/{id}/court-matter)', () => {
  let version: number;

  it('answers null before one is recorded', async () => {
    const res = await call('GET', courtMatterOf(matter), cookies.attorney);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ courtMatter: null });
  });

  it('records it: the fields as sent, version 1, who changed it, and the parties cited (client as plaintiff, the defendant; not the opposing attorney)', async () => {
    const res = await call('PUT', courtMatterOf(matter), cookies.attorney, MATTER);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ...MATTER, caseId: matter, trialScope: null, debtDueOn: null, knowledgeOn: null, version: 1, updatedByName: 'Lerato Nkosi',
    });
    expect(body.partiesCited.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([
      ['Sipho Ndlovu', 'plaintiff'],
      ['MEC for Health, Gauteng', 'defendant'],
    ]);
    version = body.version;
    expect((await call('GET', courtMatterOf(matter), cookies.expert)).json().courtMatter).toMatchObject({ caseNumber: '2025/012345', version: 1 });
  });

  it('writes one timeline line with every field recorded, from nothing to its value (money in rands, the stage by name)', async () => {
    const events = await eventsOf(matter, ['court-matter.updated']);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_id: attorneyId, summary: 'Court matter recorded: 2025/012345, Gauteng Division, Pretoria (Pleadings)' });
    const changes = changesOf(events[0]!.details);
    expect(changes.map((c) => c.field)).toEqual(['court', 'division', 'caseNumber', 'caselinesReference', 'claimAmountCents', 'stage', 'summonsServedOn']);
    expect(changes.every((c) => c.from === null)).toBe(true);
    expect(changes.find((c) => c.field === 'claimAmountCents')!.to).toMatch(/^R\s1\s250\s000,00$/);
    expect(changes.find((c) => c.field === 'stage')!.to).toBe('Pleadings');
    expect(changes.find((c) => c.field === 'summonsServedOn')!.to).toBe('2025-03-04');
  });

  it('refuses a second create (no expectedVersion) and a stale version with 409 and the current record; nothing changes', async () => {
    const again = await call('PUT', courtMatterOf(matter), cookies.advocate, { ...MATTER, caseNumber: '2025/099999' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', current: { caseNumber: '2025/012345', version } });
    const stale = await call('PUT', courtMatterOf(matter), cookies.advocate, { ...MATTER, stage: 'discovery', expectedVersion: version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ stage: 'pleadings', version });
    expect((await call('GET', courtMatterOf(matter), cookies.attorney)).json().courtMatter).toMatchObject({ caseNumber: '2025/012345', stage: 'pleadings', version });
    expect(await eventsOf(matter, ['court-matter.updated'])).toHaveLength(1);
  });

  it('replaces it with the version seen: version 2, the timeline names only what changed, old → new', async () => {
    const res = await call('PUT', courtMatterOf(matter), cookies.advocate, { ...MATTER, stage: 'discovery', caselinesReference: '', trialScope: 'merits', expectedVersion: version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'discovery', caselinesReference: null, trialScope: 'merits', version: version + 1, updatedByName: 'Pieter Nkosi' });
    const last = (await eventsOf(matter, ['court-matter.updated'])).at(-1)!;
    expect(last.summary).toBe('Court matter changed: stage Pleadings → Discovery, caselines reference, trial scope');
    expect(changesOf(last.details)).toEqual([
      { field: 'caselinesReference', label: 'CaseLines reference', from: 'CL-2025-012345', to: null },
      { field: 'stage', label: 'Stage', from: 'Pleadings', to: 'Discovery' },
      { field: 'trialScope', label: 'Trial scope', from: null, to: 'Merits' },
    ]);
    version += 1;
  });

  it('an unchanged replacement writes nothing: same version, no timeline line', async () => {
    const before = (await eventsOf(matter, ['court-matter.updated'])).length;
    const res = await call('PUT', courtMatterOf(matter), cookies.attorney, { ...MATTER, stage: 'discovery', caselinesReference: null, trialScope: 'merits', expectedVersion: version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(version);
    expect(await eventsOf(matter, ['court-matter.updated'])).toHaveLength(before);
  });

  it('answers bad input with a 400 naming each field, writing nothing', async () => {
    const fresh = await createCase(t.db, unit, { patient_name: 'Bad Input' });
    const cases: [object, Record<string, string> | string[]][] = [
      [{}, ['court', 'division', 'caseNumber', 'stage']],
      [{ ...MATTER, court: '  ' }, { court: 'Court is required' }],
      [{ ...MATTER, stage: 'sentencing' }, ['stage']],
      [{ ...MATTER, claimAmountCents: -5 }, { claimAmountCents: 'Claim amount cannot be negative' }],
      [{ ...MATTER, claimAmountCents: 12.5 }, { claimAmountCents: 'Claim amount must be whole cents' }],
      [{ ...MATTER, summonsServedOn: '2025-02-30' }, { summonsServedOn: 'Date of service must be a real calendar day' }],
      [{ ...MATTER, debtDueOn: '04/03/2025' }, { debtDueOn: 'Date the debt became due must be a date (YYYY-MM-DD)' }],
      [{ ...MATTER, trialScope: 'everything' }, ['trialScope']],
      [{ ...MATTER, caseNumber: 'x'.repeat(61) }, ['caseNumber']],
    ];
    const before = await count('court_matters');
    for (const [payload, expected] of cases) {
      const res = await call('PUT', courtMatterOf(fresh), cookies.attorney, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = res.json().fields;
      if (Array.isArray(expected)) expect(Object.keys(fields).sort()).toEqual([...expected].sort());
      else expect(fields).toEqual(expected);
    }
    expect(await count('court_matters')).toBe(before);
  });

  it('needs caseFile.write to record (an Expert/Witness reads it, is refused the write)', async () => {
    const res = await call('PUT', courtMatterOf(matter), cookies.expert, { ...MATTER, expectedVersion: version });
    expect(res.statusCode).toBe(403);
  });

  it('keeps another organisation out (404) and refuses a healthcare organisation (403), its own case included', async () => {
    expect((await call('GET', courtMatterOf(matter), cookies.firm)).statusCode).toBe(404);
    expect((await call('PUT', courtMatterOf(matter), cookies.firm, MATTER)).statusCode).toBe(404);
    const ward = await createCase(t.db, hospital, { patient_name: 'Ward Patient' });
    const refused = await call('GET', courtMatterOf(ward), cookies.nurse);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not part of the Healthcare platform/);
    expect((await call('PUT', courtMatterOf(ward), cookies.nurse, MATTER)).statusCode).toBe(403);
    expect((await call('GET', hearingsOf(ward), cookies.nurse)).statusCode).toBe(403);
  });
});

describe('hearings (GET/POST /api/patient-cases/{id}/hearings, PATCH /api/hearings/{id})', () => {
  let trial: { id: string; version: number };
  const TRIAL = { type: 'trial', startsAt: '2030-03-11T10:00:00+02:00', venue: 'Court 4D, Pretoria', judge: 'Molopa J' };

  it('sets down a trial: times in UTC, no outcome, version 1, the case named; on the timeline', async () => {
    const res = await call('POST', hearingsOf(matter), cookies.attorney, TRIAL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      caseId: matter, caseName: 'Sipho Ndlovu', caseReference: 'SLU-2025-00001', type: 'trial', startsAt: '2030-03-11T08:00:00.000Z', endsAt: null,
      venue: 'Court 4D, Pretoria', judge: 'Molopa J', outcome: null, notes: null, version: 1,
    });
    trial = res.json();
    const events = await eventsOf(matter, ['hearing.scheduled']);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_id: attorneyId, summary: 'Trial set down for Mon, 11 Mar 2030, 10:00 (Court 4D, Pretoria)' });
  });

  it('lists the case’s hearings soonest first', async () => {
    const jcm = await call('POST', hearingsOf(matter), cookies.attorney, { type: 'judicial-case-management', startsAt: '2030-01-20T09:30:00+02:00', endsAt: '2030-01-20T10:00:00+02:00' });
    expect(jcm.statusCode, jcm.body).toBe(200);
    const list = await call('GET', hearingsOf(matter), cookies.expert);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((h: { type: string }) => h.type)).toEqual(['judicial-case-management', 'trial']);
  });

  it('answers bad input with a 400 naming each field, writing nothing', async () => {
    const before = await count('hearings');
    const cases: [object, Record<string, string> | string[]][] = [
      [{}, ['type', 'startsAt']],
      [{ ...TRIAL, type: 'sentencing' }, ['type']],
      [{ ...TRIAL, startsAt: 'next Tuesday' }, { startsAt: 'Start must be a date and time' }],
      [{ ...TRIAL, endsAt: '2030-03-11T09:00:00+02:00' }, { endsAt: 'End must be after the start' }],
      [{ ...TRIAL, venue: 'x'.repeat(201) }, ['venue']],
    ];
    for (const [payload, expected] of cases) {
      const res = await call('POST', hearingsOf(matter), cookies.attorney, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = res.json().fields;
      if (Array.isArray(expected)) expect(Object.keys(fields).sort()).toEqual([...expected].sort());
      else expect(fields).toEqual(expected);
    }
    const noVersion = await call('PATCH', `/api/hearings/${trial.id}`, cookies.attorney, { outcome: 'Postponed' });
    expect(noVersion.statusCode).toBe(400);
    expect(Object.keys(noVersion.json().fields)).toEqual(['expectedVersion']);
    const backwards = await call('PATCH', `/api/hearings/${trial.id}`, cookies.attorney, { endsAt: '2030-03-11T07:00:00Z', expectedVersion: trial.version });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ endsAt: 'End must be after the start' });
    expect(await count('hearings')).toBe(before);
  });

  it('moves the trial (a postponement) with the version seen: version 2, on the timeline old → new', async () => {
    const res = await call('PATCH', `/api/hearings/${trial.id}`, cookies.advocate, { startsAt: '2030-05-06T10:00:00+02:00', expectedVersion: trial.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: trial.id, startsAt: '2030-05-06T08:00:00.000Z', venue: 'Court 4D, Pretoria', version: 2 });
    const last = (await eventsOf(matter, ['hearing.updated'])).at(-1)!;
    expect(last.summary).toBe('Trial moved from Mon, 11 Mar 2030, 10:00 to Mon, 6 May 2030, 10:00');
    expect(changesOf(last.details)).toEqual([{ field: 'startsAt', label: 'Starts', from: '2030-03-11T08:00:00.000Z', to: '2030-05-06T08:00:00.000Z' }]);
    trial = res.json();
  });

  it('refuses a stale version with 409 and the hearing as it is now', async () => {
    const res = await call('PATCH', `/api/hearings/${trial.id}`, cookies.attorney, { outcome: 'Settled at the door', expectedVersion: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', current: { id: trial.id, version: 2, outcome: null, startsAt: '2030-05-06T08:00:00.000Z' } });
  });

  it('records an outcome; an unknown or foreign hearing is 404; a healthcare member is refused', async () => {
    const res = await call('PATCH', `/api/hearings/${trial.id}`, cookies.attorney, { outcome: 'Merits conceded; quantum postponed sine die', expectedVersion: trial.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'Merits conceded; quantum postponed sine die', version: 3 });
    expect((await eventsOf(matter, ['hearing.updated'])).at(-1)!.summary).toBe('Trial outcome: Merits conceded; quantum postponed sine die');
    trial = res.json();
    expect((await call('PATCH', '/api/hearings/no-such-hearing', cookies.attorney, { outcome: 'x', expectedVersion: 1 })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/hearings/${trial.id}`, cookies.firm, { outcome: 'x', expectedVersion: trial.version })).statusCode).toBe(404);
    expect((await call('GET', hearingsOf(matter), cookies.firm)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/hearings/${trial.id}`, cookies.nurse, { outcome: 'x', expectedVersion: trial.version })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/hearings/${trial.id}`, cookies.expert, { outcome: 'x', expectedVersion: trial.version })).statusCode).toBe(403);
  });
});

describe('hearings on the schedule (GET /api/appointments, /api/appointments/upcoming)', () => {
  let kase: string;
  let restricted: string;

  beforeAll(async () => {
    const client = await addPerson(t.db, unit, { firstName: 'Thandeka', lastName: 'Mokoena' });
    kase = await createCaseOf(t.db, unit, client);
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const past = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await call('PUT', courtMatterOf(kase), cookies.attorney, { ...MATTER, caseNumber: '2025/054321' });
    expect((await call('POST', hearingsOf(kase), cookies.attorney, { type: 'pre-trial', startsAt: later, venue: 'Chambers, Pretoria' })).statusCode).toBe(200);
    const done = await call('POST', hearingsOf(kase), cookies.attorney, { type: 'motion', startsAt: past });
    await call('PATCH', `/api/hearings/${done.json().id}`, cookies.attorney, { outcome: 'Granted with costs', expectedVersion: 1 });
    expect(
      (await call('POST', '/api/appointments', cookies.attorney, { title: 'Consultation with the client', startTime: soon, endTime: new Date(Date.parse(soon) + 3_600_000).toISOString(), caseId: kase })).statusCode,
    ).toBe(200);
    // A restricted case whose team the outsider is not on: its hearings name its client.
    const hidden = await addPerson(t.db, unit, { firstName: 'Hidden', lastName: 'Client' });
    restricted = await createCaseOf(t.db, unit, hidden, { restricted: 1 });
    await addTeamMember(t.db, unit, restricted, attorneyId, 'attorney');
    expect((await call('POST', hearingsOf(restricted), cookies.attorney, { type: 'mediation', startsAt: new Date(Date.parse(soon) + 2 * 3_600_000).toISOString() })).statusCode).toBe(200);
  });

  it('lists the case’s hearings beside its appointments, by start, as type Hearing', async () => {
    const res = await call('GET', `/api/appointments?caseId=${kase}`, cookies.attorney);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as { title: string; appointmentType: string; status: string; location: string | null; caseId: string; description: string | null; endTime: string; startTime: string }[];
    expect(items.map((a) => [a.appointmentType, a.title, a.status])).toEqual([
      ['Hearing', 'Motion — Thandeka Mokoena', 'Completed'],
      ['Consultation', 'Consultation with the client', 'Scheduled'],
      ['Hearing', 'Pre-trial conference — Thandeka Mokoena', 'Scheduled'],
    ]);
    const pretrial = items[2]!;
    expect(pretrial).toMatchObject({ caseId: kase, location: 'Chambers, Pretoria', description: 'Case no. 2025/054321' });
    // No end given: a pre-trial conference holds the diary for an hour.
    expect(Date.parse(pretrial.endTime) - Date.parse(pretrial.startTime)).toBe(3_600_000);
  });

  it('puts the hearings of the whole organisation on the schedule, leaving out a restricted case the caller may not read', async () => {
    const team = (await call('GET', '/api/appointments', cookies.attorney)).json() as { title: string }[];
    expect(team.map((a) => a.title)).toEqual(expect.arrayContaining(['Trial — Sipho Ndlovu', 'Mediation — Hidden Client', 'Pre-trial conference — Thandeka Mokoena']));
    const outsider = (await call('GET', '/api/appointments', cookies.outsider)).json() as { title: string }[];
    expect(outsider.map((a) => a.title)).toContain('Trial — Sipho Ndlovu');
    expect(outsider.map((a) => a.title)).not.toContain('Mediation — Hidden Client');
    const elsewhere = (await call('GET', '/api/appointments', cookies.firm)).json() as { title: string }[];
    expect(elsewhere).toEqual([]);
  });

  it('upcoming: the next hearings and appointments still to happen, soonest first (not the past motion)', async () => {
    const res = await call('GET', '/api/appointments/upcoming', cookies.outsider);
    expect(res.statusCode, res.body).toBe(200);
    const titles = (res.json() as { title: string }[]).map((a) => a.title);
    expect(titles).toEqual(['Consultation with the client', 'Pre-trial conference — Thandeka Mokoena', 'Judicial case management — Sipho Ndlovu', 'Trial — Sipho Ndlovu']);
    const mine = (await call('GET', '/api/appointments/upcoming', cookies.attorney)).json() as { title: string }[];
    expect(mine.map((a) => a.title)).toEqual(['Consultation with the client', 'Mediation — Hidden Client', 'Pre-trial conference — Thandeka Mokoena', 'Judicial case management — Sipho Ndlovu', 'Trial — Sipho Ndlovu']);
  });

  it('leaves a hearing out of reach of the appointments endpoints that change things (it is changed on its case)', async () => {
    const hearing = (await call('GET', hearingsOf(kase), cookies.attorney)).json().items[0];
    expect((await call('PATCH', `/api/appointments/${hearing.id}`, cookies.attorney, { status: 'Cancelled' })).statusCode).toBe(404);
  });
});
