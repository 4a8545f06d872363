import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';

// A fresh, migrated database for one test file, on the dialect of the vitest project running it
// (TEST_DIALECT). Postgres is a real server when TEST_DATABASE_URL is set — a new database is
// created per file and dropped after — else an embedded PGlite served over the wire protocol, so
// the same pg driver code runs either way.

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
}

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const database = testDialect() === 'postgres' ? await openPostgres() : openSqlite();
  await migrateToLatest(database.db);
  return database;
}

function openSqlite(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-test-'));
  const database = connectDatabase(join(dir, 'test.sqlite'));
  return {
    ...database,
    async dispose() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? openPostgresServer(serverUrl) : openPglite();
}

async function openPostgresServer(serverUrl: string): Promise<TestDatabase> {
  const name = `cb_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), { poolSize: 5 });
  return {
    ...database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function openPglite(): Promise<TestDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // pg_trgm: the case search index of migration 0007 (decision 0016).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0 });
  await server.start();
  const address = server.getServerConn();
  // PGlite is one session behind the socket: one pooled connection keeps transactions whole.
  const database = connectDatabase(`postgres://postgres@${address}/postgres`, { poolSize: 1 });
  return {
    ...database,
    async dispose() {
      await database.close();
      await server.stop();
      await pglite.close();
    },
  };
}
