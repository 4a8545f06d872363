import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Issue 33: the practice's identity on its accounts — the BHF practice number (7 digits), the VAT
// number (a registered vendor charges VAT), banking details for statements, and each treating
// clinician's own practitioner number.

let t: TestApp;
const cookie: Record<string, string> = {};
const ids: Record<string, string> = {};
const api = (method: 'GET' | 'PUT', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who, origin: ORIGIN }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await startTestApp();
  const clinic = await createOrganization(t.db, 'Umhlanga Family Practice');
  const other = await createOrganization(t.db, 'Berea Clinic');
  const firm = await createOrganization(t.db, 'Dube Attorneys', 'legal');
  const users = {
    admin: await createUser(t.db, { organizationId: clinic, role: 'Administrator', firstName: 'Lindiwe' }),
    manager: await createUser(t.db, { organizationId: clinic, role: 'Case Manager', firstName: 'Fatima' }),
    doctor: await createUser(t.db, { organizationId: clinic, role: 'Doctor', firstName: 'Anisha' }),
    kitchen: await createUser(t.db, { organizationId: clinic, role: 'Kitchen Worker', firstName: 'Eunice' }),
    otherDoctor: await createUser(t.db, { organizationId: other, role: 'Doctor', firstName: 'Vusi' }),
    otherAdmin: await createUser(t.db, { organizationId: other, role: 'Administrator', firstName: 'Pieter' }),
    firmAdmin: await createUser(t.db, { organizationId: firm, role: 'Administrator', firstName: 'Charlene' }),
  };
  for (const [key, user] of Object.entries(users)) {
    ids[key] = user.id;
    cookie[key] = await signIn(t.app, user.email);
  }
});

afterAll(async () => {
  await t?.close();
});

const bank = { bankName: 'FNB', accountName: 'Umhlanga Family Practice', accountNumber: '62812345678', branchCode: '250655', accountType: 'cheque' };

describe('practice identity (issue 33)', () => {
  it('starts empty and lists the treating clinicians only', async () => {
    const res = await api('GET', '/api/billing/settings', cookie.manager!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ practiceNumber: null, vatNumber: null, bankDetails: null, registeredVendor: false });
    expect(res.json().practitioners).toEqual([{ userId: ids.doctor, name: 'Anisha Nkosi', role: 'Doctor', practitionerNumber: null }]);
  });

  it('saves the practice number, VAT number and banking details; a VAT number makes it a registered vendor', async () => {
    const res = await api('PUT', '/api/billing/settings', cookie.admin!, { practiceNumber: '541 2345', vatNumber: '4123456789', bankDetails: bank });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ practiceNumber: '5412345', vatNumber: '4123456789', registeredVendor: true, bankDetails: bank });
    const again = await api('PUT', '/api/billing/settings', cookie.admin!, { practiceNumber: '5412345' });
    expect(again.json()).toMatchObject({ vatNumber: null, registeredVendor: false, bankDetails: null });
  });

  it('refuses a practice number that is not 7 digits, a bad VAT number or branch code (400 naming the field), writing nothing', async () => {
    await api('PUT', '/api/billing/settings', cookie.admin!, { practiceNumber: '5412345', vatNumber: '4123456789' });
    for (const [body, field] of [
      [{ practiceNumber: '541234' }, 'practiceNumber'],
      [{ practiceNumber: '5412345', vatNumber: '5123456789' }, 'vatNumber'],
      [{ practiceNumber: '5412345', bankDetails: { ...bank, branchCode: '25' } }, 'bankDetails.branchCode'],
    ] as const) {
      const res = await api('PUT', '/api/billing/settings', cookie.admin!, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect((await api('GET', '/api/billing/settings', cookie.admin!)).json()).toMatchObject({ practiceNumber: '5412345', vatNumber: '4123456789' });
  });

  it("sets a clinician's practitioner number; refuses a non-clinician, another organisation's member and a bad number", async () => {
    const set = await api('PUT', `/api/users/${ids.doctor}/practitioner-number`, cookie.admin!, { practitionerNumber: '0312345' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().practitioners).toEqual([{ userId: ids.doctor, name: 'Anisha Nkosi', role: 'Doctor', practitionerNumber: '0312345' }]);
    const kitchen = await api('PUT', `/api/users/${ids.kitchen}/practitioner-number`, cookie.admin!, { practitionerNumber: '0312346' });
    expect(kitchen.statusCode).toBe(400);
    expect(kitchen.json().fields).toHaveProperty('userId');
    expect((await api('PUT', `/api/users/${ids.otherDoctor}/practitioner-number`, cookie.admin!, { practitionerNumber: '0312346' })).statusCode).toBe(404);
    const bad = await api('PUT', `/api/users/${ids.doctor}/practitioner-number`, cookie.admin!, { practitionerNumber: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('practitionerNumber');
    const cleared = await api('PUT', `/api/users/${ids.doctor}/practitioner-number`, cookie.admin!, { practitionerNumber: '' });
    expect(cleared.json().practitioners[0].practitionerNumber).toBeNull();
  });

  it('lets only the Administrator change it, only those who bill read it, and keeps tenants and the legal platform apart', async () => {
    expect((await api('PUT', '/api/billing/settings', cookie.manager!, { practiceNumber: '1111111' })).statusCode).toBe(403);
    expect((await api('GET', '/api/billing/settings', cookie.doctor!)).statusCode).toBe(403);
    expect((await api('GET', '/api/billing/settings', cookie.kitchen!)).statusCode).toBe(403);
    expect((await api('GET', '/api/billing/settings', cookie.otherAdmin!)).json()).toMatchObject({ practiceNumber: null });
    expect((await api('GET', '/api/billing/settings', cookie.firmAdmin!)).statusCode).toBe(403);
  });
});
