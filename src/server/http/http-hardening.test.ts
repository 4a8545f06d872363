import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../test-support/test-app';
import { publicUrlWarning } from './public-url';

// Issue 16, "Sessions, headers, requests", over real HTTP on both databases: the response headers
// of /api, /trpc and the page; GET /api/logout from another page; tRPC batch size; deeply nested
// JSON; and where links in e-mails point.

let t: TestApp;
let clientDir: string;
let admin: string;
let adminEmail: string;
let orgId: string;

beforeAll(async () => {
  // A stand-in for the built client, so the page itself is served.
  clientDir = mkdtempSync(join(tmpdir(), 'casebridge-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>CaseBridge</title></head><body><div id="root"></div></body></html>');
  t = await startTestApp({ CLIENT_DIST: clientDir, NODE_ENV: 'production' });
  orgId = await createOrganization(t.db, 'Amahle Clinic');
  adminEmail = (await createUser(t.db, { organizationId: orgId, role: 'Administrator' })).email;
  admin = await signIn(t.app, adminEmail);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function cspOf(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name = '', ...sources] = d.split(/\s+/);
      return [name, sources];
    }),
  );
}

const isSignedIn = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode === 200;

describe('response headers', () => {
  const answers = () => ({
    'an /api JSON answer': t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin } }),
    'a /trpc JSON answer': t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: admin } }),
    'a /trpc refusal': t.app.inject({ method: 'GET', url: '/trpc/auth.me' }),
    'a cross-site write refused by the CSRF guard': t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: admin, origin: 'https://evil.example' } }),
    'the page': t.app.inject({ method: 'GET', url: '/dashboard' }),
  });

  it('carry a Content-Security-Policy that loads only our own code and allows no inline script', async () => {
    for (const [name, pending] of Object.entries(answers())) {
      const csp = cspOf(await pending);
      expect(csp['default-src'], name).toEqual(["'self'"]);
      expect(csp['script-src'], name).toEqual(["'self'"]);
      expect(csp['object-src'], name).toEqual(["'none'"]);
      expect(csp['base-uri'], name).toEqual(["'self'"]);
      expect(csp['form-action'], name).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], name).toEqual(["'none'"]);
      expect(csp['font-src'], name).toEqual(["'self'"]);
      expect(csp['style-src']?.[0], name).toBe("'self'");
      expect(csp['style-src'], name).not.toContain("'unsafe-inline'");
      // A plain-http LAN install must keep working: nothing asks the browser to upgrade.
      expect(csp['upgrade-insecure-requests'], name).toBeUndefined();
    }
  });

  it('switch off camera, microphone, geolocation and payment, and keep nosniff, referrer and frame rules', async () => {
    for (const [name, pending] of Object.entries(answers())) {
      const res = await pending;
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(policy, name).toContain(`${feature}=()`);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('same-origin');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
    }
  });

  it('forbid caching every /api and /trpc answer, not the page', async () => {
    const res = answers();
    for (const name of ['an /api JSON answer', 'a /trpc JSON answer', 'a /trpc refusal'] as const) {
      expect((await res[name]).headers['cache-control'], name).toBe('no-store');
    }
    const rest = await t.app.inject({ method: 'GET', url: '/api/crm-integrations', headers: { cookie: admin } });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['cache-control']).toBe('no-store');
    expect((await res['the page']).headers['cache-control']).toBe('no-cache');
  });

  it('give each page a fresh style nonce, the same in its CSP and in its <meta name="csp-nonce">', async () => {
    const nonces: string[] = [];
    for (const url of ['/dashboard', '/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const meta = /<meta name="csp-nonce" content="([^"]+)"/.exec(res.body)?.[1];
      expect(meta, url).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(cspOf(res)['style-src'], url).toEqual(["'self'", `'nonce-${meta}'`]);
      nonces.push(meta!);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('send HSTS only when served over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is the caller's word, not the proxy's.
    const forged = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    for (const overrides of [{ TRUST_PROXY: 'true' }, { PUBLIC_URL: 'https://cases.example.org' }]) {
      const other = await startTestApp(overrides);
      try {
        const res = await other.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], JSON.stringify(overrides)).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      } finally {
        await other.close();
      }
    }
  });
});

describe('GET /api/logout', () => {
  const logout = (cookie: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...headers } });

  it('does not end the session for an <img> on a sibling origin, a fetch, or a request without Fetch Metadata', async () => {
    const cookie = await signIn(t.app, adminEmail);
    const attempts: Array<Record<string, string>> = [
      { 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'image' }, // <img src> on a sibling subdomain
      { 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' }, // an <img> in a user's own content
      { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'empty' },
      { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'document' }, // a link on a sibling site
      { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' }, // a frame, not the person
      {},
    ];
    for (const headers of attempts) {
      const res = await logout(cookie, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
      expect(await isSignedIn(cookie), JSON.stringify(headers)).toBe(true);
    }
  });

  it('ends the session for a click inside the app or a typed address', async () => {
    for (const site of ['same-origin', 'none']) {
      const cookie = await signIn(t.app, adminEmail);
      const res = await logout(cookie, { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': site, 'sec-fetch-dest': 'document' });
      expect(res.statusCode, site).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(await isSignedIn(cookie), site).toBe(false);
    }
  });

  it('POST /api/logout from the app ends the session; from another site it is refused', async () => {
    const cookie = await signIn(t.app, adminEmail);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'https://sibling.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(await isSignedIn(cookie)).toBe(true);
    const own = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(own.statusCode).toBe(303);
    expect(own.headers.location).toBe('/');
    expect(await isSignedIn(cookie)).toBe(false);
  });
});

describe('tRPC batches', () => {
  const batch = (size: number) => {
    const paths = Array.from({ length: size }, () => 'auth.me').join(',');
    return t.app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`, headers: { cookie: admin } });
  };

  it('answers a batch of 10 calls', async () => {
    const res = await batch(10);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(10);
  });

  it('refuses a batch of 11 calls with a 400 saying so, running none', async () => {
    const res = await batch(11);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/batch/i);
    const post = await t.app.inject({
      method: 'POST',
      url: `/trpc/${Array.from({ length: 11 }, () => 'crm.create').join(',')}?batch=1`,
      headers: { cookie: admin, origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, { name: `Batch ${i}` }]))),
    });
    expect(post.statusCode).toBe(400);
    const created = await t.db.selectFrom('crm_integrations').select('id').where('name', 'like', 'Batch %').execute();
    expect(created).toEqual([]);
  });
});

describe('deeply nested JSON', () => {
  const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
  /** A CRM create body whose text nests `levels` deep in all (the body object is level 1). */
  const crmBody = (levels: number, name: string) => `{"name":"${name}","configuration":${nested(levels - 1)}}`;
  const post = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin, origin: ORIGIN, 'content-type': 'application/json' }, payload });
  const countIntegrations = async () => (await t.db.selectFrom('crm_integrations').select('id').where('organization_id', '=', orgId).execute()).length;

  const expectTooDeep = (res: LightMyRequestResponse, where: string) => {
    expect(res.statusCode, where).toBe(400);
    expect(res.body, where).toMatch(/nested more than 32 levels deep/);
    expect(res.body, where).not.toMatch(/call stack/i);
  };

  it('50,000 levels: a clear 400 on /api, /trpc (body, query input, batch) and a plain route, nothing written', async () => {
    const before = await countIntegrations();
    expectTooDeep(await post('/api/crm-integrations', crmBody(50_000, 'Deep REST')), '/api');
    expectTooDeep(await post('/trpc/crm.create', crmBody(50_000, 'Deep tRPC')), '/trpc');
    expectTooDeep(await post('/trpc/crm.create,crm.create?batch=1', `{"0":${crmBody(50_000, 'Deep batch')}}`), '/trpc batch');
    const query = await t.app.inject({ method: 'GET', url: `/trpc/crm.list?input=${encodeURIComponent(nested(50_000))}`, headers: { cookie: admin } });
    expectTooDeep(query, '/trpc query input');
    expectTooDeep(await post('/api/legal-documents', nested(50_000)), 'the document upload route');
    expect(await countIntegrations()).toBe(before);
  });

  it('accepts 32 levels and refuses 33', async () => {
    const rest = await post('/api/crm-integrations', crmBody(32, 'Depth 32 REST'));
    expect(rest.statusCode, rest.body).toBe(200);
    const trpc = await post('/trpc/crm.create', crmBody(32, 'Depth 32 tRPC'));
    expect(trpc.statusCode, trpc.body).toBe(200);
    expectTooDeep(await post('/api/crm-integrations', crmBody(33, 'Depth 33 REST')), '/api, 33 levels');
    expectTooDeep(await post('/trpc/crm.create', crmBody(33, 'Depth 33 tRPC')), '/trpc, 33 levels');
  });

  it('counts brackets inside strings as text', async () => {
    const res = await post('/api/crm-integrations', JSON.stringify({ name: 'Brackets', configuration: { note: '['.repeat(100) + '{"\\"'.repeat(50) } }));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('links in e-mails', () => {
  const inviteWithForgedHost = (app: TestApp, cookie: string, email: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/users/invitations',
      // A caller chooses Host; with a matching Origin the CSRF guard lets it through.
      headers: { cookie, host: 'evil.example', origin: 'http://evil.example' },
      payload: { email, role: 'Nurse' },
    });
  const mailTo = async (app: TestApp, email: string) =>
    (await app.db.selectFrom('email_outbox').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow()).text_body;

  it('never take the Host header: without PUBLIC_URL they point at the address the server listens on', async () => {
    const res = await inviteWithForgedHost(t, admin, 'forged-host@example.org');
    expect(res.statusCode, res.body).toBe(200);
    const body = await mailTo(t, 'forged-host@example.org');
    expect(body).not.toContain('evil.example');
    // HOST is 0.0.0.0 (every interface) and PORT 3000 by default: the box itself.
    expect(body).toMatch(/http:\/\/localhost:3000\/accept-invitation\?token=[a-z2-7]+/);
  });

  it('use HOST and PORT when the server listens on one address', async () => {
    const lan = await startTestApp({ HOST: '10.20.30.40', PORT: '8080' });
    try {
      const org = await createOrganization(lan.db, 'LAN Clinic');
      const cookie = await signIn(lan.app, (await createUser(lan.db, { organizationId: org, role: 'Administrator' })).email);
      const res = await inviteWithForgedHost(lan, cookie, 'lan@example.org');
      expect(res.statusCode, res.body).toBe(200);
      expect(await mailTo(lan, 'lan@example.org')).toMatch(/http:\/\/10\.20\.30\.40:8080\/accept-invitation\?token=/);
    } finally {
      await lan.close();
    }
  });

  it('say at start-up when PUBLIC_URL is missing, naming the address links will use', () => {
    expect(publicUrlWarning(testConfig())).toMatch(/PUBLIC_URL is not set.*http:\/\/localhost:3000/);
    expect(publicUrlWarning(testConfig({ PUBLIC_URL: 'https://cases.example.org' }))).toBeNull();
  });
});
