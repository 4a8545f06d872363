import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { SHIPPED_CASE_TYPES } from '../../../shared/domain/case-types';

// Issue 32: case types from a list per platform, and an organisation's own.

let t: TestApp;
const cookies: Record<string, string> = {};
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);

beforeAll(async () => {
  t = await startTestApp();
  const firm = await createOrganization(t.db, 'Dube Attorneys', 'legal');
  const other = await createOrganization(t.db, 'Naidoo Inc', 'legal');
  cookies.admin = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Administrator', firstName: 'Lindiwe' })).email);
  cookies.consultant = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Legal Consultants', firstName: 'Ayesha' })).email);
  cookies.otherAdmin = await signIn(t.app, (await createUser(t.db, { organizationId: other, role: 'Administrator', firstName: 'Vusi' })).email);
});

afterAll(async () => {
  await t?.close();
});

describe('case types (issue 32)', () => {
  it("offers the platform's list, then the organisation's own by name", async () => {
    const before = await api('GET', '/api/case-types', cookies.consultant!);
    expect(before.statusCode).toBe(200);
    expect(names(before.json())).toEqual([...SHIPPED_CASE_TYPES.legal]);

    const added = await api('POST', '/api/case-types', cookies.admin!, { name: '  Section  21 company   liquidation ' });
    expect(added.statusCode, added.body).toBe(200);
    await api('POST', '/api/case-types', cookies.admin!, { name: 'Arbitration' });
    const list = (await api('GET', '/api/case-types', cookies.consultant!)).json();
    expect(names(list).slice(-2)).toEqual(['Arbitration', 'Section 21 company liquidation']);
    expect(list.items.at(-1).id).toEqual(expect.any(String));
    expect(list.items[0].id).toBeNull();
  });

  it('refuses a name already on the list (409 naming it), an empty one (400), and a fee-earner (403)', async () => {
    for (const name of ['arbitration', 'DEBT RECOVERY']) {
      const res = await api('POST', '/api/case-types', cookies.admin!, { name });
      expect(res.statusCode).toBe(409);
      expect(res.json().fields).toHaveProperty('name');
    }
    expect((await api('POST', '/api/case-types', cookies.admin!, { name: '  ' })).statusCode).toBe(400);
    expect((await api('POST', '/api/case-types', cookies.consultant!, { name: 'Mediation' })).statusCode).toBe(403);
  });

  it("removes an own type; another organisation's Administrator cannot (404), and a shipped one is not removable", async () => {
    const own = (await api('GET', '/api/case-types', cookies.admin!)).json().items.find((i: { name: string }) => i.name === 'Arbitration');
    expect((await api('DELETE', `/api/case-types/${own.id}`, cookies.otherAdmin!)).statusCode).toBe(404);
    const removed = await api('DELETE', `/api/case-types/${own.id}`, cookies.admin!);
    expect(removed.statusCode).toBe(200);
    expect(names(removed.json())).not.toContain('Arbitration');
    expect((await api('DELETE', '/api/case-types/Debt%20Recovery', cookies.admin!)).statusCode).toBe(404);
  });
});
