import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
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

export interface AuditCheckpoint {
  seq: number;
  hash: string;
  /** ISO-8601 UTC time the head was read. */
  at: string;
}

interface CheckpointLine extends AuditCheckpoint {
  keyId: string;
  mac: string;
}

export const checkpointFileOf = (dataDir: string) => join(dataDir, AUDIT_CHECKPOINTS_FILE_NAME);

function macOf(key: Buffer, checkpoint: AuditCheckpoint): string {
  // Its own domain string, so a checkpoint MAC can never double as an entry hash or the other way round.
  return createHmac('sha256', key).update(`casebridge-audit-checkpoint\n${checkpoint.seq}\n${checkpoint.hash}\n${checkpoint.at}`).digest('hex');
}

export function signedCheckpointLine(key: Buffer, checkpoint: AuditCheckpoint): string {
  const line: CheckpointLine = { ...checkpoint, keyId: auditKeyId(key), mac: macOf(key, checkpoint) };
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
    const { seq, hash, at, mac } = line;
    if (typeof seq !== 'number' || typeof hash !== 'string' || typeof at !== 'string' || typeof mac !== 'string') {
      reading.problems.push(`checkpoint line ${number} is not a checkpoint (the file was edited)`);
      return;
    }
    const expected = Buffer.from(macOf(key, { seq, hash, at }), 'hex');
    const given = Buffer.from(mac, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      reading.problems.push(
        line.keyId && line.keyId !== keyId
          ? `checkpoint line ${number} was signed by another audit key (id ${line.keyId}; this key is ${keyId}): the key file was replaced or not restored with the database`
          : `checkpoint line ${number} (seq ${seq}) does not carry a valid signature: the checkpoint file was edited`,
      );
      return;
    }
    reading.valid.push({ seq, hash, at });
  });
  return reading;
}

export interface CheckpointWriter {
  /** Writes a checkpoint now if the head moved since the last one. */
  checkpoint(): Promise<void>;
  /** Stops the timer and writes the last checkpoint (at shutdown). */
  stop(): Promise<void>;
}

export interface CheckpointWriterOptions {
  db: Kysely<DB>;
  key: Buffer;
  file: string;
  /** Default: every 5 minutes. */
  intervalMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export const CHECKPOINT_INTERVAL_MS = 5 * 60_000;

/**
 * Writes a checkpoint at start, every `intervalMs` while the server runs, and at stop. The timer is
 * unref'd: it never keeps a process alive. A head that has not moved is not written again (the last
 * line still holds), so an idle server's file does not grow.
 */
export function startCheckpointWriter(options: CheckpointWriterOptions): CheckpointWriter {
  const { db, key, file } = options;
  const now = options.now ?? (() => new Date());
  let last: string | null = null;
  let running: Promise<void> = Promise.resolve();

  const write = async () => {
    const head = await readChainHead(db);
    const mark = `${head.seq}:${head.hash}`;
    if (mark === last) return;
    appendCheckpoint(file, key, { ...head, at: now().toISOString() });
    last = mark;
  };
  // One write at a time, in order: the timer and stop() may meet.
  const checkpoint = () => (running = running.then(write, write).catch((error: unknown) => options.onError?.(error)));

  const timer = setInterval(() => void checkpoint(), options.intervalMs ?? CHECKPOINT_INTERVAL_MS);
  timer.unref();
  void checkpoint();
  return {
    checkpoint,
    async stop() {
      clearInterval(timer);
      await checkpoint();
    },
  };
}
