import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { verifyAuditChain } from '../src/server/audit/audit-verify';
import { testConfig } from '../src/server/config';
import { ORIGIN, createOrganization, createUser, signIn } from '../src/server/test-support/test-app';
import { testDialect } from '../src/server/test-support/test-database';
import { serverPidFile } from './backup';
import { type Database, connectDatabase } from './connect';
import { migrateToLatest } from './migrate';

// npm run backup / restore on a real SQLite file: the backup is taken by another process while this
// one keeps writing cases over HTTP; every case acknowledged before the backup started is in it, the
// copy passes the integrity check, and after a restore the server answers every one of them.

const run = promisify(execFile);
const cli = (command: 'backup' | 'restore', file: string, databaseFile: string, extra: string[] = []) =>
  run('node_modules/.bin/tsx', ['src/server/cli/backup.ts', command, file, ...extra], { env: { ...process.env, DATABASE_URL: databaseFile, DATA_DIR: dirname(databaseFile), LOG_LEVEL: 'silent' } });

describe.skipIf(testDialect() !== 'sqlite')('backup and restore of the SQLite database', () => {
  let dir: string;
  let databaseFile: string;
  let database: Database;
  let app: FastifyInstance;
  let cookie: string;

  async function open(): Promise<void> {
    database = connectDatabase(databaseFile);
    await migrateToLatest(database.db);
    app = await buildApp({ config: testConfig({ CLIENT_DIST: '/nonexistent' }), db: database.db });
    await app.ready();
  }
  async function close(): Promise<void> {
    await app.close();
    await database.close();
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'casebridge-backup-'));
    databaseFile = join(dir, 'casebridge.sqlite');
    await open();
    const org = await createOrganization(database.db, 'Backup Clinic');
    const admin = await createUser(database.db, { organizationId: org, role: 'Administrator' });
    cookie = await signIn(app, admin.email);
  });
  afterAll(async () => {
    await close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  const writeCase = async (n: number) => {
    const res = await app.inject({ method: 'POST', url: '/api/patient-cases', headers: { origin: ORIGIN, cookie }, payload: { patientName: `Patient ${n}`, caseType: 'Backup test' } });
    return res.statusCode === 200 ? (res.json().id as string) : null;
  };

  it('copies the live database while writes go on: every write acknowledged before it began is in the copy', async () => {
    const acknowledged: string[] = [];
    let writing = true;
    let n = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const id = await writeCase(n++);
        if (id) acknowledged.push(id);
      }
    });
    while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 10));

    const backupFile = join(dir, 'nightly.sqlite');
    const before = [...acknowledged];
    const { stdout } = await cli('backup', backupFile, databaseFile);
    const duringBackup = acknowledged.length - before.length;
    writing = false;
    await Promise.all(writers);

    expect(stdout).toMatch(/^Backed up .* integrity ok/);
    expect(duringBackup).toBeGreaterThan(0); // the server really was writing meanwhile
    const copy = new SQLite(backupFile, { readonly: true });
    const ids = new Set((copy.prepare("select id from cases where case_type = 'Backup test'").all() as { id: string }[]).map((r) => r.id));
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete'); // one file, no -wal beside it
    copy.close();
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.size).toBeLessThanOrEqual(acknowledged.length);

    // An existing file is not overwritten by accident.
    await expect(cli('backup', backupFile, databaseFile)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists/) });

    // Restore refuses while the server has the database open — idle, and with or without its pid file —
    // and touches nothing; with the server stopped it restores, whatever a stale pid file says.
    await expect(cli('restore', backupFile, databaseFile)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/A server or another program is using .* Stop it first/) });
    writeFileSync(serverPidFile(databaseFile), String(process.pid));
    await expect(cli('restore', backupFile, databaseFile)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(new RegExp(`The server \\(process ${process.pid}\\) is using`)) });
    expect(readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/patient-cases/${acknowledged.at(-1)}`, headers: { cookie } })).statusCode).toBe(200);
    await close();
    const restored = await cli('restore', backupFile, databaseFile);
    rmSync(serverPidFile(databaseFile));
    expect(restored.stdout).toMatch(/Restored .* integrity ok/);
    expect(restored.stdout).toMatch(/kept at .*before-restore-/);
    // The database it replaced is kept whole on its own (its WAL folded in): it still has the cases
    // written after the backup.
    const kept = readdirSync(dir).filter((f) => f.includes('before-restore'));
    expect(kept).toHaveLength(1);
    const keptDb = new SQLite(join(dir, kept[0]!), { readonly: true });
    expect((keptDb.prepare("select count(*) as n from cases where case_type = 'Backup test'").get() as { n: number }).n).toBe(acknowledged.length);
    keptDb.close();

    await open();
    for (const id of before) {
      const res = await app.inject({ method: 'GET', url: `/api/patient-cases/${id}`, headers: { cookie } });
      expect(res.statusCode, id).toBe(200);
    }
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
    // Five runs of the backup CLI (each a tsx process) take most of 30 s on a loaded 2-core machine.
  }, 120_000);

  it('refuses a file that is not a CaseBridge database', async () => {
    const junk = join(dir, 'junk.sqlite');
    new SQLite(junk).exec('create table notes (x text)');
    await expect(cli('restore', junk, databaseFile)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/not a CaseBridge database/) });
    expect(existsSync(databaseFile)).toBe(true);
  });
});
