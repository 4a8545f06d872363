import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { startPglite } from './pglite';

// vitest globalSetup (vitest.config.ts): migrates one template database per project and run, so each
// test file copies it (a file copy on SQLite, `create database … template` on Postgres) instead of
// running every migration again — a Postgres migration took about 3 s per file, the copy a tenth of
// that; on embedded PGlite a dump of a migrated data directory. openTestDatabase (test-database.ts)
// falls back to migrating when no template is provided.

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplateFile: string;
    postgresTemplateName: string;
    pgliteTemplateFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name.startsWith('pure')) return async () => {}; // these files open no database
  if (project.config.env?.TEST_DIALECT === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return pgliteTemplate(project);
    const name = `cb_tpl_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = connectDatabase(url.toString(), { poolSize: 1 });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    project.provide('postgresTemplateName', name);
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-template-'));
  const file = join(dir, 'template.sqlite');
  const database = connectDatabase(file);
  try {
    await migrateToLatest(database.db);
    // One file, no write-ahead log beside it: the copies start from the whole database.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
  } finally {
    await database.close();
  }
  project.provide('sqliteTemplateFile', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Embedded PGlite: one database booted (initdb and pg_trgm, about 10 s), migrated and dumped as a
 * data-directory tarball; each test file boots its own PGlite from that dump (about 1.5 s).
 */
async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-pglite-template-'));
  const file = join(dir, 'template.tar');
  const embedded = await startPglite();
  try {
    await migrateToLatest(embedded.database.db);
  } finally {
    await embedded.database.close();
  }
  writeFileSync(file, Buffer.from(await (await embedded.pglite.dumpDataDir('none')).arrayBuffer()));
  await embedded.stop();
  project.provide('pgliteTemplateFile', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
