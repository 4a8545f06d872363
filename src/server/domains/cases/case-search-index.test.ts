import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Migration 0007 (decision 0016): the trigram search index and the per-organisation case counts are
// kept by triggers. What a caller notices: search and totals stay right after cases are created,
// renamed, moved between statuses and deleted, in both dialects.

let t: TestApp;
let org: string;
let other: string;
let admin: string;

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/patient-cases${query}`, headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: string; patientName: string }[]; total: number };
};
const create = async (patientName: string, caseType = 'General') => {
  const res = await t.app.inject({ method: 'POST', url: '/api/patient-cases', headers: { cookie: admin, origin: ORIGIN }, payload: { patientName, caseType } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
};
const setStatus = async (id: string, status: string) => {
  const res = await t.app.inject({ method: 'PATCH', url: `/api/patient-cases/${id}`, headers: { cookie: admin, origin: ORIGIN }, payload: { status } });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Index Clinic');
  other = await createOrganization(t.db, 'Elsewhere Clinic');
  admin = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Administrator' })).email);
});
afterAll(() => t.close());

describe('case search index and counts (migration 0007)', () => {
  it('finds substrings of three or more characters and shorter ones, ignoring case, quotes taken literally', async () => {
    await create('Thandiwe Naidoo', 'Cardiology');
    await create('Pieter "PJ" Botha', 'Orthopaedics');
    await create('Li Wu', 'Renal');
    expect((await list('?search=AIDO')).items.map((c) => c.patientName)).toEqual(['Thandiwe Naidoo']);
    expect((await list('?search=cardio')).total).toBe(1);
    expect((await list('?search="PJ"')).items.map((c) => c.patientName)).toEqual(['Pieter "PJ" Botha']);
    expect((await list('?search=wu')).items.map((c) => c.patientName)).toEqual(['Li Wu']);
    expect((await list('?search=100%25')).total).toBe(0);
    expect((await list('?search=naidoo%20x')).total).toBe(0);
  });

  it('follows renames and deletions made in the database', async () => {
    const id = await create('Zanele Mokoena');
    expect((await list('?search=mokoena')).total).toBe(1);
    await t.db.updateTable('cases').set({ patient_name: 'Zanele Khumalo' }).where('id', '=', id).execute();
    expect((await list('?search=mokoena')).total).toBe(0);
    expect((await list('?search=khumalo')).items.map((c) => c.id)).toEqual([id]);
    await t.db.deleteFrom('cases').where('id', '=', id).execute();
    expect((await list('?search=khumalo')).total).toBe(0);
  });

  it('keeps the totals per status through creation, status changes and deletion, and apart from other organisations', async () => {
    const before = await list();
    const a = await create('Count One');
    const b = await create('Count Two');
    await t.db
      .insertInto('cases')
      .values({ id: crypto.randomUUID(), organization_id: other, patient_name: 'Elsewhere', case_type: 'General', status: 'Scheduled', created_at: new Date().toISOString(), updated_at: new Date().toISOString() } as never)
      .execute();
    expect((await list()).total).toBe(before.total + 2);
    const scheduled = (await list('?status=Scheduled')).total;
    await setStatus(a, 'Completed');
    expect((await list('?status=Scheduled')).total).toBe(scheduled - 1);
    expect((await list('?status=Completed')).total).toBe(1);
    expect((await list()).total).toBe(before.total + 2);
    await t.db.deleteFrom('cases').where('id', '=', b).execute();
    expect((await list('?status=Scheduled')).total).toBe(scheduled - 2);
    expect((await list()).total).toBe(before.total + 1);
    // The counts agree with counting the rows.
    const counted = await t.db.selectFrom('cases').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', org).executeTakeFirstOrThrow();
    expect((await list()).total).toBe(Number(counted.n));
  });
});
