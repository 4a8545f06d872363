import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../test-support/test-app';

// Issue 17: /robots.txt and /sitemap.xml are real files for crawlers, not the app's HTML.

const PUBLIC_URL = 'https://cases.example.org';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

describe('/robots.txt', () => {
  it('is plain text that allows the public pages, keeps crawlers out of the app and /api, and names the sitemap', async () => {
    // A Host header of another site must not change what the file points at.
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of ['Allow: /login', 'Allow: /register', 'Allow: /trial-signup', 'Disallow: /api/', 'Disallow: /trpc/', 'Disallow: /dashboard', 'Disallow: /patients']) {
      expect(lines).toContain(line);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).not.toContain('<html');
    expect(res.body).not.toContain('evil.example');
  });
});

describe('/sitemap.xml', () => {
  it('is XML listing the public pages with absolute URLs of the public address, and no app page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/login`, `${PUBLIC_URL}/register`, `${PUBLIC_URL}/trial-signup`]));
    expect(locs.every((loc) => loc!.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(locs.some((loc) => /dashboard|patients|api/.test(loc!))).toBe(false);
  });
});
