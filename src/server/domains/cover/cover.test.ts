import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Issue 33: a person's cover — cash, or medical aid with scheme, plan, option, membership number,
// dependant code and the main member who holds the account. Through real HTTP on the caller's role.

let t: TestApp;
const cookie: Record<string, string> = {};
const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function person(firstName: string, lastName: string): Promise<string> {
  const res = await api('POST', '/api/people', cookie.admin!, { firstName, lastName });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

let main: string;
let child: string;
let spouse: string;

beforeAll(async () => {
  t = await startTestApp();
  const clinic = await createOrganization(t.db, 'Umhlanga Family Practice');
  const other = await createOrganization(t.db, 'Berea Clinic');
  const firm = await createOrganization(t.db, 'Dube Attorneys', 'legal');
  cookie.admin = await signIn(t.app, (await createUser(t.db, { organizationId: clinic, role: 'Administrator' })).email);
  cookie.nurse = await signIn(t.app, (await createUser(t.db, { organizationId: clinic, role: 'Nurse' })).email);
  cookie.kitchen = await signIn(t.app, (await createUser(t.db, { organizationId: clinic, role: 'Kitchen Worker' })).email);
  cookie.diagnostic = await signIn(t.app, (await createUser(t.db, { organizationId: clinic, role: 'Diagnostic Services' })).email);
  cookie.otherAdmin = await signIn(t.app, (await createUser(t.db, { organizationId: other, role: 'Administrator' })).email);
  cookie.firmAdmin = await signIn(t.app, (await createUser(t.db, { organizationId: firm, role: 'Administrator' })).email);
  main = await person('Sipho', 'Ndlovu');
  child = await person('Lwazi', 'Ndlovu');
  spouse = await person('Zanele', 'Ndlovu');
});

afterAll(async () => {
  await t?.close();
});

const discovery = { kind: 'medical-aid', scheme: 'Discovery Health Medical Scheme', plan: 'Classic', option: 'Comprehensive', membershipNumber: '102938475' };

describe('cover on the person (issue 33)', () => {
  it('reads cash for a person with nothing recorded', async () => {
    const res = await api('GET', `/api/people/${main}/cover`, cookie.nurse!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ personId: main, kind: 'cash', scheme: null, membershipNumber: null, updatedAt: null, dependants: [] });
  });

  it('records a main member (00) and dependants on their membership; the main member lists the family', async () => {
    const own = await api('PUT', `/api/people/${main}/cover`, cookie.nurse!, { ...discovery, dependantCode: '00' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ kind: 'medical-aid', scheme: 'Discovery Health Medical Scheme', dependantCode: '00', mainMemberId: null });
    for (const [who, code] of [[child, '02'], [spouse, '01']] as const) {
      const res = await api('PUT', `/api/people/${who}/cover`, cookie.admin!, { ...discovery, dependantCode: code, mainMemberId: main });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ mainMemberId: main, mainMemberName: 'Sipho Ndlovu', dependantCode: code });
    }
    const family = (await api('GET', `/api/people/${main}/cover`, cookie.nurse!)).json();
    expect(family.dependants).toEqual([
      { personId: spouse, name: 'Zanele Ndlovu', dependantCode: '01' },
      { personId: child, name: 'Lwazi Ndlovu', dependantCode: '02' },
    ]);
    // The person form shows the same scheme, number and main member, and a form opened before is stale.
    const shown = (await api('GET', `/api/people/${child}`, cookie.nurse!)).json();
    expect(shown.person?.medicalAid ?? shown.medicalAid).toEqual({ scheme: 'Discovery Health Medical Scheme', number: '102938475', mainMember: 'Sipho Ndlovu' });
  });

  it('refuses a bad dependant code or a missing membership number with a 400 naming the field, and writes nothing', async () => {
    const before = (await api('GET', `/api/people/${spouse}/cover`, cookie.admin!)).json();
    const cases: Array<[object, string]> = [
      [{ ...discovery, dependantCode: '1', mainMemberId: main }, 'dependantCode'],
      [{ ...discovery, dependantCode: 'AB', mainMemberId: main }, 'dependantCode'],
      [{ kind: 'medical-aid', scheme: 'Bonitas', dependantCode: '01', mainMemberId: main }, 'membershipNumber'],
      [{ kind: 'medical-aid', membershipNumber: '1234', dependantCode: '01', mainMemberId: main }, 'scheme'],
      [{ ...discovery, dependantCode: '01', mainMemberId: spouse }, 'mainMemberId'], // not their own main member
      [{ ...discovery, dependantCode: '01', mainMemberId: child }, 'mainMemberId'], // a dependant is no main member
      [{ ...discovery, dependantCode: '00', mainMemberId: main }, 'mainMemberId'], // 00 is the main member
      [{ ...discovery, dependantCode: '01' }, 'dependantCode'], // a dependant names their main member
    ];
    for (const [body, field] of cases) {
      const res = await api('PUT', `/api/people/${spouse}/cover`, cookie.admin!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await api('GET', `/api/people/${spouse}/cover`, cookie.admin!)).json()).toEqual(before);
  });

  it('turns a person back to cash, clearing the scheme', async () => {
    const res = await api('PUT', `/api/people/${child}/cover`, cookie.admin!, { kind: 'cash', scheme: 'ignored' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'cash', scheme: null, membershipNumber: null, dependantCode: null, mainMemberId: null });
  });

  it('keeps other organisations (404), roles without people (403) and the legal platform (403) out', async () => {
    expect((await api('GET', `/api/people/${main}/cover`, cookie.otherAdmin!)).statusCode).toBe(404);
    expect((await api('PUT', `/api/people/${main}/cover`, cookie.otherAdmin!, { kind: 'cash' })).statusCode).toBe(404);
    expect((await api('GET', `/api/people/${main}/cover`, cookie.kitchen!)).statusCode).toBe(403);
    // Diagnostic Services reads people but does not manage them.
    expect((await api('GET', `/api/people/${main}/cover`, cookie.diagnostic!)).statusCode).toBe(200);
    expect((await api('PUT', `/api/people/${main}/cover`, cookie.diagnostic!, { kind: 'cash' })).statusCode).toBe(403);
    expect((await api('GET', `/api/people/${main}/cover`, cookie.firmAdmin!)).statusCode).toBe(403);
  });
});
