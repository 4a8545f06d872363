import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { PASSWORD, createOrganization, createUser } from '../test-support/test-app';
import { testDialect } from '../test-support/test-database';

// Issue 9, more than one process: two app processes on one Postgres (as behind a load balancer).
// Nothing that must be shared lives in process memory: a session made through one works on the
// other, a write through one is read through the other, and sign-in throttling counts failures
// made on both. Needs a real Postgres server (TEST_DATABASE_URL): the embedded PGlite serves one
// connection at a time.

const serverUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(testDialect() !== 'postgres' || !serverUrl)('two app processes on one Postgres', () => {
  const name = `cb_two_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const children: ChildProcess[] = [];
  let databaseUrl: string;

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function start(port: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '3', NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', CLIENT_DIST: '/nonexistent', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' },
      stdio: 'ignore',
    });
    children.push(child);
    for (let i = 0; i < 200; i++) {
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return `http://127.0.0.1:${port}`;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not start');
  }

  it('shares sessions, data and sign-in throttling across processes', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const setup = connectDatabase(databaseUrl, { poolSize: 2 });
    await migrateToLatest(setup.db);
    const org = await createOrganization(setup.db, 'Two Process Hospital');
    const user = await createUser(setup.db, { organizationId: org, role: 'Administrator' });
    const victim = await createUser(setup.db, { organizationId: org, role: 'Nurse' });
    await setup.close();

    const [a, b] = await Promise.all([start(await freePort()), start(await freePort())]);
    const login = (base: string, email: string, password: string) =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password }) });

    // Signed in through A, working through B.
    const signedIn = await login(a, user.email, PASSWORD);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(`${b}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    const created = await fetch(`${b}/api/patient-cases`, { method: 'POST', headers: { 'content-type': 'application/json', origin: b, cookie }, body: JSON.stringify({ patientName: 'Shared Patient', caseType: 'Both' }) });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`${a}/api/patient-cases/${id}`, { headers: { cookie } })).status).toBe(200);

    // Throttling counts failures on both: two on A and one on B lock the account everywhere.
    await login(a, victim.email, 'wrong-1');
    await login(a, victim.email, 'wrong-2');
    await login(b, victim.email, 'wrong-3');
    expect((await login(a, victim.email, PASSWORD)).status).toBe(429);
    expect((await login(b, victim.email, PASSWORD)).status).toBe(429);

    // Signing out through B ends the session for A too.
    await fetch(`${b}/api/auth/logout`, { method: 'POST', headers: { origin: b, cookie } });
    expect((await fetch(`${a}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
  });
});
