import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { AuditCheckpoint, CheckpointReading } from './audit-checkpoints';

// What the database records about its own trail (migration 0017, decision 0044) — its id, where
// the keyed chain began, how far checkpoints were written — and how that is held against the
// checkpoint file outside the database. The file is what someone with database access cannot
// rewrite; the record is what tells a lost or truncated file from a trail that never had one.
// Both the server at start (audit-checkpoint-writer.ts) and audit:verify judge with checkpointGap.

export interface ChainHead {
  seq: number;
  hash: string;
}

export interface TrailRecord extends ChainHead {
  trailId: string | null;
  keyedSince: number | null;
  checkpointedSeq: number | null;
}

const orNull = (value: number | string | null) => (value == null ? null : Number(value));

export async function readTrailRecord(db: Kysely<DB>): Promise<TrailRecord | undefined> {
  const row = await db
    .selectFrom('audit_chain_head')
    .select(['seq', 'hash', 'trail_id', 'keyed_since', 'checkpointed_seq'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return { seq: Number(row.seq), hash: row.hash, trailId: row.trail_id, keyedSince: orNull(row.keyed_since), checkpointedSeq: orNull(row.checkpointed_seq) };
}

/** Records that a checkpoint of `seq` is on disk (never moves the record back). */
export async function recordCheckpointed(db: Kysely<DB>, seq: number): Promise<void> {
  await db
    .updateTable('audit_chain_head')
    .set({ checkpointed_seq: seq })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('checkpointed_seq', 'is', null), eb('checkpointed_seq', '<', seq)]))
    .execute();
}

/** The lines of `trailId` (and lines from before trail ids, which count as any trail's), and which other trails the file holds. */
export function checkpointsOfTrail(valid: AuditCheckpoint[], trailId: string | null): { mine: AuditCheckpoint[]; otherTrails: string[] } {
  const mine = valid.filter((c) => c.trail === undefined || c.trail === trailId);
  const otherTrails = [...new Set(valid.flatMap((c) => (c.trail !== undefined && c.trail !== trailId ? [c.trail] : [])))];
  return { mine, otherTrails };
}

export const newestCheckpoint = (list: AuditCheckpoint[]) =>
  list.reduce<AuditCheckpoint | undefined>((max, c) => (!max || c.seq > max.seq ? c : max), undefined);

export interface CheckpointGap {
  kind: 'missing' | 'truncated' | 'other-trail';
  message: string;
  /** What the database records as checkpointed. */
  recordedSeq: number | null;
  /** The newest checkpoint of this trail in the file. */
  newestSeq: number | null;
  otherTrails: string[];
}

/**
 * What is wrong between the checkpoint file and the database's record, or null. A brand-new trail
 * (never checkpointed, by the database's own record) may have no file; a trail that was checkpointed
 * may not, and a file of another trail only is said to be one.
 */
export function checkpointGap(file: string, record: TrailRecord, reading: CheckpointReading): CheckpointGap | null {
  const { mine, otherTrails } = checkpointsOfTrail(reading.valid, record.trailId);
  const newest = newestCheckpoint(mine);
  const recordedSeq = record.checkpointedSeq;
  const gap = (kind: CheckpointGap['kind'], message: string): CheckpointGap => ({ kind, message, recordedSeq, newestSeq: newest?.seq ?? null, otherTrails });
  if (!newest && otherTrails.length > 0 && record.seq > 0) {
    return gap(
      'other-trail',
      `this checkpoint file (${file}) belongs to trail ${otherTrails.join(', ')}, the database is trail ${record.trailId ?? '(none)'}: ` +
        'it holds no checkpoint of this database (another database\'s DATA_DIR, or a database copied or restored without its own checkpoint file)',
    );
  }
  if (recordedSeq === null) return null;
  if (!newest) {
    return gap(
      'missing',
      `the checkpoint file ${file} is ${reading.exists ? 'empty of checkpoints of this trail' : 'missing'}, but the database records that checkpoints of trail ${record.trailId} ` +
        `were written up to entry ${recordedSeq}: the file was deleted or not restored with the database, so entries removed at the end cannot be ruled out`,
    );
  }
  if (newest.seq < recordedSeq) {
    return gap(
      'truncated',
      `the checkpoint file ${file} ends at entry ${newest.seq} (${newest.at}), but the database records checkpoints up to entry ${recordedSeq}: ` +
        'the file was truncated or replaced by an older copy, so entries removed at the end since then cannot be ruled out',
    );
  }
  return null;
}

// Who is told when the head moves: the checkpoint writer of a database, registered by adapter like
// the audit key (audit-key.ts), so the group commit of audit-log.ts reaches it without importing it.
export interface HeadListener {
  /** A batch committed; `head` is the chain head it left. */
  headMoved(head: ChainHead & { trail: string }): void;
  /** The newest seq this process has written a checkpoint for (fsynced), if any. */
  durableSeq(): number | null;
}

const listeners = new WeakMap<object, HeadListener>();

export function listenToAuditHead(db: Kysely<any>, listener: HeadListener | null): void {
  const adapter = db.getExecutor().adapter;
  if (listener) listeners.set(adapter, listener);
  else listeners.delete(adapter);
}

export const auditHeadListenerOf = (db: Kysely<any>): HeadListener | undefined => listeners.get(db.getExecutor().adapter);
