import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../../db/migrate';
import { AUDIT_GENESIS_HASH } from '../../../db/migrations/0006-trust';
import type { DB } from '../../../db/schema';
import { TEST_AUDIT_KEY } from '../config';
import { cutTail, editAndRecompute } from '../test-support/audit-attacker';
import { type TestDatabase, openTestDatabase, testDialect } from '../test-support/test-database';
import { keyedAuditHash, legacyAuditHash } from './audit-chain';
import { type CheckpointWriter, startAuditCheckpoints, startCheckpointWriter } from './audit-checkpoint-writer';
import { appendCheckpoint, checkpointFileOf, readChainHead } from './audit-checkpoints';
import { useAuditKey } from './audit-key';
import { recordAuditEvent } from './audit-log';
import { verificationReport, verifyAuditChain } from './audit-verify';

// Issue 28, "a trail that cannot be cut" (decision 0044). The attacker has database access but not
// DATA_DIR. Before: with the checkpoint file gone, a trail cut to half, or rewritten entirely as
// unkeyed hashes, verified as intact and a server start signed over it; with the file present, what
// was written after the last 5-minute checkpoint could be cut unseen. Now the database records that
// it was checkpointed, where its keyed chain began and which trail it is; every batch is
// checkpointed; and a missing file is a finding.

const KEY = Buffer.from(TEST_AUDIT_KEY, 'hex');

let database: TestDatabase;
let db: Kysely<DB>;
let dataDir: string;
let checkpointFile: string;
let writer: CheckpointWriter | null;

beforeEach(async () => {
  database = await openTestDatabase();
  db = database.db;
  useAuditKey(db, KEY);
  dataDir = mkdtempSync(join(tmpdir(), 'casebridge-audit-cut-'));
  checkpointFile = checkpointFileOf(dataDir);
  writer = null;
});
afterEach(async () => {
  await writer?.stop();
  await database.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function append(count: number, label = 'entry'): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await recordAuditEvent(db, { actor: null, action: 'read', entityType: 'case', entityId: `${label}-${i}`, outcome: 'success', client: { ip: '10.0.0.1', userAgent: 'Test' } });
  }
}

/** A trail as a running server leaves it: `count` entries, each batch checkpointed, the writer stopped. */
async function checkpointedTrail(count: number, file = checkpointFile): Promise<void> {
  const running = startCheckpointWriter({ db, key: KEY, file });
  await append(count);
  await running.stop();
}

const verify = () => verifyAuditChain(db, { key: KEY, checkpointFile });
const newestLineSeq = () => (existsSync(checkpointFile) ? Math.max(...readFileSync(checkpointFile, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { seq: number }).seq)) : 0);

describe('a missing checkpoint file is a finding', () => {
  it('a trail cut to half, its checkpoint file deleted: fails, saying the file is missing', async () => {
    await checkpointedTrail(10);
    rmSync(checkpointFile);
    await cutTail(db, 5);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, entries: 5, problem: { kind: 'checkpoints-missing' } });
    expect(result.problem?.reason).toMatch(/the checkpoint file .* is missing, but the database records that checkpoints of trail .* were written up to entry 10/);
    expect(result.problem?.reason).toMatch(/beyond the trail's last entry 5: entries removed at the end/);
    const report = verificationReport(result, 'test');
    expect(report.exitCode).toBe(1);
    expect(report.err.join('\n')).toMatch(/NOT VERIFIED, CHECKPOINT FILE MISSING/);
  });

  it('a trail rewritten entirely as unkeyed hashes, its checkpoint file deleted: fails', async () => {
    await checkpointedTrail(6);
    rmSync(checkpointFile);
    await editAndRecompute(db, 2, legacyAuditHash, 1);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, problem: { seq: 1, kind: 'tampered' } });
    expect(result.problem?.reason).toMatch(/an unkeyed hash at or after entry 1, where the database records that the keyed chain began/);
  });

  it('… and with the record of the keyed start erased too, the missing file still fails it', async () => {
    await checkpointedTrail(6);
    rmSync(checkpointFile);
    await editAndRecompute(db, 2, legacyAuditHash, 1);
    await db.updateTable('audit_chain_head').set({ keyed_since: null }).where('id', '=', 1).execute();
    expect(await verify()).toMatchObject({ ok: false, problem: { kind: 'checkpoints-missing' } });
  });

  it('a file cut short (its newest lines removed) is a finding too', async () => {
    await checkpointedTrail(4);
    const first = readFileSync(checkpointFile, 'utf8').split('\n')[0];
    writeFileSync(checkpointFile, `${first}\n`);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, problem: { kind: 'checkpoints-missing' } });
    expect(result.problem?.reason).toMatch(/ends at entry 1 .* but the database records checkpoints up to entry 4: the file was truncated/);
  });

  it('a brand-new trail, never checkpointed by its own record, may have no file (a note)', async () => {
    await append(3);
    const result = await verify();
    expect(result).toMatchObject({ ok: true, entries: 3 });
    expect(result.notes.join(' ')).toMatch(/the database records none written/);
  });

  it.skipIf(testDialect() !== 'sqlite')('npm run audit:verify exits 1 when the file is missing', async () => {
    const file = database.location;
    await checkpointedTrail(8, checkpointFileOf(dirname(file)));
    rmSync(checkpointFileOf(dirname(file)));
    await cutTail(db, 4);
    const run = promisify(execFile)('node_modules/.bin/tsx', ['src/server/audit/audit-verify-cli.ts'], {
      env: { ...process.env, DATABASE_URL: file, DATA_DIR: dirname(file), AUDIT_KEY: TEST_AUDIT_KEY },
    });
    const failure = await run.then(() => null, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/CHECKPOINT FILE MISSING OR CUT SHORT: the checkpoint file .* is missing/);
  });
});

describe('every committed batch is checkpointed', () => {
  it('entries written after the previous checkpoint cannot be cut unseen', async () => {
    await append(5);
    writer = startCheckpointWriter({ db, key: KEY, file: checkpointFile });
    await writer.checkpoint();
    expect(newestLineSeq()).toBe(5);
    await append(5, 'after'); // no checkpoint() call: only what the group commit triggers
    for (const start = Date.now(); newestLineSeq() < 10 && Date.now() - start < 5_000;) await new Promise((r) => setTimeout(r, 20));
    await cutTail(db, 5);
    const result = await verify();
    expect(result).toMatchObject({ ok: false, entries: 5, problem: { kind: 'tampered' } });
    expect(result.problem?.reason).toMatch(/^the newest checkpoint \(seq 10 at .*\) is beyond the trail's last entry 5/);
  });
});

describe('a server start on a checkpointed trail whose file is missing', () => {
  const alarms: { details: object; message: string }[] = [];
  const log = { error: (details: object, message: string) => void alarms.push({ details, message }) };
  beforeEach(() => void alarms.splice(0));

  it('logs an alarm and records the gap in the trail, then checkpoints on', async () => {
    await checkpointedTrail(6);
    rmSync(checkpointFile);
    const started = await startAuditCheckpoints({ db, key: KEY, file: checkpointFile, log });
    writer = started.writer;
    expect(started.gap).toMatchObject({ kind: 'missing', recordedSeq: 6, newestSeq: null });
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.message).toMatch(/^AUDIT ALARM: the checkpoint file .* is missing, but the database records .* up to entry 6/);
    const entry = await db.selectFrom('audit_events').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ seq: 7, action: 'checkpoints-missing', entity_type: 'audit', outcome: 'failure' });
    expect(JSON.parse(entry.details)).toMatchObject({ kind: 'missing', recordedSeq: 6, newestSeq: null, headSeq: 6 });
    // The new file covers the entry that records the gap; verify says the gap was recorded.
    expect(newestLineSeq()).toBe(7);
    const result = await verify();
    expect(result).toMatchObject({ ok: true, entries: 7, recordedGaps: [{ seq: 7 }] });
    const report = verificationReport(result, 'test');
    expect(report.exitCode).toBe(0);
    expect(report.err.join('\n')).toMatch(/^WARNING: entry 7 .* records that the server found the checkpoint file missing/m);
  });

  it('a fresh database starts quietly, and so does a trail whose file is whole', async () => {
    const fresh = await startAuditCheckpoints({ db, key: KEY, file: checkpointFile, log });
    expect(fresh.gap).toBeNull();
    await fresh.writer.stop();
    await checkpointedTrail(3);
    writer = (await startAuditCheckpoints({ db, key: KEY, file: checkpointFile, log })).writer;
    expect(alarms).toEqual([]);
  });
});

describe('checkpoint files name their trail', () => {
  it('another database\'s checkpoint file is said to be one, not tampering', async () => {
    const other = await openTestDatabase();
    try {
      useAuditKey(other.db, KEY);
      const otherFile = join(dataDir, 'other-checkpoints.jsonl');
      const running = startCheckpointWriter({ db: other.db, key: KEY, file: otherFile });
      await recordAuditEvent(other.db, { actor: null, action: 'read', entityType: 'case', entityId: 'x', outcome: 'success', client: { ip: null, userAgent: null } });
      await running.stop();
      await checkpointedTrail(4);
      copyFileSync(otherFile, checkpointFile); // the other database's file where this one's should be
      const trailOf = async (d: Kysely<DB>) => (await d.selectFrom('audit_chain_head').select('trail_id').executeTakeFirstOrThrow()).trail_id;
      const [mine, theirs] = [await trailOf(db), await trailOf(other.db)];
      expect(mine).not.toBe(theirs);
      const result = await verify();
      expect(result).toMatchObject({ ok: false, problem: { kind: 'other-trail' } });
      expect(result.problem?.reason).toContain(`belongs to trail ${theirs}, the database is trail ${mine}`);
      expect(verificationReport(result, 'test').err.join('\n')).not.toMatch(/TAMPERED/);
    } finally {
      await other.dispose();
    }
  });

  it('lines written before trail ids (no trail) are still read as this trail\'s', async () => {
    await append(3);
    appendCheckpoint(checkpointFile, KEY, { ...(await readChainHead(db)), at: '2026-11-25T10:00:00.000Z' });
    await cutTail(db, 1);
    expect((await verify()).problem?.reason).toMatch(/newest checkpoint \(seq 3 .*\) is beyond the trail's last entry 2/);
  });
});

describe('migration 0017 on a trail that already has entries', () => {
  it('gives it a trail id and records where its keyed chain began', async () => {
    await migrateTo(db, '0016-clinical-record');
    // As a server before 0017 left it: two legacy (unkeyed) entries, then two keyed ones.
    let prev = AUDIT_GENESIS_HASH;
    for (let seq = 1; seq <= 4; seq += 1) {
      const fields = { seq, id: randomUUID(), occurred_at: '2026-10-01T08:00:00.000Z', organization_id: null, user_id: null, role: null, action: 'list', entity_type: 'case', entity_id: null, case_id: null, outcome: 'success', ip: null, user_agent: null, details: '{}', prev_hash: prev };
      prev = seq <= 2 ? legacyAuditHash(fields) : keyedAuditHash(KEY, fields);
      await db.insertInto('audit_events').values({ ...fields, hash: prev }).execute();
    }
    await db.updateTable('audit_chain_head').set({ seq: 4, hash: prev }).where('id', '=', 1).execute();
    await migrateToLatest(db);
    const head = await db.selectFrom('audit_chain_head').select(['trail_id', 'keyed_since', 'checkpointed_seq']).executeTakeFirstOrThrow();
    expect(head.trail_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(head.keyed_since)).toBe(3);
    expect(head.checkpointed_seq).toBeNull();
    expect(await verify()).toMatchObject({ ok: true, entries: 4, legacyEntries: 2, trail: head.trail_id });
    await append(1); // the next append keeps both
    expect(await db.selectFrom('audit_chain_head').select(['trail_id', 'keyed_since']).executeTakeFirstOrThrow()).toEqual({ trail_id: head.trail_id, keyed_since: head.keyed_since });
  });
});
