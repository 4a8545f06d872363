import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_GENESIS_HASH } from '../../../db/migrations/0006-trust';
import type { DB } from '../../../db/schema';
import { TEST_AUDIT_KEY } from '../config';
import { type TestDatabase, openTestDatabase, testDialect } from '../test-support/test-database';
import { type AuditEventRow, keyedAuditHash, legacyAuditHash } from './audit-chain';
import { appendCheckpoint, checkpointFileOf, readChainHead, startCheckpointWriter } from './audit-checkpoints';
import { useAuditKey } from './audit-key';
import { recordAuditEvent } from './audit-log';
import { verifyAuditChain } from './audit-verify';

// The trail against someone who can write to the database but holds neither the audit key nor the
// checkpoint file (issue 16, decision 0024): they drop the guard triggers and edit rows, recompute
// every later hash, cut the newest entries or empty the table, and set the chain head to match.
// Each must fail verification, naming what it found; an untouched trail — with or without a legacy
// unkeyed start — must pass.

const KEY = Buffer.from(TEST_AUDIT_KEY, 'hex');
const OTHER_KEY = Buffer.from('0badc0de'.repeat(8), 'hex');

let database: TestDatabase;
let db: Kysely<DB>;
let dataDir: string;
let checkpointFile: string;

beforeEach(async () => {
  database = await openTestDatabase();
  db = database.db;
  useAuditKey(db, KEY);
  dataDir = mkdtempSync(join(tmpdir(), 'casebridge-audit-'));
  checkpointFile = checkpointFileOf(dataDir);
});
afterEach(async () => {
  vi.useRealTimers();
  await database.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function append(count: number, label = 'entry'): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await recordAuditEvent(db, { actor: null, action: 'read', entityType: 'case', entityId: `${label}-${i}`, outcome: 'success', client: { ip: '10.0.0.1', userAgent: 'Test' } });
  }
}

/** What the server writes every 5 minutes: a signed checkpoint of the current head. */
async function checkpointNow(at = '2026-11-25T10:00:00.000Z'): Promise<void> {
  appendCheckpoint(checkpointFile, KEY, { ...(await readChainHead(db)), at });
}

const verify = () => verifyAuditChain(db, { key: KEY, checkpointFile });
const rows = () => db.selectFrom('audit_events').selectAll().orderBy('seq').execute();

// ---- the attacker: database access, no key -------------------------------------------------------

async function withoutGuard<T>(work: () => Promise<T>): Promise<T> {
  if (testDialect() === 'postgres') {
    await sql`alter table audit_events disable trigger audit_events_no_update`.execute(db);
    try {
      return await work();
    } finally {
      await sql`alter table audit_events enable trigger audit_events_no_update`.execute(db);
    }
  }
  await sql`drop trigger audit_events_no_update`.execute(db);
  await sql`drop trigger audit_events_no_delete`.execute(db);
  try {
    return await work();
  } finally {
    await sql`create trigger audit_events_no_update before update on audit_events begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
    await sql`create trigger audit_events_no_delete before delete on audit_events begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
  }
}

/** Edits entry `seq` and rewrites every hash from there on with `hash`, then moves the head to match. */
async function editAndRecompute(seq: number, hash: (row: Omit<AuditEventRow, 'hash'>) => string, fromSeq = seq): Promise<void> {
  await withoutGuard(async () => {
    await db.updateTable('audit_events').set({ user_id: 'someone-else' }).where('seq', '=', seq).execute();
    let prev = fromSeq === 1 ? AUDIT_GENESIS_HASH : (await db.selectFrom('audit_events').select('hash').where('seq', '=', fromSeq - 1).executeTakeFirstOrThrow()).hash;
    for (const row of await rows()) {
      if (Number(row.seq) < fromSeq) continue;
      const { hash: _old, ...fields } = { ...row, seq: Number(row.seq), prev_hash: prev };
      prev = hash(fields);
      await db.updateTable('audit_events').set({ prev_hash: fields.prev_hash, hash: prev }).where('seq', '=', row.seq).execute();
    }
    const last = await db.selectFrom('audit_events').select(['seq', 'hash']).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    await db.updateTable('audit_chain_head').set({ seq: Number(last.seq), hash: last.hash }).where('id', '=', 1).execute();
  });
}

/** Deletes the newest `count` entries (all with Infinity) and sets the head back to the last one left. */
async function cutTail(count: number): Promise<void> {
  await withoutGuard(async () => {
    const head = await readChainHead(db);
    const keep = Math.max(0, head.seq - count);
    await db.deleteFrom('audit_events').where('seq', '>', keep).execute();
    const last = await db.selectFrom('audit_events').select(['seq', 'hash']).where('seq', '=', keep).executeTakeFirst();
    await db.updateTable('audit_chain_head').set({ seq: keep, hash: last?.hash ?? AUDIT_GENESIS_HASH }).where('id', '=', 1).execute();
  });
}

// ---- an untouched trail ---------------------------------------------------------------------------

describe('an untouched trail verifies', () => {
  it('keyed entries, checked against the checkpoints', async () => {
    await append(5);
    await checkpointNow();
    await append(3);
    const result = await verify();
    expect(result).toMatchObject({ ok: true, entries: 8, legacyEntries: 0, checkpoints: { valid: 1, newest: { seq: 5 } } });
    expect((await rows()).map((r) => r.hash.startsWith('hmac:'))).toEqual(Array(8).fill(true));
  });

  it('a legacy unkeyed start (written before the keyed chain) followed by keyed entries', async () => {
    // Three entries as the server wrote them before decision 0024: plain SHA-256, no prefix.
    let prev = AUDIT_GENESIS_HASH;
    for (let seq = 1; seq <= 3; seq += 1) {
      const fields = { seq, id: randomUUID(), occurred_at: '2026-10-01T08:00:00.000Z', organization_id: null, user_id: null, role: null, action: 'list', entity_type: 'case', entity_id: null, case_id: null, outcome: 'success', ip: null, user_agent: null, details: '{}', prev_hash: prev };
      prev = legacyAuditHash(fields);
      await db.insertInto('audit_events').values({ ...fields, hash: prev }).execute();
    }
    await db.updateTable('audit_chain_head').set({ seq: 3, hash: prev }).where('id', '=', 1).execute();
    await append(2);
    await checkpointNow();
    expect(await verify()).toMatchObject({ ok: true, entries: 5, legacyEntries: 3 });
  });
});

// ---- forged ------------------------------------------------------------------------------------------

describe('a recomputed chain fails', () => {
  it('edited, then every later hash recomputed with plain SHA-256', async () => {
    await append(6);
    await checkpointNow();
    await editAndRecompute(3, legacyAuditHash);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, problem: { seq: 3 } });
    expect(result.problem?.reason).toMatch(/unkeyed hash after keyed entries: the chain was recomputed without the audit key/);
  });

  it('the whole chain recomputed with plain SHA-256 (passing itself off as a legacy trail)', async () => {
    await append(6);
    await checkpointNow();
    await editAndRecompute(2, legacyAuditHash, 1);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, problem: { seq: 6 } });
    expect(result.problem?.reason).toMatch(/entry 6 is not the one the checkpoint of 2026-11-25T10:00:00.000Z recorded: the trail was rewritten/);
  });

  it('edited, then every later hash recomputed with a key of the attacker\'s own', async () => {
    await append(6);
    await editAndRecompute(4, (fields) => keyedAuditHash(OTHER_KEY, fields));
    const result = await verify();
    expect(result).toMatchObject({ ok: false, problem: { seq: 4 } });
    expect(result.problem?.reason).toMatch(/do not match its keyed hash: edited, or the chain was recomputed without the audit key/);
  });
});

describe('a cut tail fails', () => {
  it('the newest entries deleted and the head set back', async () => {
    await append(12);
    await checkpointNow('2026-11-25T10:05:00.000Z');
    await cutTail(5);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, entries: 7 });
    expect(result.problem?.reason).toMatch(/^the newest checkpoint \(seq 12 at 2026-11-25T10:05:00.000Z\) is beyond the trail's last entry 7: entries removed at the end/);
    // The same words cover a database restored from a backup older than the checkpoints.
    expect(result.problem?.reason).toMatch(/or this database was restored from a backup older than the checkpoint file/);
  });

  it('the table emptied and the head reset to the genesis value', async () => {
    await append(4);
    await checkpointNow();
    await cutTail(Infinity);
    expect(await rows()).toEqual([]);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, entries: 0 });
    expect(result.problem?.reason).toMatch(/^the newest checkpoint \(seq 4 at .*\) is beyond the trail's last entry 0 \(the trail is empty\): entries removed at the end/);
  });

  it('a checkpoint file whose line was edited to match the cut trail', async () => {
    await append(6);
    await checkpointNow();
    await cutTail(2);
    const text = readFileSync(checkpointFile, 'utf8').replace('"seq":6', '"seq":4');
    writeFileSync(checkpointFile, text);
    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.problem?.reason).toMatch(/checkpoint line 1 \(seq 4\) does not carry a valid signature: the checkpoint file was edited/);
  });

  it('says so when the checkpoints were signed by another key (a key file not restored)', async () => {
    await append(2);
    appendCheckpoint(checkpointFile, OTHER_KEY, { ...(await readChainHead(db)), at: '2026-11-25T10:00:00.000Z' });
    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.problem?.reason).toMatch(/signed by another audit key .*the key file was replaced or not restored/);
  });
});

it.skipIf(testDialect() !== 'sqlite')('npm run audit:verify exits 1 on a cut tail, naming the checkpoint it is beyond', async () => {
  await append(9);
  const file = database.location;
  // The CLI reads DATA_DIR's checkpoint file: the one beside this test database.
  appendCheckpoint(checkpointFileOf(dirname(file)), KEY, { ...(await readChainHead(db)), at: '2026-11-25T10:00:00.000Z' });
  await cutTail(3);
  const run = promisify(execFile)('node_modules/.bin/tsx', ['src/server/audit/audit-verify-cli.ts'], {
    env: { ...process.env, DATABASE_URL: file, DATA_DIR: dirname(file), AUDIT_KEY: TEST_AUDIT_KEY },
  });
  const failure = await run.then(() => null, (error: { code: number; stderr: string }) => error);
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toMatch(/TAMPERED at entry 7: the newest checkpoint \(seq 9 at 2026-11-25T10:00:00.000Z\) is beyond the trail's last entry 6/);
});

// ---- checkpoints are written ----------------------------------------------------------------------

describe('the checkpoint writer', () => {
  const lines = () => readFileSync(checkpointFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { seq: number; at: string });

  it('writes at start, every 5 minutes while the head moves, and at stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = Date.parse('2026-11-25T10:00:00.000Z');
    await append(2);
    const writer = startCheckpointWriter({ db, key: KEY, file: checkpointFile, now: () => new Date(clock) });
    await writer.checkpoint(); // the one started at start has finished
    expect(lines().map((l) => l.seq)).toEqual([2]);

    await append(3);
    clock += 5 * 60_000;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await writer.checkpoint();
    expect(lines().map((l) => [l.seq, l.at])).toEqual([[2, '2026-11-25T10:00:00.000Z'], [5, '2026-11-25T10:05:00.000Z']]);

    // An idle trail adds no line.
    clock += 5 * 60_000;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await writer.checkpoint();
    expect(lines()).toHaveLength(2);

    await append(1);
    clock += 60_000;
    await writer.stop();
    expect(lines().map((l) => [l.seq, l.at])).toEqual([[2, '2026-11-25T10:00:00.000Z'], [5, '2026-11-25T10:05:00.000Z'], [6, '2026-11-25T10:11:00.000Z']]);
    // Stopped: the timer writes no more.
    await append(1);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(lines()).toHaveLength(3);
    expect(await verify()).toMatchObject({ ok: true, entries: 7, checkpoints: { valid: 3, newest: { seq: 6 } } });
  });
});
