import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createOrganization, createUser, signIn, startTestApp } from '../test-support/test-app';
import { acceptsGzip } from './client-assets';

// Issue 17, "Speed on real connections" (decision 0031): how the built client is served — compressed
// by Accept-Encoding, hashed files cached for good, the page itself never cached nor compressed from
// disk (it carries a per-response nonce, and is gzipped as it goes), and the signed-in first page
// naming its chunks up front — or, issue 30 (decision 0051), rendered on the server for the user.

let t: TestApp;
let buildDir: string;
let clientDir: string;
const script = `export const greeting = ${JSON.stringify('Sawubona, '.repeat(400))};\n`;
const ENTRY = '/assets/index-Ab12Cd34.js';
const SHELL = '/assets/app-shell-Ef56Gh78.js';
const FONT = '/assets/inter-latin-wght-normal-Xy90Zz12.woff2';
const LANDING = `<!doctype html><html><head><title>CaseBridge | Case management</title><script type="module" src="${ENTRY}"></script></head><body><div id="root" data-prerendered="/"><h1>One case management platform</h1></div></body></html>`;

beforeAll(async () => {
  // A stand-in for `npm run build`: a page, a hashed script with the .br/.gz copies the build writes
  // beside it, an unhashed file, and the manifest naming the signed-in shell's chunks.
  buildDir = mkdtempSync(join(tmpdir(), 'casebridge-build-'));
  clientDir = join(buildDir, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, 'index.html'), `<!doctype html><html><head><title>CaseBridge</title><script type="module" src="${ENTRY}"></script></head><body><div id="root"></div></body></html>`);
  writeFileSync(join(clientDir, ENTRY), script);
  writeFileSync(join(clientDir, `${ENTRY}.br`), brotliCompressSync(script));
  writeFileSync(join(clientDir, `${ENTRY}.gz`), gzipSync(script));
  writeFileSync(join(clientDir, SHELL), 'export const shell = 1;\n');
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: ENTRY.slice(1), isEntry: true, assets: [FONT.slice(1), 'assets/inter-greek-wght-normal-Ab12.woff2'] },
      'src/client/components/shell/app-shell.tsx': { file: SHELL.slice(1), imports: ['index.html'] },
    }),
  );
  // And the public pages the build prerenders (scripts/prerender-pages.ts, decision 0048).
  mkdirSync(join(clientDir, '.pages'));
  writeFileSync(join(clientDir, '.pages', 'pages.json'), JSON.stringify({ '/': 'index.html', '/login': 'login.html' }));
  writeFileSync(join(clientDir, '.pages', 'index.html'), LANDING);
  writeFileSync(join(clientDir, '.pages', 'login.html'), '<!doctype html><html><head><title>Sign In | CaseBridge</title></head><body><div id="root" data-prerendered="/login"><h1>Sign In</h1></div></body></html>');
  // And a stand-in for the build's server entry (src/client/prerender.tsx → dist/prerender), which
  // renders the signed-in first pages for the user the server hands it.
  mkdirSync(join(buildDir, 'prerender'));
  writeFileSync(
    join(buildDir, 'prerender', 'prerender.js'),
    `export const SIGNED_IN_FIRST_PAGES = ['/', '/dashboard'];
     const text = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
     export async function renderSignedInPage(path, user, cookie) {
       return { html: '<h1 style="color: red">' + user.role + ' Dashboard</h1><p>Welcome back, ' + text(user.firstName) + '</p><p>' + cookie.length + '</p>', meta: { title: user.role + ' Dashboard | CaseBridge' } };
     }`,
  );
  t = await startTestApp({ CLIENT_DIST: clientDir, NODE_ENV: 'production' });
});
afterAll(async () => {
  await t.close();
  rmSync(buildDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('a hashed asset', () => {
  it('answers brotli to a browser that accepts it, cached for a year without revalidation, varying by Accept-Encoding', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toMatch(/\bpublic\b/);
    expect(res.headers['cache-control']).toMatch(/\bimmutable\b/);
    expect(Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('answers gzip to a browser that accepts only gzip', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('answers the file itself to a request without Accept-Encoding', async () => {
    const res = await get(ENTRY);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
    expect(res.headers['cache-control']).toMatch(/\bimmutable\b/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('keeps the security headers', async () => {
    const res = await get(ENTRY, { 'accept-encoding': 'br' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('is a 404, not the page, when a deployment removed it', async () => {
    const res = await get('/assets/index-Gone0000.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('the page and unhashed files', () => {
  it('index.html is revalidated on every use and gzipped as it goes, never from a copy (its nonce is per response)', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/dashboard', '/index.html', '/']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      const html = gunzipSync(res.rawPayload).toString('utf8');
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
      expect(nonce, url).toBeTruthy();
      nonces.add(nonce!);
      expect(res.headers['content-security-policy'], url).toContain(`'nonce-${nonce}'`);
    }
    expect(nonces.size).toBe(4);
  });

  it('the page goes uncompressed to a request that does not accept gzip', async () => {
    for (const encoding of [undefined, 'br', 'gzip;q=0']) {
      const res = await get('/dashboard', encoding ? { 'accept-encoding': encoding } : {});
      expect(res.headers['content-encoding'], encoding).toBeUndefined();
      expect(res.body, encoding).toContain('<div id="root"');
    }
  });

  it('the favicon (no hash in its name) is revalidated on every use', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the first page of a person with a session', () => {
  // The code and the identity call; the font preload every page has is another test's.
  const preloads = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"(?! as="font")[^>]*href="([^"]+)"/g)].map((m) => m[2]);

  it('names the shell chunk and the identity call up front, on / and /dashboard', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await get(url, { cookie: 'cb_session=any-session' });
      expect(preloads(res.body), url).toEqual(expect.arrayContaining([SHELL, expect.stringMatching(/^\/trpc\/auth\.session\?/)]));
      // The entry is loaded by its own <script>; listing it again would be a second request.
      expect(preloads(res.body), url).not.toContain(ENTRY);
      expect(String(res.headers.vary).toLowerCase(), url).toContain('cookie');
    }
  });

  it('adds nothing without a session, nor on other pages', async () => {
    expect(preloads((await get('/')).body)).toEqual([]);
    expect(preloads((await get('/login', { cookie: 'cb_session=any-session' })).body)).toEqual([]);
  });
});

describe('the signed-in first page rendered on the server (decision 0051)', () => {
  let organizationId: string;
  beforeAll(async () => {
    organizationId = await createOrganization(t.db, 'Ngwelezana Hospital');
  });
  const signedInAs = async (role: string, firstName = 'Lindiwe') => {
    const { email } = await createUser(t.db, { organizationId, role, firstName });
    return signIn(t.app, email);
  };
  const jsonBlock = (html: string, id: string) => JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1] ?? 'null');

  it('carries the page as drawn for the user, their identity and the code it runs, for them alone', async () => {
    const cookie = await signedInAs('Doctor');
    for (const url of ['/', '/dashboard', '/dashboard/']) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      const html = res.body;
      expect(html, url).toContain('<title>Doctor Dashboard | CaseBridge</title>');
      expect(html, url).toMatch(/<div id="root" data-signed-in-render="[^"]+"><h1 data-prerendered-style="color: red">Doctor Dashboard<\/h1>/);
      // The renderer was given the request's cookie (the sidebar's state).
      expect(html, url).toContain(`<p>${cookie.length}</p>`);
      const user = jsonBlock(html, 'signed-in-user');
      expect(user, url).toMatchObject({ firstName: 'Lindiwe', role: 'Doctor', organization: { id: organizationId, name: 'Ngwelezana Hospital' } });
      expect(jsonBlock(html, 'signed-in-modules'), url).toEqual([SHELL]);
      // No up-front chunk or identity preloads: the page paints first, the code is asked for after.
      expect(html, url).not.toContain('rel="modulepreload"');
      expect(html, url).not.toContain('/trpc/auth.session');
      expect(html, url).toContain(`<script type="module" fetchpriority="low" src="${ENTRY}">`);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      // Its text, the largest paint, comes with the stylesheet rather than after it: the Latin Inter only.
      expect(html, url).toContain(`<link rel="preload" as="font" type="font/woff2" crossorigin href="${FONT}">`);
      expect(html, url).not.toContain('inter-greek');
    }
  });

  it('escapes what the user typed: no name closes the data block', async () => {
    const cookie = await signedInAs('Nurse', '</script><script>alert(1)</script>');
    const html = (await get('/', { cookie })).body;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(jsonBlock(html, 'signed-in-user').firstName).toBe('</script><script>alert(1)</script>');
  });

  it('is not for a Patient (the portal), another page, a query, or a session that is not one', async () => {
    const patient = await signedInAs('Patient');
    const doctor = await signedInAs('Doctor');
    for (const [url, cookie] of [['/', patient], ['/patients', doctor], ['/?tab=1', doctor], ['/', 'cb_session=not-a-session']] as const) {
      const html = (await get(url, { cookie })).body;
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('signed-in-user');
    }
  });
});

describe('Accept-Encoding', () => {
  it('gzip is accepted when named with a weight above zero', () => {
    expect(['gzip', 'gzip, deflate, br', 'br, gzip;q=0.5', 'GZIP', 'gzip ; q=1'].map(acceptsGzip)).toEqual([true, true, true, true, true]);
    expect([undefined, '', 'br', 'x-gzip', 'gzip;q=0', 'deflate, gzip;q=0.000'].map(acceptsGzip)).toEqual([false, false, false, false, false, false]);
  });
});

describe('a prerendered public page (decision 0048)', () => {
  it('is what a request without a session gets: its own title and content, with a nonce, revalidated, varying by cookie', async () => {
    const landing = await get('/', { 'accept-encoding': 'br' });
    expect(landing.body).toContain('<title>CaseBridge | Case management</title>');
    expect(landing.body).toContain('<h1>One case management platform</h1>');
    expect(landing.body).toMatch(/<meta name="csp-nonce" content="[^"]+"/);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.headers['content-encoding']).toBeUndefined();
    expect(String(landing.headers.vary).toLowerCase()).toContain('cookie');
    for (const url of ['/login', '/login/', '/login?redirect=%2Fpatients']) {
      expect((await get(url)).body, url).toContain('<h1>Sign In</h1>');
    }
  });

  it('is never what a request with a session gets: / is the signed-in app, as before', async () => {
    for (const url of ['/', '/login']) {
      const res = await get(url, { cookie: 'cb_session=any-session' });
      expect(res.body, url).not.toContain('data-prerendered');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('leaves every other page to index.html', async () => {
    const res = await get('/trial-signup');
    expect(res.body).toContain('<div id="root"></div>');
  });
});
