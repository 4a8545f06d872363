import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { HOD_MANDATE_ITEM } from '../../../shared/domain/state-claims';
import type { TenantActor } from '../../auth/actor';
import { getStateClaims } from './state-claims.service';

// Issue 32: the State unit's dashboard counts what the province is exposed to. Rows are inserted
// here and every expected figure is summed by hand from them.

const NOW = new Date('2026-03-18T12:00:00.000Z');
let t: TestApp;
let unit: string;
let attorney: TenantActor;
let admin: TenantActor;
const ids: Record<string, string> = {};

async function courtMatter(caseId: string, claimAmountCents: number | null) {
  const now = NOW.toISOString();
  await t.db.insertInto('court_matters').values({
    id: randomUUID(), organization_id: unit, case_id: caseId, court: 'High Court', division: 'Gauteng Division, Pretoria', case_number: `${Math.floor(Math.random() * 1e6)}/2026`,
    caselines_reference: null, claim_amount_cents: claimAmountCents, stage: 'pleadings', trial_scope: null, summons_served_on: null, debt_due_on: null, knowledge_on: null,
    updated_by: null, created_at: now, updated_at: now,
  }).execute();
}

async function hospitalRecord(caseId: string, facility: string) {
  await t.db.insertInto('documents').values({
    id: randomUUID(), organization_id: unit, case_id: caseId, file_name: 'records.pdf', content_type: 'application/pdf', size_bytes: 10, sha256: 'x'.repeat(64),
    uploaded_by: null, created_at: NOW.toISOString(), record_type: 'hospital_record', source_facility: facility, records_from: '2024-01-01', records_to: '2024-01-31', page_count: 3,
  }).execute();
}

async function deadline(caseId: string, dueOn: string): Promise<string> {
  const id = randomUUID();
  await t.db.insertInto('case_deadlines').values({
    id, organization_id: unit, case_id: caseId, rule: 'prescription', source_kind: 'court-matter', source_id: randomUUID(), trigger_on: '2024-01-01', due_on: dueOn,
    explanation: 'Prescription', task_id: null, created_at: NOW.toISOString(), updated_at: NOW.toISOString(),
  }).execute();
  return id;
}

async function checklistItem(caseId: string, label: string, done: boolean) {
  await t.db.insertInto('checklist_items').values({
    id: randomUUID(), organization_id: unit, case_id: caseId, template: 'shipped-medicolegal', label, item_key: null, position: 2, done: done ? 1 : 0,
    done_by: null, done_at: done ? NOW.toISOString() : null, created_at: NOW.toISOString(),
  }).execute();
}

beforeAll(async () => {
  t = await startTestApp();
  unit = await createOrganization(t.db, 'Limpopo State Litigation', 'medicolegal');
  const a = await createUser(t.db, { organizationId: unit, role: 'Attorneys', firstName: 'Palesa' });
  const b = await createUser(t.db, { organizationId: unit, role: 'Administrator', firstName: 'Musa' });
  attorney = { userId: a.id, sessionId: 'test', organizationId: unit, platform: 'medicolegal', role: 'Attorneys', isSuperAdmin: false };
  admin = { userId: b.id, sessionId: 'test', organizationId: unit, platform: 'medicolegal', role: 'Administrator', isSuperAdmin: false };
  ids.email = a.email;

  // Three open claims at two hospitals (one without records yet), one concluded, one restricted.
  ids.bara1 = await createCase(t.db, unit, { patient_name: 'Claimant One' });
  ids.bara2 = await createCase(t.db, unit, { patient_name: 'Claimant Two' });
  ids.unknown = await createCase(t.db, unit, { patient_name: 'Claimant Three' });
  ids.closed = await createCase(t.db, unit, { patient_name: 'Claimant Four', status: 'Completed', completed_at: NOW.toISOString() });
  ids.restricted = await createCase(t.db, unit, { patient_name: 'Claimant Five', restricted: 1 });
  await addTeamMember(t.db, unit, ids.restricted, b.id, 'responsible-attorney');

  await courtMatter(ids.bara1, 1_800_000_000); // R18 million
  await courtMatter(ids.bara2, 250_000_000); // R2.5 million
  await courtMatter(ids.unknown, null); // no amount on record
  await courtMatter(ids.closed, 900_000_000); // concluded: not exposure
  await courtMatter(ids.restricted, 500_000_000);

  await hospitalRecord(ids.bara1, 'Chris Hani Baragwanath Academic Hospital');
  await hospitalRecord(ids.bara2, 'Chris Hani Baragwanath Academic Hospital');
  await hospitalRecord(ids.restricted, 'Tembisa Provincial Tertiary Hospital');

  ids.baraDeadline = await deadline(ids.bara1, '2026-03-20'); // this week
  await deadline(ids.bara2, '2026-03-25'); // the seventh day: in
  await deadline(ids.unknown, '2026-03-26'); // the eighth: out
  await deadline(ids.closed, '2026-03-19'); // a concluded matter's: out
  await deadline(ids.restricted, '2026-03-19');

  await checklistItem(ids.bara1, HOD_MANDATE_ITEM, true);
  await checklistItem(ids.bara2, HOD_MANDATE_ITEM, false);
});

afterAll(async () => {
  await t?.close();
});

describe('the State unit’s figures (issue 32)', () => {
  it('sums the open claims the caller may read: the contingent liability, by hospital, deadlines this week, mandates awaited', async () => {
    expect(await getStateClaims(t.db, attorney, NOW)).toEqual({
      openClaims: 3,
      contingentLiabilityCents: 2_050_000_000,
      claimsWithoutAmount: 1,
      byHospital: [
        { hospital: 'Chris Hani Baragwanath Academic Hospital', claims: 2, valueCents: 2_050_000_000 },
        { hospital: 'Hospital not yet known', claims: 1, valueCents: 0 },
      ],
      deadlinesThisWeek: 2,
      mandatesAwaited: 2,
    });
  });

  it('counts the restricted claim for a member of its team', async () => {
    const figures = await getStateClaims(t.db, admin, NOW);
    expect(figures.openClaims).toBe(4);
    expect(figures.contingentLiabilityCents).toBe(2_550_000_000);
    expect(figures.byHospital).toContainEqual({ hospital: 'Tembisa Provincial Tertiary Hospital', claims: 1, valueCents: 500_000_000 });
    expect(figures.deadlinesThisWeek).toBe(3);
    expect(figures.mandatesAwaited).toBe(3);
  });

  it('answers over REST on the medicolegal platform only', async () => {
    const cookie = await signIn(t.app, ids.email!);
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/state-claims', headers: { cookie, origin: ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.json().openClaims).toBe(3);
    const firm = await createOrganization(t.db, 'Naidoo Inc', 'legal');
    const director = await createUser(t.db, { organizationId: firm, role: 'Director', firstName: 'Vusi' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/dashboard/state-claims', headers: { cookie: await signIn(t.app, director.email), origin: ORIGIN } });
    expect(refused.statusCode).toBe(403);
  });

  it('stops counting a deadline once it is marked met (decision 0056)', async () => {
    const cookie = await signIn(t.app, ids.email!);
    const marked = await t.app.inject({ method: 'PATCH', url: `/api/deadlines/${ids.baraDeadline}`, headers: { cookie, origin: ORIGIN }, payload: { status: 'met', on: '2026-03-17' } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await getStateClaims(t.db, attorney, NOW)).deadlinesThisWeek).toBe(1);
  });
});
