import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig, testConfig } from './config';
import { type TestApp, startTestApp } from './test-support/test-app';
import { openTestDatabase, testDialect } from './test-support/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ CLIENT_DIST: '/nonexistent' }), db: database.db });
    await database.dispose();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    await app.close();
  });
});

describe('REST adapter', () => {
  it('publishes an OpenAPI document of the /api paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/login', '/auth/register-superuser', '/auth/user', '/organizations', '/organizations/{id}']));
    expect(Object.keys(doc.paths['/organizations/{id}'])).toEqual(expect.arrayContaining(['put', 'delete']));
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers malformed JSON with a JSON 400, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', origin: 'http://localhost' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('puts no stack trace in error responses in production', async () => {
    const responses = [
      await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'http://localhost' }, payload: { email: 5 } }),
      await t.app.inject({ method: 'GET', url: '/trpc/auth.me' }),
      await t.app.inject({ method: 'POST', url: '/trpc/auth.login', headers: { origin: 'http://localhost', 'content-type': 'application/json' }, payload: '{"json":' }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/stack|at .*\.ts:\d+/);
    }
  });
});

describe('configuration', () => {
  it('names every bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'abc', SESSION_IDLE_TIMEOUT_MINUTES: '0' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', SUPER_ADMIN_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain('PORT');
      expect(message).toContain('SUPER_ADMIN_SECRET must be at least 16 characters');
      expect(message).not.toContain('short'); // secrets are never echoed
    }
  });

  it('gives a working single-box install with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, SEED_DEMO_DATA: true, SESSION_IDLE_TIMEOUT_MINUTES: 60, SESSION_MAX_LIFETIME_HOURS: 12 });
    expect(config.DATABASE_URL).toBeUndefined(); // SQLite under ./data
  });

  it.skipIf(testDialect() !== 'sqlite')('stops the server at boot with exit code 1 and a one-line message', async () => {
    const run = promisify(execFile);
    const failure = await run('node_modules/.bin/tsx', ['src/server/main.ts'], { env: { ...process.env, PORT: 'not-a-port' } }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim()).toMatch(/^Invalid configuration: PORT .*\(got "not-a-port"\)$/);
  });
});
