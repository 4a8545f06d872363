import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { AUDIT_GENESIS_HASH } from '../../../db/migrations/0006-trust';
import { isKeyedHash, keyedAuditHash, legacyAuditHash } from './audit-chain';
import { type AuditCheckpoint, readCheckpoints } from './audit-checkpoints';
import { auditKeyOf } from './audit-key';
import { checkpointGap, checkpointsOfTrail, newestCheckpoint, readTrailRecord } from './audit-trail';

// Walks the whole trail in order and recomputes every hash under the audit key, then holds the trail
// against the signed checkpoints kept outside the database (decision 0024). Reported, with the first
// sequence number where it breaks:
// - an edited, inserted, removed or reordered entry, or a chain recomputed without the key (plain
//   SHA-256 after keyed entries, or another key);
// - a chain head that does not match the last entry;
// - a trail shorter than a checkpoint (entries cut at the end, or the whole table emptied), or one
//   holding another hash at a checkpoint's seq (rewritten after it).
// - (decision 0044) an unkeyed entry at or after the seq where the database records that the keyed
//   chain began, or a record of keyed entries with none left (a trail rewritten entirely as
//   "legacy"); a record of checkpoints beyond the trail's end;
// - a checkpoint file missing, or ending earlier than the database records it was written to (a
//   finding, not a fresh start), or one that belongs to another trail (said as such, not as tampering).
// Legacy entries (unkeyed SHA-256, written before the keyed chain) verify only before the first keyed
// entry, whose HMAC covers the last of them.

export type AuditProblemKind =
  /** The trail was altered: an entry, the chain, the head, a checkpoint line. */
  | 'tampered'
  /** The checkpoint file is missing or ends before what the database records as checkpointed. */
  | 'checkpoints-missing'
  /** The checkpoint file is another trail's: the wrong DATA_DIR, or a database copied without its file. */
  | 'other-trail';

export interface AuditProblem {
  seq: number;
  reason: string;
  kind: AuditProblemKind;
}

export interface AuditVerification {
  ok: boolean;
  entries: number;
  /** The trail's id (audit_chain_head.trail_id); null for a trail with no entry yet. */
  trail: string | null;
  /** The first entry that does not verify, and why. */
  problem?: AuditProblem;
  /** Entries hashed the old, unkeyed way at the start of the trail. */
  legacyEntries: number;
  checkpoints: {
    file: string | null;
    /** Checkpoints that carry a valid signature. */
    valid: number;
    newest?: AuditCheckpoint;
  };
  /** Things to know that are not tampering (no checkpoint file yet, a torn last line). */
  notes: string[];
  /** Entries in which the server recorded, at start, that it found the checkpoint file missing or truncated. */
  recordedGaps: { seq: number; at: string; details: string }[];
}

export interface VerifyOptions {
  /** The audit key; default: the key registered for `db` (audit-key.ts). */
  key?: Buffer;
  /** The checkpoint file to hold the trail against; null: none (said in the notes). */
  checkpointFile?: string | null;
}

const BATCH = 5_000;

export async function verifyAuditChain(db: Kysely<DB>, options: VerifyOptions = {}): Promise<AuditVerification> {
  const key = options.key ?? auditKeyOf(db);
  const file = options.checkpointFile ?? null;
  const reading = file ? readCheckpoints(file, key) : { valid: [], problems: [], notes: [], exists: false };
  const record = await readTrailRecord(db);
  const trail = record?.trailId ?? null;
  // Lines of another trail are not this database's; lines from before trail ids count as any trail's.
  const { mine, otherTrails } = checkpointsOfTrail(reading.valid, trail);
  const newest = newestCheckpoint(mine);
  const notes = [...reading.notes];
  if (!file) notes.push('no checkpoint file given: entries cut at the end could not be detected');
  else if (!reading.exists && record?.checkpointedSeq == null) notes.push(`no checkpoints at ${file} yet, and the database records none written: entries cut at the end could not be detected`);
  if (mine.length > 0 && otherTrails.length > 0) notes.push(`the checkpoint file also holds checkpoints of trail ${otherTrails.join(', ')} (another database that used this DATA_DIR); they were not used`);

  // The hash each checkpoint expects at its seq, checked as the walk passes it.
  const wanted = new Map<number, AuditCheckpoint[]>();
  for (const c of mine) wanted.set(c.seq, [...(wanted.get(c.seq) ?? []), c]);

  let expectedSeq = 1;
  let previousHash = AUDIT_GENESIS_HASH;
  let entries = 0;
  let legacyEntries = 0;
  let keyedSeen = false;
  let firstKeyed: number | null = null;
  let unkeyedAfterRecordedStart: number | null = null;
  const recordedGaps: AuditVerification['recordedGaps'] = [];
  const result = (problem?: AuditProblem): AuditVerification => ({
    ok: !problem,
    entries,
    trail,
    legacyEntries,
    ...(problem ? { problem } : {}),
    checkpoints: { file, valid: mine.length, ...(newest ? { newest } : {}) },
    notes,
    recordedGaps,
  });
  const broken = (seq: number, reason: string, kind: AuditProblemKind = 'tampered') => result({ seq, reason, kind });

  for (;;) {
    const rows = await db.selectFrom('audit_events').selectAll().where('seq', '>=', expectedSeq).orderBy('seq').limit(BATCH).execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return broken(expectedSeq, `entry ${expectedSeq} is missing (next is ${seq})`);
      if (row.prev_hash !== previousHash) return broken(seq, seq === 1 ? 'the first entry does not start the chain (entries removed at the start)' : 'does not chain to the entry before it');
      if (isKeyedHash(row.hash)) {
        if (keyedAuditHash(key, { ...row, seq }) !== row.hash) {
          return broken(seq, 'its contents do not match its keyed hash: edited, or the chain was recomputed without the audit key (or this is not the key that wrote it)');
        }
        keyedSeen = true;
        firstKeyed ??= seq;
      } else {
        if (keyedSeen) return broken(seq, 'an unkeyed hash after keyed entries: the chain was recomputed without the audit key');
        if (legacyAuditHash({ ...row, seq }) !== row.hash) return broken(seq, 'its contents do not match its hash (edited)');
        // Reported after the walk, so that a checkpoint the rewrite contradicts is named first.
        if (record?.keyedSince != null && seq >= record.keyedSince) unkeyedAfterRecordedStart ??= seq;
        legacyEntries += 1;
      }
      for (const c of wanted.get(seq) ?? []) {
        if (c.hash !== row.hash) return broken(seq, `entry ${seq} is not the one the checkpoint of ${c.at} recorded: the trail was rewritten after it`);
      }
      if (row.action === 'checkpoints-missing') recordedGaps.push({ seq, at: row.occurred_at, details: row.details });
      previousHash = row.hash;
      expectedSeq += 1;
      entries += 1;
    }
    if (rows.length < BATCH) break;
  }

  if (!record) return broken(expectedSeq, 'the chain head is missing');
  if (record.seq !== entries) return broken(entries + 1, `the chain head says ${record.seq} entries, the trail holds ${entries} (entries removed at the end)`);
  if (record.hash !== previousHash) return broken(entries, entries === 0 ? 'the chain head of an empty trail is not the genesis value' : 'the last entry does not match the chain head');

  if (newest && newest.seq > entries) {
    return broken(
      entries + 1,
      `the newest checkpoint (seq ${newest.seq} at ${newest.at}) is beyond the trail's last entry ${entries}${entries === 0 ? ' (the trail is empty)' : ''}: ` +
        'entries removed at the end — or this database was restored from a backup older than the checkpoint file (restore the checkpoints saved with that backup; README, "Backups")',
    );
  }

  // What the database records about its trail (decision 0044). An attacker with database access can
  // edit these too; the checkpoint file is what they cannot, and it was checked above.
  const keyedSince = record.keyedSince;
  if (keyedSince !== null && unkeyedAfterRecordedStart !== null) {
    return broken(unkeyedAfterRecordedStart, `an unkeyed hash at or after entry ${keyedSince}, where the database records that the keyed chain began: the chain was recomputed without the audit key`);
  }
  if (keyedSince !== null && firstKeyed === null) {
    return broken(Math.min(keyedSince, entries + 1), `the database records keyed entries from entry ${keyedSince}, but the trail holds none: it was rewritten or cut without the audit key`);
  }
  if (firstKeyed !== null && keyedSince !== firstKeyed) {
    return broken(firstKeyed, `the first keyed entry is ${firstKeyed}, but the database records the keyed chain beginning at ${keyedSince ?? '(nothing)'}: the trail's record was edited`);
  }
  if (entries > 0 && trail === null) return broken(entries, 'the chain head names no trail id (it was removed)');

  const gap = file ? checkpointGap(file, record, reading) : null;
  const beyond = record.checkpointedSeq !== null && record.checkpointedSeq > entries
    ? `the database records a checkpoint of entry ${record.checkpointedSeq}, beyond the trail's last entry ${entries}: entries removed at the end`
    : null;
  if (gap) return broken(gap.kind === 'other-trail' ? entries : Math.min(entries + 1, (gap.newestSeq ?? 0) + 1), beyond ? `${gap.message}; and ${beyond}` : gap.message, gap.kind === 'other-trail' ? 'other-trail' : 'checkpoints-missing');
  if (beyond) return broken(entries + 1, beyond);
  if (reading.problems.length > 0) return broken(entries, reading.problems.join('; '));
  return result();
}

/** What `npm run audit:verify` prints, and its exit code: 0 intact, 1 anything else. */
export function verificationReport(result: AuditVerification, location: string): { exitCode: number; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = result.notes.map((note) => `Note: ${note}.`);
  // Not a failure (the server found the gap and said so in the trail), but never to be read past.
  for (const g of result.recordedGaps) {
    err.push(`WARNING: entry ${g.seq} (${g.at}) records that the server found the checkpoint file missing, cut short or another trail's at start (${g.details}): entries removed at the end before then cannot be ruled out.`);
  }
  const legacy = result.legacyEntries > 0 ? `, the first ${result.legacyEntries} hashed the older unkeyed way` : '';
  const newest = result.checkpoints.newest;
  const checkpoints = newest ? `; ${result.checkpoints.valid} checkpoints, the newest at entry ${newest.seq} (${newest.at})` : '';
  const trail = result.trail ? `trail ${result.trail}, ` : '';
  const problem = result.problem;
  if (!problem) {
    out.push(`Audit trail intact: ${result.entries} entries verified${legacy}${checkpoints} (${trail}${location}).`);
    return { exitCode: 0, out, err };
  }
  const verified = `(${result.entries} entries verified${problem.kind === 'tampered' ? ' before it' : ''}${checkpoints}; ${trail}${location})`;
  if (problem.kind === 'tampered') err.push(`Audit trail TAMPERED at entry ${problem.seq}: ${problem.reason} ${verified}.`);
  else if (problem.kind === 'checkpoints-missing') err.push(`Audit trail NOT VERIFIED, CHECKPOINT FILE MISSING OR CUT SHORT: ${problem.reason} ${verified}.`);
  else err.push(`Audit trail NOT VERIFIED, WRONG CHECKPOINT FILE: ${problem.reason} ${verified}. Point DATA_DIR at this database's own directory.`);
  return { exitCode: 1, out, err };
}
