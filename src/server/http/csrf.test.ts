import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createUser, signIn, startTestApp } from '../test-support/test-app';

// A hostile page can make the victim's browser POST a multipart form, with the victim's cookie,
// to any URL. The guard must refuse such writes before any procedure runs.

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await startTestApp({ APP_ORIGIN: 'https://cases.example.org' });
  const { email } = await createUser(t.db, { superAdmin: true });
  cookie = await signIn(t.app, email);
});
afterAll(() => t.close());

const organizationCount = async () => Number((await t.db.selectFrom('organizations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

function multipartCreate(headers: Record<string, string>, url = '/trpc/organizations.create') {
  const boundary = '----attacker';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nEvil Org\r\n--${boundary}--\r\n`;
  return t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers }, payload: body });
}

describe('cross-site write protection', () => {
  it('refuses a multipart/form-data POST from another origin that carries a valid cookie, writing nothing', async () => {
    const before = await organizationCount();
    const res = await multipartCreate({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Cross-site request refused/);
    const rest = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie, origin: 'https://evil.example' }, payload: { name: 'Evil Org' } });
    expect(rest.statusCode).toBe(403);
    expect(await organizationCount()).toBe(before);
  });

  it('refuses a cross-site write identified only by Sec-Fetch-Site', async () => {
    const res = await multipartCreate({ 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cookie-carrying write with no Origin at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie }, payload: { name: 'No Origin Org' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/missing Origin/);
  });

  it('lets the application itself write, and origins listed in APP_ORIGIN', async () => {
    for (const origin of [ORIGIN, 'https://cases.example.org']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie, origin }, payload: { name: `Allowed ${origin}` } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('lets non-browser callers write with the bearer token and no cookie', async () => {
    const token = cookie.split('=')[1];
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Scripted Org' } });
    expect(res.statusCode).toBe(200);
  });

  it('does not get in the way of reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});
