import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { AUDIT_CHECKPOINTS_FILE_NAME } from '../../../db/backup';
import type { DB } from '../../../db/schema';
import { auditKeyId } from './audit-key';

// Signed checkpoints of the chain head, kept OUTSIDE the database (decision 0024). A keyed chain
// cannot be recomputed without the key, but it can still be cut: delete the newest entries (or all of
// them) and set the head back, and what is left verifies. A checkpoint — "at <time> the trail held
// <seq> entries ending in <hash>", with an HMAC under the audit key — is what the database alone
// cannot take back: audit:verify fails when the trail is shorter than a checkpoint or holds another
// hash at a checkpoint's seq.
//
// The file is append-only JSON lines in DATA_DIR. One line is one write(2) on a file opened
// O_APPEND, then fsync: a crash can at worst leave the last line torn, which verify skips and says so;
// several processes sharing DATA_DIR append without overwriting each other.
//
// Each line names the trail it belongs to (decision 0044: `trail`, the database's
// audit_chain_head.trail_id, under the MAC), so a database held against another database's file is
// told so rather than called tampered. Lines written before that carry no trail and a MAC without
// it; they are still read, as lines of whichever trail is being verified (they were written when a
// DATA_DIR held one database's checkpoints), and checked entry by entry as before.

export interface AuditCheckpoint {
  seq: number;
  hash: string;
  /** ISO-8601 UTC time the head was read. */
  at: string;
  /** The trail (audit_chain_head.trail_id) this is a checkpoint of; absent on lines written before decision 0044. */
  trail?: string;
}

interface CheckpointLine extends AuditCheckpoint {
  keyId: string;
  mac: string;
}

export const checkpointFileOf = (dataDir: string) => join(dataDir, AUDIT_CHECKPOINTS_FILE_NAME);

function macOf(key: Buffer, checkpoint: AuditCheckpoint): string {
  // Its own domain string, so a checkpoint MAC can never double as an entry hash or the other way round;
  // a line with a trail has a second one, so the trail can be neither stripped nor added.
  const signed = checkpoint.trail === undefined
    ? `casebridge-audit-checkpoint\n${checkpoint.seq}\n${checkpoint.hash}\n${checkpoint.at}`
    : `casebridge-audit-checkpoint-v2\n${checkpoint.trail}\n${checkpoint.seq}\n${checkpoint.hash}\n${checkpoint.at}`;
  return createHmac('sha256', key).update(signed).digest('hex');
}

export function signedCheckpointLine(key: Buffer, checkpoint: AuditCheckpoint): string {
  const { trail, seq, hash, at } = checkpoint;
  const line: CheckpointLine = { ...(trail === undefined ? {} : { trail }), seq, hash, at, keyId: auditKeyId(key), mac: macOf(key, checkpoint) };
  return `${JSON.stringify(line)}\n`;
}

export function appendCheckpoint(file: string, key: Buffer, checkpoint: AuditCheckpoint): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'a', 0o600);
  try {
    writeSync(fd, signedCheckpointLine(key, checkpoint));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** appendCheckpoint off the event loop (the thread pool does the write and the fsync): the per-batch writer's. */
export async function appendCheckpointAsync(file: string, key: Buffer, checkpoint: AuditCheckpoint): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.write(signedCheckpointLine(key, checkpoint));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function readChainHead(db: Kysely<DB>): Promise<{ seq: number; hash: string }> {
  const head = await db.selectFrom('audit_chain_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { seq: Number(head.seq), hash: head.hash };
}

export interface CheckpointReading {
  /** Checkpoints whose MAC verifies under the key, in file order. */
  valid: AuditCheckpoint[];
  /** Lines that do not verify, each said in words (line numbers from 1). */
  problems: string[];
  /** Notes that are not tampering (a torn last line). */
  notes: string[];
  /** False when there is no checkpoint file at all. */
  exists: boolean;
}

export function readCheckpoints(file: string, key: Buffer): CheckpointReading {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { valid: [], problems: [], notes: [], exists: false };
    throw error;
  }
  const reading: CheckpointReading = { valid: [], problems: [], notes: [], exists: true };
  const lines = text.split('\n');
  const keyId = auditKeyId(key);
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const number = index + 1;
    const last = lines.slice(index + 1).every((l) => l.trim() === '');
    let line: Partial<CheckpointLine>;
    try {
      line = JSON.parse(raw) as Partial<CheckpointLine>;
    } catch {
      if (last && !text.endsWith('\n')) reading.notes.push(`checkpoint line ${number} is cut short (a write interrupted by a crash) and was skipped`);
      else reading.problems.push(`checkpoint line ${number} is not a checkpoint (the file was edited)`);
      return;
    }
    const { seq, hash, at, mac, trail } = line;
    if (typeof seq !== 'number' || typeof hash !== 'string' || typeof at !== 'string' || typeof mac !== 'string' || (trail !== undefined && typeof trail !== 'string')) {
      reading.problems.push(`checkpoint line ${number} is not a checkpoint (the file was edited)`);
      return;
    }
    const checkpoint: AuditCheckpoint = { seq, hash, at, ...(trail === undefined ? {} : { trail }) };
    const expected = Buffer.from(macOf(key, checkpoint), 'hex');
    const given = Buffer.from(mac, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      reading.problems.push(
        line.keyId && line.keyId !== keyId
          ? `checkpoint line ${number} was signed by another audit key (id ${line.keyId}; this key is ${keyId}): the key file was replaced or not restored with the database`
          : `checkpoint line ${number} (seq ${seq}) does not carry a valid signature: the checkpoint file was edited`,
      );
      return;
    }
    reading.valid.push(checkpoint);
  });
  return reading;
}
