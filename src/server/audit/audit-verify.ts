import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { auditHash } from './audit-chain';

// Walks the whole trail in order and recomputes every hash. Any edited field, inserted, removed or
// reordered entry, or a chain head that does not match the last entry, is reported with the first
// sequence number where the chain breaks.

export interface AuditVerification {
  ok: boolean;
  entries: number;
  /** The first entry that does not verify, and why. */
  problem?: { seq: number; reason: string };
}

const BATCH = 5_000;

export async function verifyAuditChain(db: Kysely<DB>): Promise<AuditVerification> {
  let expectedSeq = 1;
  let previousHash: string | null = null;
  let entries = 0;
  const broken = (seq: number, reason: string): AuditVerification => ({ ok: false, entries, problem: { seq, reason } });

  for (;;) {
    const rows = await db.selectFrom('audit_events').selectAll().where('seq', '>=', expectedSeq).orderBy('seq').limit(BATCH).execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return broken(expectedSeq, `entry ${expectedSeq} is missing (next is ${seq})`);
      if (previousHash === null) {
        previousHash = row.prev_hash; // the genesis value, checked against the head below when the trail is empty
      } else if (row.prev_hash !== previousHash) {
        return broken(seq, 'does not chain to the entry before it');
      }
      if (auditHash({ ...row, seq }) !== row.hash) return broken(seq, 'its contents do not match its hash (edited)');
      previousHash = row.hash;
      expectedSeq += 1;
      entries += 1;
    }
    if (rows.length < BATCH) break;
  }

  const head = await db.selectFrom('audit_chain_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
  if (!head) return broken(expectedSeq, 'the chain head is missing');
  if (Number(head.seq) !== entries) return broken(entries + 1, `the chain head says ${Number(head.seq)} entries, the trail holds ${entries} (entries removed at the end)`);
  if (entries > 0 && head.hash !== previousHash) return broken(entries, 'the last entry does not match the chain head');
  return { ok: true, entries };
}
