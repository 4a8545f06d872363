import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Compliance checklists (issue 20) through REST: a case gets its items on the first read — from the
// organisation's template for its case type, else the platform's shipped one — ticked by a named
// person with a date, shown as a percentage; templates are the Administrators'.

let t: TestApp;
let state: string; // medicolegal: the state litigation unit
let firm: string; // legal
let hospital: string; // healthcare
const cookies = { attorney: '', admin: '', expert: '', firmAdmin: '', nurse: '', hospitalAdmin: '' };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const checklistOf = (id: string) => `/api/patient-cases/${id}/checklist`;
const itemCount = async (caseId: string) =>
  Number((await t.db.selectFrom('checklist_items').select((eb) => eb.fn.countAll<number>().as('n')).where('case_id', '=', caseId).executeTakeFirstOrThrow()).n);

// The shipped templates as the issues name them (src/shared/domain/checklists.ts must say the same):
// the State unit's is written from the defendant's side (issue 32).
const MEDICOLEGAL_ITEMS = [
  'Notice in terms of s3 of Act 40 of 2002 received and assessed (in time, complete)',
  'Condonation: decided whether to oppose, decision recorded',
  'Mandate from the Head of Department obtained',
  'Hospital records requested from the facility',
  'Hospital records received',
  'Plea, special pleas and Rule 41A notice delivered',
  'Merits expert appointed and report received',
  'Quantum experts appointed and reports received',
  'Settlement mandate obtained, or trial instructed',
  'Form 10 trial-readiness certificate filed',
];

beforeAll(async () => {
  t = await startTestApp();
  state = await createOrganization(t.db, 'State Litigation Unit', 'medicolegal');
  firm = await createOrganization(t.db, 'Khumalo Attorneys', 'legal');
  hospital = await createOrganization(t.db, 'Checklist Hospital', 'healthcare');
  cookies.attorney = await signIn(t.app, (await createUser(t.db, { organizationId: state, role: 'Attorneys', firstName: 'Lerato' })).email);
  cookies.admin = await signIn(t.app, (await createUser(t.db, { organizationId: state, role: 'Administrator', firstName: 'Sizwe' })).email);
  cookies.expert = await signIn(t.app, (await createUser(t.db, { organizationId: state, role: 'Expert/Witness', firstName: 'Pieter' })).email);
  cookies.firmAdmin = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Administrator', firstName: 'Ayanda' })).email);
  cookies.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Nurse', firstName: 'Naledi' })).email);
  cookies.hospitalAdmin = await signIn(t.app, (await createUser(t.db, { organizationId: hospital, role: 'Administrator', firstName: 'Zodwa' })).email);
});
afterAll(() => t.close());

describe('the checklist of a case', () => {
  it('gives a case the shipped template of its platform on the first read, nothing ticked, 0%', async () => {
    const kase = await createCase(t.db, state, { case_type: 'Medical negligence' });
    expect(await itemCount(kase)).toBe(0);
    const res = await call('GET', checklistOf(kase), cookies.attorney);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ caseId: kase, template: 'Medical negligence claim against the State', percent: 0 });
    expect(body.items.map((i: { label: string }) => i.label)).toEqual(MEDICOLEGAL_ITEMS);
    expect(body.items[0]).toMatchObject({ done: false, doneByName: null, doneAt: null, version: 1 });
    // A second read keeps the same items.
    const again = (await call('GET', checklistOf(kase), cookies.attorney)).json();
    expect(again.items.map((i: { id: string }) => i.id)).toEqual(body.items.map((i: { id: string }) => i.id));
    expect(await itemCount(kase)).toBe(10);
  });

  it('makes the items once when two first reads come at the same time', async () => {
    const kase = await createCase(t.db, state, { case_type: 'Medical negligence' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('GET', checklistOf(kase), cookies.attorney)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await itemCount(kase)).toBe(10);
    const ids = answers.map((a) => a.json().items.map((i: { id: string }) => i.id).join());
    expect(new Set(ids).size).toBe(1);
  });

  it("uses the legal platform's shipped template on a law firm's case, and the healthcare one on a ward", async () => {
    const matter = await createCase(t.db, firm, { case_type: 'Contract dispute' });
    const legal = (await call('GET', checklistOf(matter), cookies.firmAdmin)).json();
    expect(legal.template).toBe('New client matter');
    expect(legal.items.map((i: { label: string }) => i.label)).toEqual(['Conflict check run and recorded', 'Engagement letter signed', 'FICA documents received and verified']);
    const ward = await createCase(t.db, hospital, { case_type: 'Admission' });
    const healthcare = await call('GET', checklistOf(ward), cookies.nurse);
    expect(healthcare.statusCode, healthcare.body).toBe(200);
    expect(healthcare.json().items.map((i: { label: string }) => i.label)).toEqual(['Informed consent signed', 'POPIA notice given to the patient']);
  });

  it('ticks an item with who and when, on the timeline; the percent rounds down; unticking clears who and when', async () => {
    const kase = await createCase(t.db, state, { case_type: 'Medical negligence' });
    const items = (await call('GET', checklistOf(kase), cookies.attorney)).json().items as { id: string; version: number }[];
    const before = Date.now();
    const tick = await call('PATCH', `/api/checklist-items/${items[0]!.id}`, cookies.attorney, { done: true, expectedVersion: 1 });
    expect(tick.statusCode, tick.body).toBe(200);
    const ticked = tick.json();
    expect(ticked.items[0]).toMatchObject({ done: true, doneByName: 'Lerato Nkosi', version: 2 });
    expect(new Date(ticked.items[0].doneAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(ticked.percent).toBe(10); // 1 of 10
    await call('PATCH', `/api/checklist-items/${items[1]!.id}`, cookies.attorney, { done: true });
    expect((await call('GET', checklistOf(kase), cookies.expert)).json().percent).toBe(20); // 2 of 10
    const events = await t.db.selectFrom('case_events').select(['kind', 'summary']).where('case_id', '=', kase).orderBy('at').orderBy('id').execute();
    expect(events[0]).toEqual({ kind: 'checklist.ticked', summary: `Ticked “${MEDICOLEGAL_ITEMS[0]}” on the checklist (Lerato Nkosi)` });
    expect(events).toHaveLength(2);

    const untick = await call('PATCH', `/api/checklist-items/${items[0]!.id}`, cookies.admin, { done: false, expectedVersion: 2 });
    expect(untick.statusCode, untick.body).toBe(200);
    expect(untick.json().items[0]).toMatchObject({ done: false, doneByName: null, doneAt: null, version: 3 });
    expect(untick.json().percent).toBe(10);
    const row = await t.db.selectFrom('checklist_items').select(['done', 'done_by', 'done_at']).where('id', '=', items[0]!.id).executeTakeFirstOrThrow();
    expect({ ...row, done: Number(row.done) }).toEqual({ done: 0, done_by: null, done_at: null });
    const last = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', kase).orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.summary).toBe(`Unticked “${MEDICOLEGAL_ITEMS[0]}” on the checklist (Sizwe Nkosi)`);
  });

  it('shows 100% only when every item is done', async () => {
    const matter = await createCase(t.db, firm, { case_type: 'Contract dispute' });
    const items = (await call('GET', checklistOf(matter), cookies.firmAdmin)).json().items as { id: string }[];
    let percent = 0;
    for (const item of items) percent = (await call('PATCH', `/api/checklist-items/${item.id}`, cookies.firmAdmin, { done: true })).json().percent;
    expect(percent).toBe(100);
  });

  it('answers 409 with the current item for a stale version, and changes nothing', async () => {
    const kase = await createCase(t.db, state, { case_type: 'Medical negligence' });
    const item = (await call('GET', checklistOf(kase), cookies.attorney)).json().items[2];
    expect((await call('PATCH', `/api/checklist-items/${item.id}`, cookies.admin, { done: true, expectedVersion: 1 })).statusCode).toBe(200);
    const stale = await call('PATCH', `/api/checklist-items/${item.id}`, cookies.attorney, { done: false, expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: item.id, done: true, doneByName: 'Sizwe Nkosi', version: 2 });
    const row = await t.db.selectFrom('checklist_items').select(['done', 'version']).where('id', '=', item.id).executeTakeFirstOrThrow();
    expect([Number(row.done), Number(row.version)]).toEqual([1, 2]);
  });

  it('refuses bad input with a 400 naming the field, a reader without caseFile.write (403), and unknown items (404)', async () => {
    const kase = await createCase(t.db, state, { case_type: 'Medical negligence' });
    const item = (await call('GET', checklistOf(kase), cookies.attorney)).json().items[0];
    const bad = await call('PATCH', `/api/checklist-items/${item.id}`, cookies.attorney, { done: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['done']);
    expect((await call('PATCH', `/api/checklist-items/${item.id}`, cookies.expert, { done: true })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/checklist-items/no-such-item', cookies.attorney, { done: true })).statusCode).toBe(404);
  });

  it("keeps organisations apart: another organisation's case and item are 404, and nothing is made", async () => {
    const kase = await createCase(t.db, state, { case_type: 'Medical negligence' });
    const item = (await call('GET', checklistOf(kase), cookies.attorney)).json().items[0];
    expect((await call('GET', checklistOf(kase), cookies.firmAdmin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/checklist-items/${item.id}`, cookies.firmAdmin, { done: true })).statusCode).toBe(404);
    const untouched = await createCase(t.db, state, { case_type: 'Medical negligence' });
    expect((await call('GET', checklistOf(untouched), cookies.hospitalAdmin)).statusCode).toBe(404);
    expect(await itemCount(untouched)).toBe(0);
    const row = await t.db.selectFrom('checklist_items').select('done').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(Number(row.done)).toBe(0);
  });
});

describe('checklist templates', () => {
  it('needs checklists.manage: an Attorney may not read or change templates', async () => {
    expect((await call('GET', '/api/checklist-templates', cookies.attorney)).statusCode).toBe(403);
    expect((await call('PUT', '/api/checklist-templates', cookies.attorney, { name: 'Mine', items: ['One'] })).statusCode).toBe(403);
    expect((await call('GET', '/api/checklist-templates', cookies.admin)).statusCode).toBe(200);
  });

  it("lists none at first, with the platform's shipped template as the default", async () => {
    const res = await call('GET', '/api/checklist-templates', cookies.firmAdmin);
    expect(res.json()).toEqual({
      items: [],
      shipped: { key: 'shipped-legal', name: 'New client matter', items: ['Conflict check run and recorded', 'Engagement letter signed', 'FICA documents received and verified'] },
    });
  });

  it("overrides the shipped template for the case types it names (without case); other case types keep the shipped one", async () => {
    const created = await call('PUT', '/api/checklist-templates', cookies.admin, { name: 'Obstetric claims', caseTypes: ['Birth injury', 'birth INJURY'], items: ['Obstetric records requested', 'CTG tracings obtained'] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Obstetric claims', caseTypes: ['Birth injury'], items: ['Obstetric records requested', 'CTG tracings obtained'], version: 1 });
    const birth = await createCase(t.db, state, { case_type: 'BIRTH injury' });
    const checklist = (await call('GET', checklistOf(birth), cookies.attorney)).json();
    expect(checklist.template).toBe('Obstetric claims');
    expect(checklist.items.map((i: { label: string }) => i.label)).toEqual(['Obstetric records requested', 'CTG tracings obtained']);
    const other = await createCase(t.db, state, { case_type: 'Surgical negligence' });
    expect((await call('GET', checklistOf(other), cookies.attorney)).json().template).toBe('Medical negligence claim against the State');
    // Another organisation's cases are untouched by it.
    const firmBirth = await createCase(t.db, firm, { case_type: 'Birth injury' });
    expect((await call('GET', checklistOf(firmBirth), cookies.firmAdmin)).json().template).toBe('New client matter');
  });

  it('edits with the version it saw (stale: 409 with the current one), leaves cases that have their items alone, and deletes', async () => {
    const created = (await call('PUT', '/api/checklist-templates', cookies.firmAdmin, { name: 'Litigation', caseTypes: ['Litigation'], items: ['Summons served'] })).json();
    const kase = await createCase(t.db, firm, { case_type: 'litigation' });
    expect((await call('GET', checklistOf(kase), cookies.firmAdmin)).json().items.map((i: { label: string }) => i.label)).toEqual(['Summons served']);

    const edited = await call('PUT', '/api/checklist-templates', cookies.firmAdmin, { id: created.id, name: 'Litigation matters', caseTypes: ['Litigation'], items: ['Plea filed', 'Summons served'], expectedVersion: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, name: 'Litigation matters', items: ['Plea filed', 'Summons served'], version: 2 });
    const stale = await call('PUT', '/api/checklist-templates', cookies.firmAdmin, { id: created.id, name: 'Old', items: ['X'], expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Litigation matters', version: 2 });
    const noVersion = await call('PUT', '/api/checklist-templates', cookies.firmAdmin, { id: created.id, name: 'Old', items: ['X'] });
    expect(noVersion.statusCode).toBe(400);
    expect(Object.keys(noVersion.json().fields)).toEqual(['expectedVersion']);

    // The case made from it keeps its items; a new case of that type gets the edited ones.
    expect((await call('GET', checklistOf(kase), cookies.firmAdmin)).json().items.map((i: { label: string }) => i.label)).toEqual(['Summons served']);
    const later = await createCase(t.db, firm, { case_type: 'Litigation' });
    expect((await call('GET', checklistOf(later), cookies.firmAdmin)).json().items.map((i: { label: string }) => i.label)).toEqual(['Plea filed', 'Summons served']);

    expect((await call('DELETE', `/api/checklist-templates/${created.id}`, cookies.firmAdmin)).statusCode).toBe(200);
    expect((await call('GET', '/api/checklist-templates', cookies.firmAdmin)).json().items).toEqual([]);
    expect((await call('GET', checklistOf(kase), cookies.firmAdmin)).json().items.map((i: { label: string }) => i.label)).toEqual(['Summons served']);
  });

  it('refuses a template without items or name (400 naming the fields), and another organisation\'s template (404)', async () => {
    const empty = await call('PUT', '/api/checklist-templates', cookies.admin, { name: ' ', items: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(['items', 'name']);
    const blank = await call('PUT', '/api/checklist-templates', cookies.admin, { name: 'Blank item', items: ['Fine', '  '] });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields)[0]).toMatch(/^items/);
    const theirs = (await call('PUT', '/api/checklist-templates', cookies.admin, { name: 'State only', items: ['One'] })).json();
    expect((await call('PUT', '/api/checklist-templates', cookies.firmAdmin, { id: theirs.id, name: 'Taken', items: ['Two'], expectedVersion: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/checklist-templates/${theirs.id}`, cookies.firmAdmin)).statusCode).toBe(404);
  });
});
