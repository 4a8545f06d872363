import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { TEST_AUDIT_KEY } from '../config';
import { type ChildServer, freePort, signInOver, startChildServer } from '../test-support/child-server';
import { PASSWORD, createOrganization, createUser } from '../test-support/test-app';

// Issue 9, more than one process: two app processes on one Postgres (as behind a load balancer).
// Nothing that must be shared lives in process memory: a session made through one works on the
// other, a write through one is read through the other, sign-out through one ends the session on
// both, and sign-in throttling counts failures made on both.
//
// Postgres: a fresh database on the server in TEST_DATABASE_URL when it is set (.ci/run sets it when
// 127.0.0.1:5432 answers), else an embedded PGlite served over the wire protocol with room for both
// processes' connections (pool of 1 each: PGlite is a single session, which pglite-socket shares out
// statement by statement and keeps for one connection while it is inside a transaction).

const serverUrl = process.env.TEST_DATABASE_URL;

describe('two app processes on one Postgres', () => {
  const name = `cb_two_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const processes: ChildServer[] = [];
  let databaseUrl: string;
  let poolSize: string;
  let stopPglite: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      poolSize = '3';
    } else {
      console.info('two-processes: TEST_DATABASE_URL is not set, so both processes share an embedded PGlite (one connection each)');
      const { PGlite } = await import('@electric-sql/pglite');
      const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm'); // migration 0007
      const pglite = await PGlite.create({ extensions: { pg_trgm } });
      const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: await freePort(), maxConnections: 4 });
      await server.start();
      databaseUrl = `postgres://postgres@${server.getServerConn()}/postgres`;
      poolSize = '1';
      stopPglite = async () => {
        await server.stop();
        await pglite.close();
      };
    }
  });

  afterAll(async () => {
    for (const p of processes) await p.stop();
    if (stopPglite) await stopPglite();
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('shares sessions, data, sign-out and sign-in throttling across processes', async () => {
    const setup = connectDatabase(databaseUrl, { poolSize: 1 });
    await migrateToLatest(setup.db);
    const org = await createOrganization(setup.db, 'Two Process Hospital');
    const user = await createUser(setup.db, { organizationId: org, role: 'Administrator' });
    const victim = await createUser(setup.db, { organizationId: org, role: 'Nurse' });
    const burstTarget = (await createUser(setup.db, { organizationId: org, role: 'Nurse' })).email;
    await setup.close();

    // Processes appending to one trail share its key (decision 0024).
    const env = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: poolSize, LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', AUDIT_KEY: TEST_AUDIT_KEY };
    for (const p of await Promise.all([startChildServer(env), startChildServer(env)])) processes.push(p);
    const [a, b] = processes.map((p) => p.url) as [string, string];
    const login = (base: string, email: string, password: string) =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password }) });

    // Signed in through A, working through B.
    const cookie = await signInOver(a, user.email, PASSWORD);
    expect((await fetch(`${b}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    const created = await fetch(`${b}/api/patient-cases`, { method: 'POST', headers: { 'content-type': 'application/json', origin: b, cookie }, body: JSON.stringify({ patientName: 'Shared Patient', caseType: 'Both' }) });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`${a}/api/patient-cases/${id}`, { headers: { cookie } })).status).toBe(200);

    // Throttling counts failures on both: two on A and one on B lock the account for this address
    // (both processes see the same client address here) on both.
    expect(await (await login(a, victim.email, 'wrong-1')).json()).toMatchObject({ success: false });
    expect(await (await login(a, victim.email, 'wrong-2')).json()).toMatchObject({ success: false });
    expect(await (await login(b, victim.email, 'wrong-3')).json()).toMatchObject({ success: false });
    expect((await login(a, victim.email, PASSWORD)).status).toBe(429);
    expect((await login(b, victim.email, PASSWORD)).status).toBe(429);

    // A burst split over both processes at once is judged at most the limit of times in all (decision 0022).
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? a : b, burstTarget, `burst-${i}`)));
    const judged = await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.json()));
    const wrong = { success: false, token: null, message: 'Invalid email or password' };
    expect(judged).toEqual([wrong, wrong, wrong]); // LOGIN_MAX_FAILURES_PER_ACCOUNT: '3'
    expect(answers.filter((r) => r.status === 429)).toHaveLength(17);

    // Signing out through B ends the session for A too.
    expect((await fetch(`${b}/api/auth/logout`, { method: 'POST', headers: { origin: b, cookie } })).status).toBeLessThan(300);
    expect((await fetch(`${a}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
  });
});
