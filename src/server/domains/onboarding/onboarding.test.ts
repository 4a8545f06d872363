import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMinutes, nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, startTestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
const count = async (table: 'trial_requests' | 'registration_requests') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const TRIAL = {
  organizationName: '  Umhlanga Day Clinic ',
  organizationType: 'Clinic',
  contactPersonName: 'Dr Naledi Khumalo',
  email: 'Naledi@UmhlangaClinic.example',
  phone: '+27 31 555 0100',
  city: 'Umhlanga',
  province: 'KwaZulu-Natal',
  estimatedBeds: '24',
  estimatedStaff: '',
  currentSystem: 'Paper files',
  howDidYouHear: 'Referral',
  specificNeeds: 'Bed management for a small ward.',
};

describe('POST /api/trial-signup', () => {
  it('stores the request as pending and answers with the confirmation of SPEC §8', async () => {
    const res = await post('/api/trial-signup', TRIAL);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, id: expect.any(String), message: "Your trial request has been submitted successfully. You'll receive an email once it's approved." });
    const row = await t.db.selectFrom('trial_requests').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      organization_name: 'Umhlanga Day Clinic', organization_type: 'Clinic', contact_person_name: 'Dr Naledi Khumalo',
      email: 'naledi@umhlangaclinic.example', phone: '+27 31 555 0100', city: 'Umhlanga', province: 'KwaZulu-Natal',
      estimated_beds: 24, estimated_staff: null, current_system: 'Paper files', how_did_you_hear: 'Referral',
      specific_needs: 'Bed management for a small ward.', status: 'pending', reviewed_by: null, organization_id: null,
    });
  });

  it('needs only the four required fields; empty optional choices and numbers mean unset', async () => {
    const res = await post('/api/trial-signup', { organizationName: 'Soweto Care Home', organizationType: 'Nursing Home', contactPersonName: 'Thabo Mokoena', email: 'thabo@sowetocare.example', province: '', howDidYouHear: '', estimatedBeds: null, estimatedStaff: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.selectFrom('trial_requests').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: null, city: null, province: null, estimated_beds: null, estimated_staff: 0, how_did_you_hear: null, specific_needs: null });
  });

  it('answers a missing or empty form with the exact messages of SPEC §5, storing nothing', async () => {
    const before = await count('trial_requests');
    for (const payload of [{}, { organizationName: '   ', organizationType: '', contactPersonName: ' ', email: '' }]) {
      const res = await post('/api/trial-signup', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        organizationName: 'Organization name is required',
        organizationType: 'Organization type is required',
        contactPersonName: 'Contact person name is required',
        email: 'Valid email is required',
      });
    }
    expect(await count('trial_requests')).toBe(before);
  });

  it('rejects wrong values, wrong types and oversized fields with a 400 naming the field, storing nothing', async () => {
    const before = await count('trial_requests');
    const cases: Array<[object, string, string]> = [
      [{ organizationType: 'Car Dealership' }, 'organizationType', 'Organization type is required'],
      // SPEC §3.7's fields name no platform: such a request is healthcare, where a law firm does not belong.
      [{ organizationType: 'Law Firm' }, 'organizationType', 'Choose an organisation type of the Healthcare platform: Hospital, Clinic, Health Center, Private Practice, Nursing Home'],
      [{ platform: 'legal', organizationType: 'Hospital' }, 'organizationType', "Choose an organisation type of the Legal platform: Law Firm, Legal Practice, Advocates' Chambers, Legal Aid Office"],
      [{ platform: 'medicolegal', organizationType: 'Law Firm' }, 'organizationType', expect.stringContaining("Medicolegal platform: State Attorney's Office, Government Department, Provincial Health Department Legal Services")],
      [{ platform: '' }, 'platform', 'Platform is required'],
      [{ platform: 'finance' }, 'platform', 'Platform is required'],
      [{ email: 'not-an-email' }, 'email', 'Valid email is required'],
      [{ email: `${'a'.repeat(250)}@x.example` }, 'email', 'Valid email is required'],
      [{ organizationName: 'x'.repeat(201) }, 'organizationName', 'Keep this under 200 characters'],
      [{ organizationName: 7 }, 'organizationName', 'Organization name is required'],
      [{ province: 'Atlantis' }, 'province', expect.stringContaining('Province must be one of Western Cape')],
      [{ howDidYouHear: 'Billboard' }, 'howDidYouHear', expect.stringContaining('Choose one of Google Search')],
      [{ estimatedBeds: '12.5' }, 'estimatedBeds', 'Estimated beds must be a whole number'],
      [{ estimatedBeds: 'many' }, 'estimatedBeds', 'Estimated beds must be a whole number'],
      [{ estimatedStaff: -1 }, 'estimatedStaff', 'Estimated staff cannot be negative'],
      [{ estimatedStaff: 100_001 }, 'estimatedStaff', expect.stringContaining('Estimated staff must be at most')],
      [{ phone: 'call me maybe' }, 'phone', 'Enter a valid phone number, e.g. +27 21 123 4567'],
      [{ city: 'c'.repeat(101) }, 'city', 'Keep this under 100 characters'],
      [{ currentSystem: 's'.repeat(201) }, 'currentSystem', 'Keep this under 200 characters'],
      [{ specificNeeds: 'n'.repeat(5001) }, 'specificNeeds', 'Keep this under 5000 characters'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/api/trial-signup', { ...TRIAL, email: 'fresh@clinic.example', ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toEqual(message);
    }
    expect(await count('trial_requests')).toBe(before);
  });

  it('refuses a second pending request for the same e-mail within 24 hours with a 409, storing no duplicate', async () => {
    const email = 'repeat@clinic.example';
    expect((await post('/api/trial-signup', { ...TRIAL, email })).statusCode).toBe(200);
    const before = await count('trial_requests');
    const again = await post('/api/trial-signup', { ...TRIAL, email: ' REPEAT@Clinic.example ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A trial request for this e-mail address is already awaiting review. You will hear from us within 24 hours.');
    expect(await count('trial_requests')).toBe(before);

    // Once the earlier request is older than 24 hours, or no longer pending, a new one is taken.
    await t.db.updateTable('trial_requests').set({ created_at: addMinutes(nowIso(), -24 * 60 - 1) }).where('email', '=', email).execute();
    expect((await post('/api/trial-signup', { ...TRIAL, email })).statusCode).toBe(200);
    await t.db.updateTable('trial_requests').set({ status: 'approved' }).where('email', '=', email).execute();
    expect((await post('/api/trial-signup', { ...TRIAL, email })).statusCode).toBe(200);
    expect(await count('trial_requests')).toBe(before + 2);
  });

  it('takes the platform and one of its organisation types, on all three platforms', async () => {
    const offered: Array<[string, string]> = [
      ['healthcare', 'Nursing Home'],
      ['legal', 'Law Firm'], ['legal', 'Legal Practice'], ['legal', "Advocates' Chambers"],
      ['medicolegal', "State Attorney's Office"], ['medicolegal', 'Government Department'], ['medicolegal', 'Provincial Health Department Legal Services'],
    ];
    for (const [n, [platform, organizationType]] of offered.entries()) {
      // Each from its own address: the hourly allowance of one address is not what this test is about.
      const res = await t.app.inject({
        method: 'POST', url: '/api/trial-signup', remoteAddress: `203.0.113.${n + 1}`, headers: { origin: ORIGIN },
        payload: { ...TRIAL, platform, organizationType, email: `types-${n}@types.example` },
      });
      expect(res.statusCode, `${platform} ${organizationType}: ${res.body}`).toBe(200);
      const row = await t.db.selectFrom('trial_requests').select(['platform', 'organization_type']).where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(row).toEqual({ platform, organization_type: organizationType });
    }
  });

  it('is also served as the tRPC procedure onboarding.submitTrial', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/onboarding.submitTrial', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: { ...TRIAL, email: 'trpc@clinic.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.success).toBe(true);
  });
});

const REGISTRATION = {
  organizationName: 'Mthatha Legal Aid',
  contactPerson: 'Adv. Sizwe Dlamini',
  email: 'Sizwe@MthathaLegal.example',
  phone: '047 555 0199',
  organizationType: 'legal_practice',
  platform: 'legal',
  userCount: '11-50',
  message: 'We would like a demo for our litigation team.',
};

describe('POST /api/registration-requests', () => {
  it('stores the request and answers with the promise of SPEC §8', async () => {
    const res = await post('/api/registration-requests', REGISTRATION);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Our team will contact you within 24 hours to set up your account.' });
    const row = await t.db.selectFrom('registration_requests').selectAll().where('email', '=', 'sizwe@mthathalegal.example').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organization_name: 'Mthatha Legal Aid', contact_person: 'Adv. Sizwe Dlamini', phone: '047 555 0199', organization_type: 'legal_practice', platform: 'legal', user_count: '11-50', message: 'We would like a demo for our litigation team.' });
  });

  it('needs only organisation, contact person and e-mail', async () => {
    const res = await post('/api/registration-requests', { organizationName: 'Kimberley Clinic', contactPerson: 'Anele', email: 'anele@kimberley.example', platform: '', userCount: '' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.selectFrom('registration_requests').selectAll().where('email', '=', 'anele@kimberley.example').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: null, organization_type: null, platform: null, user_count: null, message: null });
  });

  it('rejects bad input with a 400 naming each field, storing nothing', async () => {
    const before = await count('registration_requests');
    const missing = await post('/api/registration-requests', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      organizationName: 'Organization name is required',
      contactPerson: 'Contact person is required',
      email: 'Valid email is required',
    });
    const cases: Array<[object, string]> = [
      [{ email: 'nope' }, 'email'],
      [{ organizationType: 'Hospital' }, 'organizationType'],
      [{ platform: 'finance' }, 'platform'],
      [{ userCount: '1000' }, 'userCount'],
      [{ phone: '+27 '.repeat(20) }, 'phone'],
      [{ contactPerson: 'p'.repeat(201) }, 'contactPerson'],
      [{ message: 'm'.repeat(5001) }, 'message'],
      [{ organizationName: { name: 'x' } }, 'organizationName'],
    ];
    for (const [change, field] of cases) {
      const res = await post('/api/registration-requests', { ...REGISTRATION, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect(await count('registration_requests')).toBe(before);
  });
});

describe('flood protection of the public forms', () => {
  it('refuses an address past its hourly allowance with a clear 429, storing nothing, while other addresses go on', async () => {
    const limited = await startTestApp({ PUBLIC_FORMS_PER_HOUR: '2' });
    try {
      const submit = (remoteAddress: string, n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/registration-requests',
          remoteAddress,
          headers: { origin: ORIGIN },
          payload: { organizationName: `Clinic ${n}`, contactPerson: 'Lerato Khumalo', email: `lerato${n}@clinic.example` },
        });
      expect((await submit('198.51.100.7', 1)).statusCode).toBe(200);
      expect((await submit('198.51.100.7', 2)).statusCode).toBe(200);
      const refused = await submit('198.51.100.7', 3);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests from your network/);
      expect((await submit('198.51.100.8', 4)).statusCode).toBe(200);
      const stored = await limited.db.selectFrom('registration_requests').select('organization_name').execute();
      expect(stored.map((r) => r.organization_name).sort()).toEqual(['Clinic 1', 'Clinic 2', 'Clinic 4']);
    } finally {
      await limited.close();
    }
  });
});
