import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

let t: TestApp;
let orgA: string;
let orgB: string;
let adminA: string;
let directorA: string;
let nurseA: string;
let patientA: string;
let adminB: string;
let integrationB: string;

beforeAll(async () => {
  t = await startTestApp();
  orgA = await createOrganization(t.db, 'Amahle Clinic');
  orgB = await createOrganization(t.db, 'Bongani Hospital');
  adminA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Administrator' })).email);
  directorA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Director' })).email);
  nurseA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Nurse' })).email);
  patientA = await signIn(t.app, (await createUser(t.db, { organizationId: orgA, role: 'Patient' })).email);
  adminB = await signIn(t.app, (await createUser(t.db, { organizationId: orgB, role: 'Administrator' })).email);
  integrationB = await insertIntegration(orgB, 'Zoho CRM', 'connected', '2026-01-10T08:00:00.000Z');
});
afterAll(() => t.close());

async function insertIntegration(organizationId: string, name: string, status: string, lastSync: string | null, configuration: object = {}) {
  const id = randomUUID();
  const now = nowIso();
  await t.db.insertInto('crm_integrations').values({ id, organization_id: organizationId, name, status, last_sync: lastSync, configuration: JSON.stringify(configuration), created_at: now, updated_at: now }).execute();
  return id;
}

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

const row = (id: string) => t.db.selectFrom('crm_integrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countIntegrations = async () =>
  Number((await t.db.selectFrom('crm_integrations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** PATCHes the status and checks the server stamped lastSync (or not) within the call. */
async function setStatus(id: string, status: string, extra: object = {}) {
  await tick();
  const before = nowIso();
  const res = await api('PATCH', `/api/crm-integrations/${id}`, adminA, { status, ...extra });
  const after = nowIso();
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as { status: string; lastSync: string | null; updatedAt: string }, before, after };
}

describe('list', () => {
  it("answers the organisation's integrations in the shape of SPEC §3.5, and nothing of another organisation", async () => {
    const id = await insertIntegration(orgA, 'Salesforce Health Cloud', 'error', '2026-02-01T09:30:00.000Z', { syncFrequency: 'hourly', objects: ['contacts'] });
    const res = await api('GET', '/api/crm-integrations', nurseA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id, name: 'Salesforce Health Cloud', status: 'error', lastSync: '2026-02-01T09:30:00.000Z', configuration: { syncFrequency: 'hourly', objects: ['contacts'] }, createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    expect((await api('GET', '/api/crm-integrations', adminB)).json().map((i: { id: string }) => i.id)).toEqual([integrationB]);
  });

  it('refuses a role without crm.view and callers who are not signed in', async () => {
    expect((await api('GET', '/api/crm-integrations', patientA)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/crm-integrations' })).statusCode).toBe(401);
  });
});

describe('create', () => {
  it('adds a disconnected integration that has never synced, with names unique per organisation ignoring case', async () => {
    const res = await api('POST', '/api/crm-integrations', directorA, { name: '  HubSpot ', configuration: { syncFrequency: 'daily' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'HubSpot', status: 'disconnected', lastSync: null, configuration: { syncFrequency: 'daily' } });
    expect(await row(res.json().id)).toMatchObject({ organization_id: orgA, name: 'HubSpot', status: 'disconnected', last_sync: null });

    const before = await countIntegrations();
    const duplicate = await api('POST', '/api/crm-integrations', adminA, { name: 'hubspot' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields).toEqual({ name: 'An integration with this name already exists' });
    expect(await countIntegrations()).toBe(before);

    // Another organisation may use the same name.
    expect((await api('POST', '/api/crm-integrations', adminB, { name: 'HUBSPOT' })).statusCode).toBe(200);
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name of the wrong type', { name: 7 }, 'name'],
    ['an oversized name', { name: 'x'.repeat(101) }, 'name'],
    ['a configuration that is not an object', { name: 'Pipedrive', configuration: ['a'] }, 'configuration'],
    ['an oversized configuration', { name: 'Pipedrive', configuration: { blob: 'x'.repeat(10_001) } }, 'configuration'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_name, payload, field) => {
    const before = await countIntegrations();
    const res = await api('POST', '/api/crm-integrations', adminA, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await countIntegrations()).toBe(before);
  });

  it('is refused to a role without crm.manage', async () => {
    const before = await countIntegrations();
    expect((await api('POST', '/api/crm-integrations', nurseA, { name: 'Pipedrive' })).statusCode).toBe(403);
    expect(await countIntegrations()).toBe(before);
  });
});

describe('status transitions (SPEC §4)', () => {
  it('connect stamps lastSync with the server time, ignoring the client clock; disconnect and error keep it', async () => {
    const id = await insertIntegration(orgA, 'Microsoft Dynamics 365', 'disconnected', null);

    const connected = await setStatus(id, 'connected', { lastSync: '1999-12-31T23:59:59.000Z' });
    expect(connected.body.status).toBe('connected');
    expect(connected.body.lastSync! >= connected.before && connected.body.lastSync! <= connected.after).toBe(true);
    expect((await row(id)).last_sync).toBe(connected.body.lastSync);

    const disconnected = await setStatus(id, 'disconnected', { lastSync: nowIso() });
    expect(disconnected.body).toMatchObject({ status: 'disconnected', lastSync: connected.body.lastSync });
    expect(disconnected.body.updatedAt >= disconnected.before).toBe(true);

    const failed = await setStatus(id, 'error');
    expect(failed.body).toMatchObject({ status: 'error', lastSync: connected.body.lastSync });
    expect(await row(id)).toMatchObject({ status: 'error', last_sync: connected.body.lastSync });
  });

  it('force sync sets syncing with a new lastSync, may be repeated, and finishing it connects with a new lastSync', async () => {
    const id = await insertIntegration(orgA, 'Zoho CRM', 'connected', '2026-01-01T00:00:00.000Z');
    const syncing = await setStatus(id, 'syncing');
    expect(syncing.body.status).toBe('syncing');
    expect(syncing.body.lastSync! >= syncing.before && syncing.body.lastSync! <= syncing.after).toBe(true);

    const again = await setStatus(id, 'syncing');
    expect(again.body.status).toBe('syncing');
    expect(again.body.lastSync! > syncing.body.lastSync!).toBe(true);

    const done = await setStatus(id, 'connected');
    expect(done.body.status).toBe('connected');
    expect(done.body.lastSync! > again.body.lastSync!).toBe(true);
  });

  it.each([
    ['an unknown status', { status: 'paused' }, 'status'],
    ['a missing status', {}, 'status'],
    ['a status of the wrong case', { status: 'Connected' }, 'status'],
    ['a lastSync of the wrong type', { status: 'connected', lastSync: 12 }, 'lastSync'],
    ['an oversized lastSync', { status: 'connected', lastSync: 'x'.repeat(65) }, 'lastSync'],
  ])('refuses %s with a 400 naming the field, leaving the integration unchanged', async (_name, payload, field) => {
    const id = await insertIntegration(orgA, `Pipedrive ${randomUUID()}`, 'error', '2026-03-01T10:00:00.000Z');
    const before = await row(id);
    const res = await api('PATCH', `/api/crm-integrations/${id}`, adminA, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await row(id)).toEqual(before);
  });

  it("answers 404 for another organisation's integration and leaves it unchanged", async () => {
    const before = await row(integrationB);
    const res = await api('PATCH', `/api/crm-integrations/${integrationB}`, adminA, { status: 'disconnected' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Zoho');
    expect((await api('PATCH', '/api/crm-integrations/no-such-id', adminA, { status: 'connected' })).statusCode).toBe(404);
    expect(await row(integrationB)).toEqual(before);
  });

  it('is refused to a role without crm.manage', async () => {
    const id = await insertIntegration(orgA, 'Freshsales', 'disconnected', null);
    const before = await row(id);
    expect((await api('PATCH', `/api/crm-integrations/${id}`, nurseA, { status: 'connected' })).statusCode).toBe(403);
    expect((await api('PATCH', `/api/crm-integrations/${id}`, patientA, { status: 'connected' })).statusCode).toBe(403);
    expect(await row(id)).toEqual(before);
  });
});

describe('secrets in the configuration (issue 16)', () => {
  // The rule: keys that contain key, secret, token or password (any case, any depth) never leave
  // the server; holders of crm.manage see whether each is set, others not even that.
  const SECRETS = ['sk-live-4f9a', 'hunter2-db', 'tok-refresh-77', 'oauth-cs-19', 'API-XYZ'];
  const configuration = {
    syncFrequency: 'daily',
    apiKey: 'sk-live-4f9a',
    Password: 'hunter2-db',
    oauth: { clientId: 'casebridge', clientSecret: 'oauth-cs-19', refreshTOKEN: 'tok-refresh-77' },
    API_KEY: 'API-XYZ',
    webhookSecret: '',
  };
  const expectNoSecret = (body: string) => {
    for (const secret of SECRETS) expect(body).not.toContain(secret);
  };

  it('are never answered; managers see set / not set by path, viewers see neither', async () => {
    const created = await api('POST', '/api/crm-integrations', adminA, { name: `Secretive ${randomUUID()}`, configuration });
    expect(created.statusCode, created.body).toBe(200);
    expectNoSecret(created.body);
    const { id } = created.json();
    const expected = { syncFrequency: 'daily', oauth: { clientId: 'casebridge' } };
    expect(created.json().configuration).toEqual(expected);
    expect(created.json().secretsSet).toEqual({ apiKey: true, Password: true, 'oauth.clientSecret': true, 'oauth.refreshTOKEN': true, API_KEY: true, webhookSecret: false });

    // The database keeps them: the integration needs them.
    expect(JSON.parse((await row(id)).configuration)).toMatchObject({ apiKey: 'sk-live-4f9a', oauth: { clientSecret: 'oauth-cs-19' } });

    for (const [who, cookie] of [['director', directorA], ['nurse', nurseA]] as const) {
      const list = await api('GET', '/api/crm-integrations', cookie);
      expect(list.statusCode, who).toBe(200);
      expectNoSecret(list.body);
      const mine = list.json().find((i: { id: string }) => i.id === id);
      expect(mine.configuration, who).toEqual(expected);
      if (who === 'nurse') expect(mine, who).not.toHaveProperty('secretsSet');
      else expect(mine.secretsSet, who).toMatchObject({ apiKey: true, webhookSecret: false });
    }
    const viaTrpc = await t.app.inject({ method: 'GET', url: '/trpc/crm.list', headers: { cookie: nurseA } });
    expect(viaTrpc.statusCode).toBe(200);
    expectNoSecret(viaTrpc.body);
  });

  it('an update that leaves a secret out or blank keeps it; a new value replaces it; null removes it', async () => {
    const { id } = (await api('POST', '/api/crm-integrations', adminA, { name: `Keeper ${randomUUID()}`, configuration })).json();
    // The screen sends back what it was shown, changed: no secrets, one left blank.
    const edited = await api('PATCH', `/api/crm-integrations/${id}`, adminA, {
      configuration: { syncFrequency: 'hourly', oauth: { clientId: 'casebridge-2' }, apiKey: '' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expectNoSecret(edited.body);
    expect(edited.json().configuration).toEqual({ syncFrequency: 'hourly', oauth: { clientId: 'casebridge-2' } });
    expect(JSON.parse((await row(id)).configuration)).toEqual({
      syncFrequency: 'hourly',
      apiKey: 'sk-live-4f9a',
      Password: 'hunter2-db',
      oauth: { clientId: 'casebridge-2', clientSecret: 'oauth-cs-19', refreshTOKEN: 'tok-refresh-77' },
      API_KEY: 'API-XYZ',
      webhookSecret: '',
    });

    const replaced = await api('PATCH', `/api/crm-integrations/${id}`, adminA, { configuration: { apiKey: 'sk-live-NEW', Password: null } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.body).not.toContain('sk-live-NEW');
    expect(replaced.json().secretsSet).toEqual({ apiKey: true, API_KEY: true, webhookSecret: false });
    const stored = JSON.parse((await row(id)).configuration);
    expect(stored.apiKey).toBe('sk-live-NEW');
    expect(stored).not.toHaveProperty('Password');
    // A configuration-only update changes no status and stamps no sync.
    expect(replaced.json()).toMatchObject({ status: 'disconnected', lastSync: null });
  });

  it('a configuration update is refused to a role without crm.manage', async () => {
    const id = await insertIntegration(orgA, `Guarded ${randomUUID()}`, 'connected', null, { apiKey: 'sk-guarded' });
    const before = await row(id);
    expect((await api('PATCH', `/api/crm-integrations/${id}`, nurseA, { configuration: { apiKey: 'sk-mine' } })).statusCode).toBe(403);
    expect(await row(id)).toEqual(before);
  });
});
