import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { ORIGIN, createOrganization, createUser, signIn } from '../test-support/test-app';
import { testDialect } from '../test-support/test-database';

// Issue 9: Postgres stops in the middle of the day. Requests must get a quick 503 with a clear
// message, /healthz must say so, and service must come back by itself when the database does —
// without restarting the app. The database is an embedded PGlite served over the wire protocol, so
// this test can stop and start "the server" at will.

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(testDialect() !== 'postgres')('database outage', () => {
  let pglite: import('@electric-sql/pglite').PGlite;
  let server: import('@electric-sql/pglite-socket').PGLiteSocketServer;
  let port: number;
  let database: Database;
  let app: FastifyInstance;
  let cookie: string;

  async function startServer() {
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port });
    await server.start();
  }

  beforeAll(async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm'); // migration 0007
    pglite = await PGlite.create({ extensions: { pg_trgm } });
    port = await freePort();
    await startServer();
    database = connectDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, { poolSize: 1, connectTimeoutMs: 1_000, statementTimeoutMs: 5_000 });
    await migrateToLatest(database.db);
    app = await buildApp({ config: testConfig({ CLIENT_DIST: '/nonexistent' }), db: database.db });
    const org = await createOrganization(database.db, 'Outage Hospital');
    const admin = await createUser(database.db, { organizationId: org, role: 'Administrator' });
    cookie = await signIn(app, admin.email);
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
    await server.stop().catch(() => {});
    await pglite.close();
  });

  const cases = () => app.inject({ method: 'GET', url: '/api/patient-cases', headers: { cookie } });
  const create = () => app.inject({ method: 'POST', url: '/api/patient-cases', headers: { cookie, origin: ORIGIN }, payload: { patientName: 'During outage', caseType: 'Test' } });
  const timed = async <T>(call: () => Promise<T>) => {
    const started = Date.now();
    const result = await call();
    return { result, ms: Date.now() - started };
  };

  it('answers 503 quickly while the database is down, and recovers by itself when it is back', async () => {
    expect((await cases()).statusCode).toBe(200);

    await server.stop();
    for (const call of [cases, create, () => app.inject({ method: 'GET', url: '/trpc/cases.list', headers: { cookie } })]) {
      const { result, ms } = await timed(call);
      expect(result.statusCode, result.body).toBe(503);
      expect(result.body).toContain('The database is not answering. Please try again in a moment.');
      expect(ms).toBeLessThan(5_000);
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });

    await startServer();
    // The pool reconnects on the next request: no restart of the app.
    const back = await cases();
    expect(back.statusCode, back.body).toBe(200);
    expect((await create()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
