import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';

// The audit key: the secret that makes the trail's chain keyed (HMAC-SHA256) and signs the
// checkpoints. It is kept OUTSIDE the database on purpose: the threat is someone who can write to the
// database (drop the triggers, rewrite rows, recompute hashes) — without the key they cannot produce
// hashes or checkpoints that verify (decision 0024).
//
// Where it comes from: AUDIT_KEY (64 hex characters) when set, else DATA_DIR/audit.key, created on
// first start with mode 0600 (256 random bits, hex). Several processes on one Postgres must share it
// (AUDIT_KEY, or the same file).

export const AUDIT_KEY_FILE_NAME = 'audit.key';
const KEY_PATTERN = /^[0-9a-f]{64}$/i;

export interface LoadedAuditKey {
  key: Buffer;
  /** Where it came from, for logs and messages (never the key itself). */
  source: string;
  /** Created just now (first start). */
  created: boolean;
  /** A short public fingerprint, written with each checkpoint so verify can tell "another key" from "forged". */
  id: string;
}

export class AuditKeyError extends Error {}

export function auditKeyId(key: Buffer): string {
  return createHash('sha256').update('casebridge-audit-key-id\n').update(key).digest('hex').slice(0, 12);
}

function loaded(key: Buffer, source: string, created: boolean): LoadedAuditKey {
  return { key, source, created, id: auditKeyId(key) };
}

function parseKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  if (!KEY_PATTERN.test(trimmed)) throw new AuditKeyError(`${source} must hold 64 hex characters (a 256-bit key, e.g. from "openssl rand -hex 32").`);
  return Buffer.from(trimmed, 'hex');
}

/**
 * The key of this install. `create: false` (audit:verify, tools) never makes a new key: a missing
 * key file there means the key was not restored, which must be said, not papered over.
 */
export function loadAuditKey(settings: { AUDIT_KEY?: string; DATA_DIR: string }, options: { create: boolean } = { create: true }): LoadedAuditKey {
  if (settings.AUDIT_KEY) return loaded(parseKey(settings.AUDIT_KEY, 'AUDIT_KEY'), 'AUDIT_KEY', false);
  const file = join(settings.DATA_DIR, AUDIT_KEY_FILE_NAME);
  try {
    return loaded(parseKey(readFileSync(file, 'utf8'), file), file, false);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!options.create) {
    throw new AuditKeyError(`No audit key: AUDIT_KEY is not set and ${file} does not exist. Restore the key file from the backup of the key (or set AUDIT_KEY); without it the trail cannot be verified.`);
  }
  mkdirSync(settings.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  let fd: number;
  try {
    // 'wx': exclusive create, so two processes starting together cannot each write their own key.
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadAuditKey(settings, { create: false });
    throw error;
  }
  try {
    writeSync(fd, `${key.toString('hex')}\n`);
  } finally {
    closeSync(fd);
  }
  return loaded(key, file, true);
}

/** True when the key file can be read by others than its owner (it should be 0600). */
export function keyFileTooOpen(source: string): boolean {
  if (source === 'AUDIT_KEY' || process.platform === 'win32') return false;
  try {
    const fd = openSync(source, 'r');
    try {
      return (fstatSync(fd).mode & 0o077) !== 0;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

// Which key appends to which database. Keyed by the Kysely adapter, which a database handle and
// every transaction opened on it share, so recordAuditEvent(trx, …) finds the key of its database.
const keys = new WeakMap<object, Buffer>();
let processKey: Buffer | null = null;

/** buildApp registers the install's key for its database handle. */
export function useAuditKey(db: Kysely<any>, key: Buffer): void {
  keys.set(db.getExecutor().adapter, key);
}

/** The key for databases opened without buildApp in this process (the test setup sets one). */
export function setProcessAuditKey(key: Buffer | null): void {
  processKey = key;
}

export function auditKeyOf(db: Kysely<any>): Buffer {
  const key = keys.get(db.getExecutor().adapter) ?? processKey;
  // Refuse rather than write entries nobody can verify.
  if (!key) throw new AuditKeyError('The audit key is not loaded: the audit trail cannot be appended to.');
  return key;
}
