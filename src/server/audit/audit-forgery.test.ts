import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_GENESIS_HASH } from '../../../db/migrations/0006-trust';
import type { DB } from '../../../db/schema';
import { TEST_AUDIT_KEY } from '../config';
import * as attacker from '../test-support/audit-attacker';
import { type TestDatabase, openTestDatabase, testDialect } from '../test-support/test-database';
import { type AuditEventRow, keyedAuditHash, legacyAuditHash } from './audit-chain';
import { appendCheckpoint, checkpointFileOf, readChainHead } from './audit-checkpoints';
import { startCheckpointWriter } from './audit-checkpoint-writer';
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

// ---- the attacker: database access, no key (test-support/audit-attacker.ts) --------------------------

const editAndRecompute = (seq: number, hash: (row: Omit<AuditEventRow, 'hash'>) => string, fromSeq = seq) => attacker.editAndRecompute(db, seq, hash, fromSeq);
const cutTail = (count: number) => attacker.cutTail(db, count);

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
  const lines = () => readFileSync(checkpointFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { seq: number; at: string; trail?: string });

  // Decision 0044: no longer every 5 minutes but after every committed batch (coalesced), so a cut
  // tail is caught down to the last batch; the 5-minute timer is only a safety net.
  it('writes at start, after every committed batch, and at stop; an idle trail adds no line', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = Date.parse('2026-11-25T10:00:00.000Z');
    await append(2);
    const writer = startCheckpointWriter({ db, key: KEY, file: checkpointFile, now: () => new Date(clock) });
    await writer.checkpoint(); // the one started at start has finished
    expect(lines().map((l) => l.seq)).toEqual([2]);
    const trail = (await db.selectFrom('audit_chain_head').select('trail_id').executeTakeFirstOrThrow()).trail_id;
    expect(lines()[0]?.trail).toBe(trail);

    await append(3); // three batches: each is followed by a checkpoint of its head (or a newer one)
    await writer.checkpoint();
    const seqs = lines().map((l) => l.seq);
    expect(seqs.at(-1)).toBe(5);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    // An idle trail adds no line, timer or not.
    const before = lines().length;
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    await writer.checkpoint();
    expect(lines()).toHaveLength(before);

    await append(1);
    await writer.stop();
    expect(lines().at(-1)?.seq).toBe(6);
    // The database records that its trail was checkpointed (a missing file is a finding from now on).
    expect(Number((await db.selectFrom('audit_chain_head').select('checkpointed_seq').executeTakeFirstOrThrow()).checkpointed_seq)).toBe(6);
    // Stopped: neither a batch nor the timer writes any more.
    const stopped = lines().length;
    await append(1);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(lines()).toHaveLength(stopped);
    expect(await verify()).toMatchObject({ ok: true, entries: 7, checkpoints: { newest: { seq: 6 } } });
  });
});
