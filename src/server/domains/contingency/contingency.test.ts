import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../../shared/calendar';
import { CONTINGENCY_ITEM_IDS } from '../../../shared/domain/contingency';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Contingency-fee agreements (issue 34) as a firm meets them: the matter's fee-earner records the
// agreement and amends it (versions, never edits; a stale version is 409, also when two amend at once);
// an uplift above 100% is refused by name; the success fee on the statute's example — R2 000 000
// award, R300 000 normal fees, 100% uplift — is R500 000, the 25% cap (by hand: 300 000 × 2 = 600 000 >
// 2 000 000 ÷ 4 = 500 000), VAT inside it for a VAT vendor; a fee-earner off the matter, another firm
// and a State unit that acts for no claimant reach none of it.

let t: TestApp;
let matter: string;
let bare: string;
let stateMatter: string;
const c: Record<'admin' | 'finance' | 'onTeam' | 'offTeam' | 'otherFinance' | 'stateAdmin' | 'stateFinance', string> = {
  admin: '',
  finance: '',
  onTeam: '',
  offTeam: '',
  otherFinance: '',
  stateAdmin: '',
  stateFinance: '',
};
const today = dayKey();
const agreement = {
  upliftPercent: 100,
  normalFeeBasis: 'Attorney-and-client tariff, R2 500/hour',
  signedOn: today,
  items: ['prescribed-form', 'signed-by-client-and-attorney', 'proceedings-stated'],
};

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie, origin: ORIGIN }, payload });
const feeUrl = (caseId: string, awardCents: number, normalFeesCents: number) =>
  `/api/patient-cases/${caseId}/contingency-fee?awardCents=${awardCents}&normalFeesCents=${normalFeesCents}`;

beforeAll(async () => {
  t = await startTestApp();
  const firm = await createOrganization(t.db, 'Dlamini Attorneys', 'legal');
  const other = await createOrganization(t.db, 'Other Attorneys', 'legal');
  const state = await createOrganization(t.db, 'State Attorney', 'medicolegal');
  const user = async (key: keyof typeof c, organizationId: string, role: string) => {
    const u = await createUser(t.db, { organizationId, role });
    c[key] = await signIn(t.app, u.email);
    return u;
  };
  await user('admin', firm, 'Administrator');
  await user('finance', firm, 'Finance Staff');
  const onTeam = await user('onTeam', firm, 'Legal Consultants');
  await user('offTeam', firm, 'Legal Consultants');
  await user('otherFinance', other, 'Finance Staff');
  await user('stateAdmin', state, 'Administrator');
  await user('stateFinance', state, 'Finance Staff');
  matter = await createCase(t.db, firm);
  bare = await createCase(t.db, firm);
  stateMatter = await createCase(t.db, state);
  await addTeamMember(t.db, firm, matter, onTeam.id, 'responsible-attorney');
});
afterAll(async () => t?.close());

describe('the agreement', () => {
  it('is recorded by the matter’s fee-earner as version 1 and read back with its s3 checklist', async () => {
    const before = await get(`/api/patient-cases/${matter}/contingency-agreement`, c.onTeam);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ agreement: null, history: [] });

    const res = await put(`/api/patient-cases/${matter}/contingency-agreement`, c.onTeam, agreement);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, upliftPercent: 100, normalFeeBasis: agreement.normalFeeBasis, signedOn: today, complete: false });

    const read = (await get(`/api/patient-cases/${matter}/contingency-agreement`, c.finance)).json();
    expect(read.agreement).toMatchObject({ version: 1, upliftPercent: 100, complete: false });
    expect(read.agreement.recordedBy).toBeTruthy();
    // Every s3 item, in the Act's order, ticked as confirmed.
    expect(read.agreement.items.map((i: { id: string }) => i.id)).toEqual(CONTINGENCY_ITEM_IDS);
    expect(read.agreement.items.filter((i: { checked: boolean }) => i.checked).map((i: { id: string }) => i.id)).toEqual(agreement.items);
    expect(read.agreement.items[0].label).toMatch(/prescribed/);
    expect(read.history).toHaveLength(1);
  });

  it('refuses an uplift above 100%, a future signature and an unknown checklist item by name, and writes nothing', async () => {
    const tomorrow = dayKey(new Date(Date.now() + 36 * 3_600_000));
    const bad = await put(`/api/patient-cases/${matter}/contingency-agreement`, c.onTeam, {
      ...agreement,
      upliftPercent: 120,
      signedOn: tomorrow,
      items: ['no-such-item'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.upliftPercent).toMatch(/100/);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['upliftPercent', 'signedOn']));
    expect(Object.keys(bad.json().fields).some((f) => f.startsWith('items'))).toBe(true);
    expect((await get(`/api/patient-cases/${matter}/contingency-agreement`, c.onTeam)).json().history).toHaveLength(1);
  });

  it('is amended as a new version; a stale version is 409 with the version in force, also when two amend at once', async () => {
    const amended = await put(`/api/patient-cases/${matter}/contingency-agreement`, c.finance, {
      ...agreement,
      upliftPercent: 80,
      items: CONTINGENCY_ITEM_IDS,
      version: 1,
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ version: 2, upliftPercent: 80, complete: true });

    const stale = await put(`/api/patient-cases/${matter}/contingency-agreement`, c.onTeam, { ...agreement, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 2, upliftPercent: 80 });

    const racing = await Promise.all(
      [60, 70].map((upliftPercent) => put(`/api/patient-cases/${matter}/contingency-agreement`, c.onTeam, { ...agreement, upliftPercent, version: 2 })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const read = (await get(`/api/patient-cases/${matter}/contingency-agreement`, c.onTeam)).json();
    expect(read.history.map((a: { version: number }) => a.version)).toEqual([3, 2, 1]);
    // Version 1 reads as it was written: nothing is edited.
    expect(read.history[2]).toMatchObject({ version: 1, upliftPercent: 100, complete: false });
  });

  it('writes each version on the matter’s timeline', async () => {
    const kinds = ((await get(`/api/patient-cases/${matter}/timeline`, c.onTeam)).json().items as { kind: string }[]).map((i) => i.kind);
    expect(kinds.filter((k) => k === 'contingency-agreement.signed')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'contingency-agreement.amended')).toHaveLength(2);
  });
});

describe('the success fee', () => {
  it("is the 25% cap on the statute's example: R2 000 000 award, R300 000 normal fees, 100% uplift → R500 000", async () => {
    await put(`/api/patient-cases/${bare}/contingency-agreement`, c.finance, { ...agreement, upliftPercent: 100 });
    const res = await get(feeUrl(bare, 2_000_000_00, 300_000_00), c.finance);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      upliftedCents: 600_000_00,
      capCents: 500_000_00,
      feeCents: 500_000_00,
      limitedBy: 'cap',
      vatVendor: false,
      vatCents: 0,
    });
  });

  it('is the uplifted fees when they are the lesser (R300 000 + 50% = R450 000)', async () => {
    await put(`/api/patient-cases/${bare}/contingency-agreement`, c.finance, { ...agreement, upliftPercent: 50, version: 1 });
    expect((await get(feeUrl(bare, 2_000_000_00, 300_000_00), c.finance)).json()).toMatchObject({
      upliftedCents: 450_000_00,
      feeCents: 450_000_00,
      limitedBy: 'uplift',
      agreementVersion: 2,
    });
  });

  it('keeps a VAT vendor’s fee with its VAT inside the 25% (decision 0066)', async () => {
    expect((await put('/api/fee-settings', c.admin, { vatNumber: '4123456789' })).statusCode).toBe(200);
    // R450 000 + 15% VAT = R517 500 passes the R500 000 cap: R434 782.61 + VAT R65 217.39 = R500 000.
    expect((await get(feeUrl(bare, 2_000_000_00, 300_000_00), c.finance)).json()).toMatchObject({
      upliftedCents: 450_000_00,
      upliftedInclVatCents: 517_500_00,
      capCents: 500_000_00,
      feeCents: 500_000_00,
      feeExclVatCents: 434_782_61,
      vatCents: 65_217_39,
      limitedBy: 'cap',
      vatVendor: true,
    });
  });

  it('is 409 on a matter with no agreement, and names a bad award', async () => {
    const other = await createCase(
      t.db,
      (await t.db.selectFrom('organizations').select('id').where('name', '=', 'Dlamini Attorneys').executeTakeFirstOrThrow()).id,
    );
    const none = await get(feeUrl(other, 1_000_00, 1_000_00), c.finance);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no contingency-fee agreement/);
    const bad = await get(`/api/patient-cases/${bare}/contingency-fee?awardCents=abc&normalFeesCents=100`, c.finance);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('awardCents');
  });
});

describe('who reaches none of it', () => {
  it('a fee-earner off the matter’s team: 403 on every call', async () => {
    const tries = [
      get(`/api/patient-cases/${matter}/contingency-agreement`, c.offTeam),
      put(`/api/patient-cases/${matter}/contingency-agreement`, c.offTeam, agreement),
      get(feeUrl(matter, 1_000_00, 1_000_00), c.offTeam),
    ];
    expect((await Promise.all(tries)).map((r) => r.statusCode)).toEqual([403, 403, 403]);
  });

  it('another firm: 404 on every call, and nothing changes', async () => {
    const before = (await get(`/api/patient-cases/${matter}/contingency-agreement`, c.finance)).body;
    const tries = [
      get(`/api/patient-cases/${matter}/contingency-agreement`, c.otherFinance),
      put(`/api/patient-cases/${matter}/contingency-agreement`, c.otherFinance, agreement),
      get(feeUrl(matter, 1_000_00, 1_000_00), c.otherFinance),
    ];
    expect((await Promise.all(tries)).map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect((await get(`/api/patient-cases/${matter}/contingency-agreement`, c.finance)).body).toBe(before);
  });

  it('a State unit that acts for no claimant: 403, it bills nobody — until it acts for claimants', async () => {
    const tries = [
      get(`/api/patient-cases/${stateMatter}/contingency-agreement`, c.stateFinance),
      put(`/api/patient-cases/${stateMatter}/contingency-agreement`, c.stateFinance, agreement),
      get(feeUrl(stateMatter, 1_000_00, 1_000_00), c.stateFinance),
    ];
    const answers = await Promise.all(tries);
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(answers[0]!.json().message).toMatch(/bills nobody/);
    expect(await t.db.selectFrom('contingency_agreements').select('id').where('case_id', '=', stateMatter).execute()).toEqual([]);
    // Once its Administrator says it acts for claimants, it records agreements like any firm.
    expect((await put('/api/fee-settings', c.stateAdmin, { actsForClaimants: true })).json()).toMatchObject({ bills: true });
    expect((await put(`/api/patient-cases/${stateMatter}/contingency-agreement`, c.stateFinance, agreement)).statusCode).toBe(200);
  });
});
