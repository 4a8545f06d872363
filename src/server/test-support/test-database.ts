import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { startPglite } from './pglite';

// A fresh, migrated database for one test file, on the dialect of the vitest project running it
// (TEST_DIALECT). Postgres is a real server when TEST_DATABASE_URL is set — a new database is
// created per file and dropped after — else an embedded PGlite served over the wire protocol, so
// the same pg driver code runs either way. Under vitest.config.ts the new database is a copy of a
// template migrated once per run (test-database-template.ts); without one it is migrated here.

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
}

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const database = testDialect() === 'postgres' ? await openPostgres() : openSqlite();
  // Already at the latest migration when copied from the template: this finds nothing to run.
  await migrateToLatest(database.db);
  return database;
}

/** The template the run's globalSetup provided, if any (none outside vitest.config.ts). */
function templateOf(key: 'sqliteTemplateFile' | 'postgresTemplateName' | 'pgliteTemplateFile'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

function openSqlite(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-test-'));
  const template = templateOf('sqliteTemplateFile');
  if (template) copyFileSync(template, join(dir, 'test.sqlite'));
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
  const template = templateOf('postgresTemplateName');
  try {
    await createDatabase(admin, name, template);
  } finally {
    await admin.end();
  }
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

/**
 * A copy of the template when there is one. Two copies of one template at the same moment may be
 * refused ("source database … is being accessed by other users"): that is retried.
 */
async function createDatabase(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  if (!template) {
    await admin.query(`create database ${name}`);
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((done) => setTimeout(done, 50 * attempt));
    }
  }
}

async function openPglite(): Promise<TestDatabase> {
  const template = templateOf('pgliteTemplateFile');
  const embedded = await startPglite(template ? readFileSync(template) : undefined);
  return {
    ...embedded.database,
    async dispose() {
      await embedded.database.close();
      await embedded.stop();
    },
  };
}
