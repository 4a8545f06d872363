import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { appendCheckpointAsync, readCheckpoints } from './audit-checkpoints';
import { recordAuditEvent } from './audit-log';
import { type ChainHead, type CheckpointGap, type HeadListener, checkpointGap, listenToAuditHead, auditHeadListenerOf, readTrailRecord, recordCheckpointed } from './audit-trail';

// Writing the signed checkpoints (decision 0024), now after every committed batch of the group
// commit (decision 0044) rather than every 5 minutes: entries cut at the end are caught down to the
// last checkpoint, and a checkpoint every 5 minutes left up to 5 minutes of activity deletable.
//
// Coalesced: at most one checkpoint write (one append + fsync, on the thread pool) is in flight; the
// batches that commit meanwhile only move the head it writes next. A request is released when its
// batch commits, not when the checkpoint is on disk — the fsync stays off its path, and the window a
// cut can hide in is the length of one fsync plus one batch (milliseconds; a second or so at worst).
// What this process has on disk is recorded in the database with the next batch (audit-log.ts), at
// the first checkpoint of a trail and at stop, so a database knows it has been checkpointed.

export interface CheckpointWriter {
  /** Reads the head from the database and writes it if it moved; resolves when the writer is idle. */
  checkpoint(): Promise<void>;
  /** Stops the timer and the per-batch checkpoints, writes the last checkpoint (at shutdown). */
  stop(): Promise<void>;
}

export interface CheckpointWriterOptions {
  db: Kysely<DB>;
  key: Buffer;
  file: string;
  /** A safety net for heads moved without a batch of ours (another process, an append in a caller's transaction). Default: 5 minutes. */
  intervalMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export const CHECKPOINT_INTERVAL_MS = 5 * 60_000;

type Head = ChainHead & { trail: string };
const markOf = (head: Head) => `${head.trail}:${head.seq}:${head.hash}`;

/**
 * Writes a checkpoint at start, after every batch of the audit trail's group commit, every
 * `intervalMs` (unref'd) and at stop. A head that has not moved is not written again, so an idle
 * server's file does not grow. An empty trail (no entry, no trail id yet) has nothing to checkpoint.
 */
export function startCheckpointWriter(options: CheckpointWriterOptions): CheckpointWriter {
  const { db, key, file } = options;
  const now = options.now ?? (() => new Date());
  let latest: Head | null = null;
  let written: string | null = null;
  let failed: string | null = null; // a head whose write failed is retried when the head moves, not in a loop
  let durable: number | null = null;
  let recorded = false;
  let inFlight: Promise<void> | null = null;
  const idleWaiters: (() => void)[] = [];

  const writeOne = async (head: Head) => {
    await appendCheckpointAsync(file, key, { trail: head.trail, seq: head.seq, hash: head.hash, at: now().toISOString() });
    written = markOf(head);
    durable = Math.max(durable ?? 0, head.seq);
    // The first checkpoint of this process is recorded at once: from now on, a missing file is a finding.
    if (!recorded) {
      await recordCheckpointed(db, head.seq);
      recorded = true;
    }
  };
  const kick = () => {
    if (inFlight) return;
    const next = latest;
    if (!next || markOf(next) === written || markOf(next) === failed) {
      for (const wake of idleWaiters.splice(0)) wake();
      return;
    }
    inFlight = writeOne(next)
      .catch((error: unknown) => {
        failed = markOf(next);
        options.onError?.(error);
      })
      .finally(() => {
        inFlight = null;
        kick();
      });
  };
  const idle = () => new Promise<void>((resolve) => {
    idleWaiters.push(resolve);
    kick();
  });

  const listener: HeadListener = {
    headMoved(head) {
      // Another process's batch may report an older head after ours: the newest is what counts.
      if (!latest || head.seq >= latest.seq || head.trail !== latest.trail) latest = head;
      kick();
    },
    durableSeq: () => durable,
  };
  listenToAuditHead(db, listener);

  const checkpoint = async () => {
    try {
      const record = await readTrailRecord(db);
      if (record?.trailId) listener.headMoved({ seq: record.seq, hash: record.hash, trail: record.trailId });
    } catch (error) {
      options.onError?.(error);
    }
    await idle();
  };

  const timer = setInterval(() => void checkpoint(), options.intervalMs ?? CHECKPOINT_INTERVAL_MS);
  timer.unref();
  void checkpoint();
  return {
    checkpoint,
    async stop() {
      clearInterval(timer);
      await checkpoint();
      if (auditHeadListenerOf(db) === listener) listenToAuditHead(db, null);
      if (durable !== null) await recordCheckpointed(db, durable).catch((error: unknown) => options.onError?.(error));
    },
  };
}

export interface AuditAlarmLog {
  error(details: object, message: string): void;
}

/**
 * The start of the server's checkpoints: first holds the checkpoint file against what the database
 * records (audit-trail.ts). A trail that was checkpointed but whose file is missing or ends earlier —
 * or a file of another trail only — is an alarm in the log and an entry in the trail itself
 * (`checkpoints-missing`, with what was found), never a silent fresh start. The server still starts:
 * the clinic keeps working, and the checkpoints continue from the current head, which covers the
 * entry that records the gap.
 */
export async function startAuditCheckpoints(options: CheckpointWriterOptions & { log: AuditAlarmLog }): Promise<{ writer: CheckpointWriter; gap: CheckpointGap | null }> {
  const { db, key, file, log } = options;
  const record = await readTrailRecord(db);
  const gap = record ? checkpointGap(file, record, readCheckpoints(file, key)) : null;
  const writer = startCheckpointWriter(options);
  if (gap && record) {
    log.error(
      { file, trail: record.trailId, headSeq: record.seq, kind: gap.kind, recordedSeq: gap.recordedSeq, newestSeq: gap.newestSeq },
      `AUDIT ALARM: ${gap.message}. Recorded in the audit trail as "checkpoints-missing"; checkpoints continue from the current head. Find out why before trusting the trail (README, "Audit trail").`,
    );
    await recordAuditEvent(db, {
      actor: null,
      action: 'checkpoints-missing',
      entityType: 'audit',
      entityId: record.trailId,
      outcome: 'failure',
      client: { ip: null, userAgent: null },
      details: { kind: gap.kind, file, headSeq: record.seq, recordedSeq: gap.recordedSeq, newestSeq: gap.newestSeq, otherTrails: gap.otherTrails },
    });
    await writer.checkpoint();
  }
  return { writer, gap };
}
