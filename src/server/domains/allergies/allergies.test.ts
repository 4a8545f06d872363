import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Allergies on the person (issue 31), through the REST paths the issue names: a Nurse records them,
// "no known allergies" is its own record and refused while an allergy is active, an entry is never
// deleted but marked entered in error once, a Case Manager reads but does not record, another
// hospital's Nurse gets 404 and changes nothing, a law firm has no medical records.

let t: TestApp;
let org: string;
const cookie = { nurse: '', manager: '', support: '', foreignNurse: '', lawyer: '', admin: '' };

const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const count = async () => Number((await t.db.selectFrom('allergies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function person(organizationId: string, kind: 'person' | 'organization' = 'person'): Promise<string> {
  const id = randomUUID();
  await t.db
    .insertInto('people')
    .values({ id, organization_id: organizationId, kind, first_name: 'Thabo', last_name: 'Mabaso', full_name: 'Thabo Mabaso', created_by: null, created_at: nowIso(), updated_at: nowIso() })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t.db, 'Allergy Hospital');
  const other = await createOrganization(t.db, 'Other Hospital');
  const firm = await createOrganization(t.db, 'Allergy Attorneys', 'legal');
  cookie.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Nurse', firstName: 'Nomvula' })).email);
  cookie.manager = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Case Manager' })).email);
  cookie.support = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Support Staff' })).email);
  cookie.foreignNurse = await signIn(t.app, (await createUser(t.db, { organizationId: other, role: 'Nurse' })).email);
  cookie.admin = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Administrator' })).email);
  cookie.lawyer = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Director' })).email);
});
afterAll(() => t.close());

describe('allergies on the person', () => {
  it('starts "not recorded"; no known allergies is recorded, then ended by an allergy; entered in error keeps the row and stops counting', async () => {
    const p = await person(org);
    const url = `/api/people/${p}/allergies`;
    let list = await api('GET', url, cookie.manager);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ status: 'not-recorded', noKnownAllergies: null, items: [] });

    const none = await api('PUT', `/api/people/${p}/no-known-allergies`, cookie.nurse);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ status: 'none-known', noKnownAllergies: { at: expect.any(String), by: 'Nomvula Nkosi' }, items: [] });

    const made = await api('POST', url, cookie.nurse, { substance: ' Penicillin ', reaction: 'Anaphylaxis', severity: 'severe' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ personId: p, substance: 'Penicillin', reaction: 'Anaphylaxis', severity: 'severe', recordedBy: 'Nomvula Nkosi', enteredInError: null });
    await api('POST', url, cookie.nurse, { substance: 'Latex', severity: 'mild' });
    list = await api('GET', url, cookie.manager);
    // Most severe first; "no known allergies" ended by the first allergy.
    expect(list.json()).toMatchObject({ status: 'recorded', noKnownAllergies: null, items: [{ substance: 'Penicillin' }, { substance: 'Latex', reaction: null }] });
    const row = await t.db.selectFrom('people').select(['no_known_allergies_at']).where('id', '=', p).executeTakeFirstOrThrow();
    expect(row.no_known_allergies_at).toBeNull();

    // While an allergy is active, "no known allergies" is a contradiction: 409, naming them.
    const contradiction = await api('PUT', `/api/people/${p}/no-known-allergies`, cookie.nurse);
    expect(contradiction.statusCode).toBe(409);
    expect(contradiction.json().message).toContain('Penicillin, Latex');

    const allergyIds = (list.json().items as { id: string }[]).map((a) => a.id);
    for (const id of allergyIds) {
      const wrong = await api('POST', `/api/allergies/${id}/entered-in-error`, cookie.nurse, { reason: 'Wrong patient' });
      expect(wrong.statusCode, wrong.body).toBe(200);
      expect(wrong.json().enteredInError).toMatchObject({ by: 'Nomvula Nkosi', reason: 'Wrong patient' });
    }
    const again = await api('POST', `/api/allergies/${allergyIds[0]}/entered-in-error`, cookie.nurse, {});
    expect(again.statusCode).toBe(409);
    list = await api('GET', url, cookie.manager);
    expect(list.json()).toMatchObject({ status: 'not-recorded', items: [{ substance: 'Penicillin' }, { substance: 'Latex' }] });
    expect(await t.db.selectFrom('allergies').select('id').where('person_id', '=', p).execute()).toHaveLength(2);
    expect((await api('PUT', `/api/people/${p}/no-known-allergies`, cookie.nurse)).json().status).toBe('none-known');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const p = await person(org);
    const before = await count();
    const cases: [object, string][] = [
      [{ severity: 'severe' }, 'substance'],
      [{ substance: '   ', severity: 'severe' }, 'substance'],
      [{ substance: 'x'.repeat(101), severity: 'severe' }, 'substance'],
      [{ substance: 'Penicillin' }, 'severity'],
      [{ substance: 'Penicillin', severity: 'deadly' }, 'severity'],
      [{ substance: 'Penicillin', severity: 'mild', reaction: 'x'.repeat(201) }, 'reaction'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', `/api/people/${p}/allergies`, cookie.nurse, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    const org2 = await person(org, 'organization');
    expect((await api('POST', `/api/people/${org2}/allergies`, cookie.nurse, { substance: 'Penicillin', severity: 'mild' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('reads with records.view, records with records.write: a Case Manager reads, Support Staff and a law firm do neither', async () => {
    const p = await person(org);
    expect((await api('POST', `/api/people/${p}/allergies`, cookie.manager, { substance: 'Penicillin', severity: 'mild' })).statusCode).toBe(403);
    expect((await api('PUT', `/api/people/${p}/no-known-allergies`, cookie.manager)).statusCode).toBe(403);
    expect((await api('GET', `/api/people/${p}/allergies`, cookie.support)).statusCode).toBe(403);
    expect((await api('GET', `/api/people/${p}/allergies`, cookie.lawyer)).statusCode).toBe(403);
  });

  it("a merge moves the duplicate's allergies to the survivor, whose \"no known allergies\" then ends", async () => {
    const [survivor, duplicate] = [await person(org), await person(org)];
    expect((await api('PUT', `/api/people/${survivor}/no-known-allergies`, cookie.nurse)).statusCode).toBe(200);
    expect((await api('POST', `/api/people/${duplicate}/allergies`, cookie.nurse, { substance: 'Penicillin', severity: 'severe' })).statusCode).toBe(200);
    const merged = await api('POST', `/api/people/${survivor}/merge`, cookie.admin, { duplicateId: duplicate });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await api('GET', `/api/people/${survivor}/allergies`, cookie.nurse)).json()).toMatchObject({ status: 'recorded', noKnownAllergies: null, items: [{ substance: 'Penicillin' }] });
    // The merged-away record takes no new entries.
    expect((await api('POST', `/api/people/${duplicate}/allergies`, cookie.nurse, { substance: 'Latex', severity: 'mild' })).statusCode).toBe(409);
  });

  it("keeps hospitals apart: another hospital's Nurse gets 404 for the person and the allergy, and changes nothing", async () => {
    const p = await person(org);
    const made = (await api('POST', `/api/people/${p}/allergies`, cookie.nurse, { substance: 'Sulfonamides', severity: 'moderate' })).json();
    const before = await count();
    expect((await api('GET', `/api/people/${p}/allergies`, cookie.foreignNurse)).statusCode).toBe(404);
    expect((await api('POST', `/api/people/${p}/allergies`, cookie.foreignNurse, { substance: 'Latex', severity: 'mild' })).statusCode).toBe(404);
    expect((await api('PUT', `/api/people/${p}/no-known-allergies`, cookie.foreignNurse)).statusCode).toBe(404);
    expect((await api('POST', `/api/allergies/${made.id}/entered-in-error`, cookie.foreignNurse, {})).statusCode).toBe(404);
    expect(await count()).toBe(before);
    const row = await t.db.selectFrom('allergies').select('entered_in_error_at').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.entered_in_error_at).toBeNull();
  });
});
