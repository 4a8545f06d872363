import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { AUDIT_GENESIS_HASH } from '../../../db/migrations/0006-trust';
import { isKeyedHash, keyedAuditHash, legacyAuditHash } from './audit-chain';
import { type AuditCheckpoint, readCheckpoints } from './audit-checkpoints';
import { auditKeyOf } from './audit-key';

// Walks the whole trail in order and recomputes every hash under the audit key, then holds the trail
// against the signed checkpoints kept outside the database (decision 0024). Reported, with the first
// sequence number where it breaks:
// - an edited, inserted, removed or reordered entry, or a chain recomputed without the key (plain
//   SHA-256 after keyed entries, or another key);
// - a chain head that does not match the last entry;
// - a trail shorter than a checkpoint (entries cut at the end, or the whole table emptied), or one
//   holding another hash at a checkpoint's seq (rewritten after it).
// Legacy entries (unkeyed SHA-256, written before the keyed chain) verify only before the first keyed
// entry, whose HMAC covers the last of them.

export interface AuditVerification {
  ok: boolean;
  entries: number;
  /** The first entry that does not verify, and why. */
  problem?: { seq: number; reason: string };
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
  const newest = reading.valid.reduce<AuditCheckpoint | undefined>((max, c) => (!max || c.seq > max.seq ? c : max), undefined);
  const notes = [...reading.notes];
  if (!file) notes.push('no checkpoint file given: entries cut at the end could not be detected');
  else if (!reading.exists) notes.push(`no checkpoints at ${file} yet: entries cut at the end could not be detected`);

  // The hash each checkpoint expects at its seq, checked as the walk passes it.
  const wanted = new Map<number, AuditCheckpoint[]>();
  for (const c of reading.valid) wanted.set(c.seq, [...(wanted.get(c.seq) ?? []), c]);

  let expectedSeq = 1;
  let previousHash = AUDIT_GENESIS_HASH;
  let entries = 0;
  let legacyEntries = 0;
  let keyedSeen = false;
  const result = (problem?: { seq: number; reason: string }): AuditVerification => ({
    ok: !problem,
    entries,
    legacyEntries,
    ...(problem ? { problem } : {}),
    checkpoints: { file, valid: reading.valid.length, ...(newest ? { newest } : {}) },
    notes,
  });
  const broken = (seq: number, reason: string) => result({ seq, reason });

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
      } else {
        if (keyedSeen) return broken(seq, 'an unkeyed hash after keyed entries: the chain was recomputed without the audit key');
        if (legacyAuditHash({ ...row, seq }) !== row.hash) return broken(seq, 'its contents do not match its hash (edited)');
        legacyEntries += 1;
      }
      for (const c of wanted.get(seq) ?? []) {
        if (c.hash !== row.hash) return broken(seq, `entry ${seq} is not the one the checkpoint of ${c.at} recorded: the trail was rewritten after it`);
      }
      previousHash = row.hash;
      expectedSeq += 1;
      entries += 1;
    }
    if (rows.length < BATCH) break;
  }

  const head = await db.selectFrom('audit_chain_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
  if (!head) return broken(expectedSeq, 'the chain head is missing');
  if (Number(head.seq) !== entries) return broken(entries + 1, `the chain head says ${Number(head.seq)} entries, the trail holds ${entries} (entries removed at the end)`);
  if (head.hash !== previousHash) return broken(entries, entries === 0 ? 'the chain head of an empty trail is not the genesis value' : 'the last entry does not match the chain head');

  if (newest && newest.seq > entries) {
    return broken(
      entries + 1,
      `the newest checkpoint (seq ${newest.seq} at ${newest.at}) is beyond the trail's last entry ${entries}${entries === 0 ? ' (the trail is empty)' : ''}: ` +
        'entries removed at the end — or this database was restored from a backup older than the checkpoint file (restore the checkpoints saved with that backup; README, "Backups")',
    );
  }
  if (reading.problems.length > 0) return broken(entries, reading.problems.join('; '));
  return result();
}
