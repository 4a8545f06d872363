import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { makeSaIdNumber } from '../../../shared/sa/sa-id-number';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addPerson, createCaseOf } from '../parties/party-test-data';

// The conflict check at intake (issue 32, decision 0055) through the REST paths the issue names: a
// law firm's Director searches a prospective client and the other side before any matter exists; our
// client named as the opponent, and the other side of an old matter named as the client, are adverse
// hits; the check is recorded, attached to the matter when it is opened (once), and its checklist item
// "Conflict check run and recorded" cannot be ticked while an adverse hit is open and ticks itself
// when the last is resolved. Another firm's Director meets 404s; roles that do not open matters, 403.

let t: TestApp;
let firm: string;
let unit: string;
const cookies = { director: '', clerk: '', qa: '', otherDirector: '', nurse: '', unitAttorney: '' };
let directorId: string;
const SIPHO_ID = makeSaIdNumber('1984-06-02', 'male', 311);
let sipho: string;
let botha: string;
let oldMatter: string;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const count = async (table: 'conflict_checks' | 'conflict_check_hits' | 'cases') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function addParty(organizationId: string, caseId: string, personId: string, role: string): Promise<void> {
  await t.db.insertInto('case_parties').values({ id: randomUUID(), organization_id: organizationId, case_id: caseId, person_id: personId, role: role as 'defendant', notes: null, added_by: null, added_at: nowIso() }).execute();
}

interface Hit { id: string; personId: string; name: string; caseId: string; reference: string | null; roleThere: string; adverse: boolean; partyName: string; reason: string; resolution: unknown }

beforeAll(async () => {
  t = await startTestApp();
  firm = await createOrganization(t.db, 'Khumalo Intake Attorneys', 'legal');
  const otherFirm = await createOrganization(t.db, 'Other Intake Attorneys', 'legal');
  const hospital = await createOrganization(t.db, 'Intake Hospital', 'healthcare');
  unit = await createOrganization(t.db, 'Intake Litigation Unit', 'medicolegal');
  const director = await createUser(t.db, { organizationId: firm, role: 'Director', firstName: 'Zanele' });
  directorId = director.id;
  cookies.director = await signIn(t.app, director.email);
  cookies.clerk = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Admin Staff', firstName: 'Pieter' })).email);
  cookies.qa = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Quality Assurance Team' })).email);
  cookies.otherDirector = await signIn(t.app, (await createUser(t.db, { organizationId: otherFirm, role: 'Director' })).email);
  cookies.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Nurse' })).email);
  cookies.unitAttorney = await signIn(t.app, (await createUser(t.db, { organizationId: unit, role: 'Attorneys', firstName: 'Lerato' })).email);

  // The firm acts for Sipho Ndlovu against Johan Botha (KIA-2025-00777).
  sipho = await addPerson(t.db, firm, { firstName: 'Sipho', lastName: 'Ndlovu', idNumber: SIPHO_ID, dateOfBirth: '1984-06-02', sex: 'male' });
  botha = await addPerson(t.db, firm, { firstName: 'Johan', lastName: 'Botha' });
  oldMatter = await createCaseOf(t.db, firm, sipho, { case_type: 'Personal injury', reference: 'KIA-2025-00777' });
  await addParty(firm, oldMatter, botha, 'defendant');
});
afterAll(() => t.close());

describe('POST /api/conflict-checks', () => {
  it('finds our client named as the opponent (by ID number) and the other side named as the client (by a similar name): both adverse, recorded with who ran it', async () => {
    const before = await count('conflict_checks');
    const res = await api('POST', '/api/conflict-checks', cookies.director, {
      parties: [
        { name: 'Johan Bota', role: 'client' },
        { name: 'S. Ndlovu', idNumber: SIPHO_ID.replace(/(\d{6})(\d{4})/, '$1 $2 '), role: 'opponent' },
        { name: 'Unrelated Witness', role: 'other' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string; hits: Hit[]; runByName: string; caseId: string | null; unresolvedAdverse: number };
    expect(body.hits.map((h) => ({ personId: h.personId, name: h.name, caseId: h.caseId, reference: h.reference, roleThere: h.roleThere, adverse: h.adverse, reason: h.reason, partyName: h.partyName }))).toEqual([
      { personId: botha, name: 'Johan Botha', caseId: oldMatter, reference: 'KIA-2025-00777', roleThere: 'defendant', adverse: true, reason: 'name', partyName: 'Johan Bota' },
      { personId: sipho, name: 'Sipho Ndlovu', caseId: oldMatter, reference: 'KIA-2025-00777', roleThere: 'client', adverse: true, reason: 'idNumber', partyName: 'S. Ndlovu' },
    ]);
    expect(body).toMatchObject({ runByName: 'Zanele Nkosi', caseId: null, unresolvedAdverse: 2 });
    expect(await count('conflict_checks')).toBe(before + 1);
    const row = await t.db.selectFrom('conflict_checks').select(['run_by', 'parties']).where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.run_by).toBe(directorId);
    expect(JSON.parse(row.parties)).toEqual([
      { name: 'Johan Bota', idNumber: null, role: 'client' },
      { name: 'S. Ndlovu', idNumber: SIPHO_ID, role: 'opponent' },
      { name: 'Unrelated Witness', idNumber: null, role: 'other' },
    ]);
    // GET answers the same record.
    const again = await api('GET', `/api/conflict-checks/${body.id}`, cookies.clerk);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().hits.map((h: Hit) => h.id)).toEqual(body.hits.map((h) => h.id));
  });

  it('is not adverse when the sides do not cross: our client named as our client again, the old opponent named as the opponent', async () => {
    const res = await api('POST', '/api/conflict-checks', cookies.director, { parties: [{ name: 'Sipho Ndlovu', role: 'client' }, { name: 'Johan Botha', role: 'opponent' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hits.map((h: Hit) => [h.name, h.roleThere, h.adverse])).toEqual([
      ['Sipho Ndlovu', 'client', false],
      ['Johan Botha', 'defendant', false],
    ]);
    expect(res.json().unresolvedAdverse).toBe(0);
  });

  it('rules a similar name out when the SA ID numbers differ', async () => {
    const other = makeSaIdNumber('1990-01-15', 'male', 422);
    const res = await api('POST', '/api/conflict-checks', cookies.director, { parties: [{ name: 'Sipho Ndlovu', idNumber: other, role: 'client' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hits).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await count('conflict_checks');
    const cases: [object, string][] = [
      [{}, 'parties'],
      [{ parties: [] }, 'parties'],
      [{ parties: [{ name: 'Johan Botha', role: 'opponent' }] }, 'parties'],
      [{ parties: [{ name: 'Sipho Ndlovu', idNumber: '12345', role: 'client' }] }, 'parties.0.idNumber'],
      [{ parties: [{ name: 'Sipho Ndlovu', role: 'friend' }] }, 'parties.0.role'],
      [{ parties: [{ name: ' ', role: 'client' }] }, 'parties.0.name'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', '/api/conflict-checks', cookies.director, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    // A company registration number is accepted.
    const company = await api('POST', '/api/conflict-checks', cookies.director, { parties: [{ name: 'Botha Holdings', idNumber: '2015/123456/07', role: 'client' }] });
    expect(company.statusCode, company.body).toBe(200);
    expect(await count('conflict_checks')).toBe(before + 1);
  });

  it('is for those who open matters, on the litigation platforms', async () => {
    const payload = { parties: [{ name: 'Sipho Ndlovu', role: 'client' }] };
    expect((await api('POST', '/api/conflict-checks', cookies.qa, payload)).statusCode).toBe(403);
    expect((await api('POST', '/api/conflict-checks', cookies.nurse, payload)).statusCode).toBe(403);
  });
});

describe('resolving adverse hits, attaching the check, and the checklist item', () => {
  it('opens the matter with the check attached; the item cannot be ticked while an adverse hit is open, and ticks itself when the last is resolved', async () => {
    const run = await api('POST', '/api/conflict-checks', cookies.director, { parties: [{ name: 'Johan Botha', role: 'client' }, { name: 'Sipho Ndlovu', role: 'opponent' }] });
    const check = run.json() as { id: string; hits: Hit[] };
    expect(check.hits.filter((h) => h.adverse)).toHaveLength(2);

    const opened = await api('POST', '/api/patient-cases', cookies.director, { patientName: 'Johan Botha', caseType: 'Contract dispute', conflictCheckId: check.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const matter = opened.json() as { id: string; reference: string };
    const attached = (await api('GET', `/api/conflict-checks/${check.id}`, cookies.director)).json();
    expect(attached).toMatchObject({ caseId: matter.id, caseReference: matter.reference, unresolvedAdverse: 2 });
    expect(attached.attachedAt).toEqual(expect.any(String));

    let checklist = (await api('GET', `/api/patient-cases/${matter.id}/checklist`, cookies.director)).json();
    let item = checklist.items.find((i: { label: string }) => i.label === 'Conflict check run and recorded');
    expect(item).toMatchObject({ key: 'conflict-check', done: false, evidence: { kind: 'conflict-check', id: check.id, unresolvedAdverse: 2 } });
    expect(item.evidence.summary).toContain('2 hits, 2 adverse (2 not resolved)');

    const refused = await api('PATCH', `/api/checklist-items/${item.id}`, cookies.director, { done: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The conflict check has 2 adverse hits not yet resolved: resolve them (e.g. informed consent obtained, or not the same person) before ticking this item.');
    expect((await t.db.selectFrom('checklist_items').select('done').where('id', '=', item.id).executeTakeFirstOrThrow()).done).toBe(0);

    const [first, second] = check.hits;
    const one = await api('POST', `/api/conflict-checks/${check.id}/hits/${first!.id}/resolve`, cookies.clerk, { resolution: 'informed-consent', note: 'Both clients consented in writing' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().hits.find((h: Hit) => h.id === first!.id).resolution).toMatchObject({ resolution: 'informed-consent', note: 'Both clients consented in writing', resolvedByName: 'Pieter Nkosi' });
    expect(one.json().unresolvedAdverse).toBe(1);
    // One left: still refused, and not ticked.
    expect((await api('PATCH', `/api/checklist-items/${item.id}`, cookies.director, { done: true })).json().message).toContain('1 adverse hit not yet resolved');

    const again = await api('POST', `/api/conflict-checks/${check.id}/hits/${first!.id}/resolve`, cookies.director, { resolution: 'not-adverse' });
    expect(again.statusCode).toBe(409);

    const two = await api('POST', `/api/conflict-checks/${check.id}/hits/${second!.id}/resolve`, cookies.director, { resolution: 'not-the-same-person' });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().unresolvedAdverse).toBe(0);
    checklist = (await api('GET', `/api/patient-cases/${matter.id}/checklist`, cookies.director)).json();
    item = checklist.items.find((i: { key: string | null }) => i.key === 'conflict-check');
    expect(item).toMatchObject({ done: true, doneByName: 'Zanele Nkosi' });
    expect(item.evidence.summary).toContain('2 hits, 2 adverse (resolved)');

    const events = await t.db.selectFrom('case_events').select(['kind', 'summary']).where('case_id', '=', matter.id).orderBy('at').orderBy('id').execute();
    // Opened and attached in one transaction (one time); two resolutions; the tick.
    expect(events.map((e) => e.kind).sort()).toEqual(['case.created', 'checklist.ticked', 'conflict.checked', 'conflict.checked', 'conflict.checked']);
    const summaries = events.filter((e) => e.kind !== 'case.created').map((e) => e.summary);
    expect(summaries[0]).toBe('Conflict check at intake attached (run by Zanele Nkosi): 2 hits, 2 adverse (2 not resolved)');
    // The last resolution and the tick it causes are written in the same millisecond: their order is the ids'.
    expect(summaries.slice(1).sort()).toEqual([
      'Adverse conflict hit resolved: Johan Botha (KIA-2025-00777) — Informed consent obtained',
      'Adverse conflict hit resolved: Sipho Ndlovu (KIA-2025-00777) — Not the same person',
      'Ticked “Conflict check run and recorded” on the checklist: conflict check recorded and attached',
    ]);
  });

  it('ticks the item on the first read of a matter opened with a clear check', async () => {
    const run = await api('POST', '/api/conflict-checks', cookies.clerk, { parties: [{ name: 'Naledi Mokoena', role: 'client' }, { name: 'Acme Holdings', idNumber: '2019/654321/07', role: 'opponent' }] });
    expect(run.json().hits).toEqual([]);
    const opened = await api('POST', '/api/patient-cases', cookies.director, { patientName: 'Naledi Mokoena', caseType: 'Debt collection', conflictCheckId: run.json().id });
    expect(opened.statusCode, opened.body).toBe(200);
    const checklist = (await api('GET', `/api/patient-cases/${opened.json().id}/checklist`, cookies.director)).json();
    expect(checklist.items.find((i: { key: string | null }) => i.key === 'conflict-check')).toMatchObject({ done: true, doneByName: 'Pieter Nkosi' });
  });

  it('refuses a check that cannot be attached: unknown or another firm’s → 400 naming conflictCheckId, already attached → 409; no matter is opened', async () => {
    const foreign = (await api('POST', '/api/conflict-checks', cookies.otherDirector, { parties: [{ name: 'Naledi Mokoena', role: 'client' }] })).json().id as string;
    const used = (await api('POST', '/api/conflict-checks', cookies.director, { parties: [{ name: 'Thabo Mabaso', role: 'client' }] })).json().id as string;
    expect((await api('POST', '/api/patient-cases', cookies.director, { patientName: 'Thabo Mabaso', caseType: 'Divorce', conflictCheckId: used })).statusCode).toBe(200);
    const before = await count('cases');
    for (const id of ['no-such-check', foreign]) {
      const res = await api('POST', '/api/patient-cases', cookies.director, { patientName: 'Thabo Mabaso', caseType: 'Divorce', conflictCheckId: id });
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['conflictCheckId']);
    }
    const twice = await api('POST', '/api/patient-cases', cookies.director, { patientName: 'Thabo Mabaso', caseType: 'Divorce', conflictCheckId: used });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields.conflictCheckId).toMatch(/^This conflict check is already attached to .+; run a new one for this matter$/);
    expect(await count('cases')).toBe(before);
  });

  it('refuses to resolve a hit that is not adverse (409), and an unknown resolution (400)', async () => {
    const run = (await api('POST', '/api/conflict-checks', cookies.director, { parties: [{ name: 'Sipho Ndlovu', role: 'client' }] })).json() as { id: string; hits: Hit[] };
    const plain = run.hits.find((h) => !h.adverse)!;
    expect((await api('POST', `/api/conflict-checks/${run.id}/hits/${plain.id}/resolve`, cookies.director, { resolution: 'informed-consent' })).statusCode).toBe(409);
    const bad = await api('POST', `/api/conflict-checks/${run.id}/hits/${plain.id}/resolve`, cookies.director, { resolution: 'ignore-it' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('resolution');
    expect((await api('POST', `/api/conflict-checks/${run.id}/hits/nope/resolve`, cookies.director, { resolution: 'informed-consent' })).statusCode).toBe(404);
  });

  it('another firm’s Director gets 404 reading or resolving, and changes nothing', async () => {
    const run = (await api('POST', '/api/conflict-checks', cookies.director, { parties: [{ name: 'Johan Botha', role: 'client' }] })).json() as { id: string; hits: Hit[] };
    const adverse = run.hits.find((h) => h.adverse)!;
    expect((await api('GET', `/api/conflict-checks/${run.id}`, cookies.otherDirector)).statusCode).toBe(404);
    expect((await api('POST', `/api/conflict-checks/${run.id}/hits/${adverse.id}/resolve`, cookies.otherDirector, { resolution: 'informed-consent' })).statusCode).toBe(404);
    const row = await t.db.selectFrom('conflict_check_hits').select(['resolution', 'resolved_by']).where('id', '=', adverse.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ resolution: null, resolved_by: null });
  });
});

describe('the State’s side (medicolegal)', () => {
  it('a claimant named as our prospective client is adverse; the MEC (defendant there, ours) named as the opponent is adverse', async () => {
    const claimant = await addPerson(t.db, unit, { firstName: 'Nomvula', lastName: 'Dlamini' });
    const mec = await addPerson(t.db, unit, { kind: 'organization', lastName: 'MEC for Health Gauteng' });
    const claim = await createCaseOf(t.db, unit, claimant, { case_type: 'Medical negligence', reference: 'SLU-2026-00042' });
    await addParty(unit, claim, mec, 'defendant');
    const res = await api('POST', '/api/conflict-checks', cookies.unitAttorney, { parties: [{ name: 'Nomvula Dlamini', role: 'client' }, { name: 'MEC for Health Gauteng', role: 'opponent' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hits.map((h: Hit) => [h.name, h.roleThere, h.adverse])).toEqual([
      ['Nomvula Dlamini', 'claimant', true],
      ['MEC for Health Gauteng', 'defendant', true],
    ]);
  });
});
