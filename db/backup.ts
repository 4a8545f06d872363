import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';

// Backups of the single-box SQLite install (issue 8). `backupSqlite` copies the live database with
// SQLite's online backup API (better-sqlite3 `backup`) while the server keeps serving: all pages go
// in one step, under one read snapshot, so the copy is exactly the database at one moment — every
// write committed before that moment is in it, none after is half in it. `restoreSqlite` puts a copy
// back with the server stopped, keeping the database it replaces.
//
// How restore knows a server is running: it asks SQLite. Leaving WAL mode (`journal_mode = DELETE`)
// needs the database to itself, and every open connection — even an idle one — holds a shared lock
// on it, so with no busy wait the switch fails SQLITE_BUSY while a server has the file open. A
// transaction lock would not do: in WAL mode `BEGIN EXCLUSIVE` succeeds beside an idle server. The
// lock is the kernel's, so it also sees a server in a container on the same volume, where a pid
// means nothing; the server's pid file only lets the message name the process.

/**
 * The audit trail's signed checkpoints live beside the database in DATA_DIR, outside it on purpose
 * (decision 0024). A backup carries a copy of them, taken just after the database snapshot and cut
 * at the snapshot's head (decision 0044), so every checkpoint in the copy names an entry the snapshot
 * holds and the copy reaches as far as the snapshot records it was checkpointed; a restore puts it back.
 * The audit key (DATA_DIR/audit.key or AUDIT_KEY) is NOT copied: it is backed up once, separately.
 */
export const AUDIT_CHECKPOINTS_FILE_NAME = 'audit-checkpoints.jsonl';
export const checkpointsBesideBackup = (backupFile: string) => `${backupFile}.${AUDIT_CHECKPOINTS_FILE_NAME}`;

export interface BackupSummary {
  file: string;
  bytes: number;
  cases: number;
  auditEntries: number;
  /** The audit chain head of the copy: its seq and trail id (migration 0017; null before it). */
  auditHead: { seq: number; trailId: string | null } | null;
}

/** The server writes this beside its SQLite file while it runs, so a restore can refuse to run under it. */
export const serverPidFile = (databaseFile: string) => `${resolve(databaseFile)}.server-pid`;

export class BackupError extends Error {}

function inspect(file: string): { cases: number; auditEntries: number; auditHead: BackupSummary['auditHead'] } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} fails SQLite's integrity check: ${String(check)}`);
    const migrated = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'").get() as { n: number };
    if (migrated.n !== 1) throw new BackupError(`${file} is not a CaseBridge database (it has no migration table).`);
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    // select *: a backup made before migration 0017 has no trail_id column.
    const head = db.prepare('select * from audit_chain_head where id = 1').get() as { seq: number; trail_id?: string | null } | undefined;
    return { cases: count('cases'), auditEntries: count('audit_events'), auditHead: head ? { seq: Number(head.seq), trailId: head.trail_id ?? null } : null };
  } finally {
    db.close();
  }
}

export async function backupSqlite(databaseFile: string, target: string, options: { force?: boolean } = {}): Promise<BackupSummary> {
  if (!existsSync(databaseFile)) throw new BackupError(`There is no database at ${databaseFile}.`);
  if (existsSync(target) && !options.force) throw new BackupError(`${target} already exists. Choose another name, or add --force to replace it.`);
  // Written under a temporary name and renamed when checked, so a backup cut short never looks complete.
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    // One step for every page: the copy is one consistent snapshot, and writes by the server meanwhile
    // cannot restart it (a multi-step backup restarts whenever another connection writes).
    await source.backup(partial, { progress: () => 2_000_000_000 });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  try {
    // The copy carries the server's WAL mode; a rollback-journal file is whole on its own and can be
    // read from read-only media (a WAL file needs a writable -shm beside it). The server sets WAL again.
    const copy = new SQLite(partial, { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const counts = inspect(partial);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, ...counts };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The pid in the server's pid file, when that process is alive (only to name it in a message). */
function serverPid(databaseFile: string): number | null {
  const pidFile = serverPidFile(databaseFile);
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return pid;
  } catch {
    return null; // a server that crashed left its file behind
  }
}

/**
 * Takes the database for a restore: fails if any other connection has it open (a running server),
 * otherwise checkpoints its WAL into the file and leaves it in rollback-journal mode, so the copy kept
 * aside is whole on its own.
 */
function takeOverDatabase(databaseFile: string): void {
  const current = new SQLite(databaseFile, { fileMustExist: true, timeout: 0 });
  try {
    current.pragma('journal_mode = DELETE');
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY' && (error as { code?: string }).code !== 'SQLITE_LOCKED') throw error;
    const pid = serverPid(databaseFile);
    throw new BackupError(`${pid ? `The server (process ${pid})` : 'A server or another program'} is using ${databaseFile}. Stop it first, then restore.`);
  } finally {
    current.close();
  }
}

export interface RestoreSummary extends BackupSummary {
  /** Where the database that was replaced now is (null when there was none). */
  previous: string | null;
}

export function restoreSqlite(backupFile: string, databaseFile: string, now: Date = new Date()): RestoreSummary {
  if (!existsSync(backupFile)) throw new BackupError(`There is no backup at ${backupFile}.`);
  const counts = inspect(backupFile);
  let previous: string | null = null;
  if (existsSync(databaseFile)) {
    takeOverDatabase(databaseFile);
    previous = `${databaseFile}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(databaseFile, previous);
  }
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(databaseFile + suffix)) unlinkSync(databaseFile + suffix);
  }
  mkdirSync(dirname(resolve(databaseFile)), { recursive: true });
  const incoming = `${databaseFile}.restoring`;
  copyFileSync(backupFile, incoming);
  renameSync(incoming, databaseFile);
  return { file: databaseFile, bytes: statSync(databaseFile).size, ...counts, previous };
}

/**
 * Copies DATA_DIR's audit checkpoints beside a backup (`<backup>.audit-checkpoints.jsonl`).
 * Returns the copy's path, or null when the server has written no checkpoint yet.
 *
 * With `upTo` (the backup's own chain head, decision 0044) it is called AFTER the database snapshot
 * and keeps only the lines of that trail (and lines from before trail ids) at or below its head:
 * the server checkpoints every batch and the database records how far, so a copy taken before the
 * snapshot could end earlier than the snapshot's record says ("truncated"), and an unfiltered copy
 * taken after it would hold checkpoints beyond the snapshot ("entries cut"). Lines are signed one by
 * one, so dropping whole lines leaves the others valid; nothing here needs the key. Without `upTo`
 * the whole file is copied (call it BEFORE the snapshot then, as decision 0024 did).
 */
export function copyCheckpointsForBackup(dataDir: string, backupFile: string, upTo?: { seq: number; trailId: string | null }): string | null {
  const source = join(dataDir, AUDIT_CHECKPOINTS_FILE_NAME);
  if (!existsSync(source)) return null;
  const target = checkpointsBesideBackup(backupFile);
  if (upTo) {
    const kept = readFileSync(source, 'utf8').split('\n').filter((raw) => {
      try {
        const line = JSON.parse(raw) as { seq?: unknown; trail?: unknown };
        return typeof line.seq === 'number' && line.seq <= upTo.seq && (line.trail === undefined || line.trail === upTo.trailId);
      } catch {
        return false; // a torn last line, or a blank one
      }
    });
    writeFileSync(`${target}.partial`, kept.map((l) => `${l}\n`).join(''), { mode: 0o600 });
  } else {
    copyFileSync(source, `${target}.partial`);
  }
  renameSync(`${target}.partial`, target);
  return target;
}

export interface CheckpointRestore {
  /** The checkpoints put back from beside the backup (null: the backup had none beside it). */
  restored: string | null;
  /** Where the checkpoints that were in DATA_DIR now are (null: there were none). */
  previous: string | null;
}

/**
 * Puts the checkpoints saved with a backup back into DATA_DIR, keeping the newer ones aside: they
 * name entries the restored database never held, and audit:verify would rightly report them as
 * "beyond the trail" (decision 0024). Without checkpoints beside the backup, the newer file stays
 * where it is and the caller says what verify will report.
 */
export function restoreCheckpoints(backupFile: string, dataDir: string, now: Date = new Date()): CheckpointRestore {
  const saved = checkpointsBesideBackup(backupFile);
  const current = join(dataDir, AUDIT_CHECKPOINTS_FILE_NAME);
  if (!existsSync(saved)) return { restored: null, previous: null };
  let previous: string | null = null;
  if (existsSync(current)) {
    previous = `${current}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(current, previous);
  }
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(saved, `${current}.restoring`);
  renameSync(`${current}.restoring`, current);
  return { restored: current, previous };
}

/** Called by the server at start (SQLite only) and at shutdown. */
export function markServerRunning(databaseFile: string): () => void {
  const pidFile = serverPidFile(databaseFile);
  writeFileSync(pidFile, String(process.pid));
  return () => rmSync(pidFile, { force: true });
}
