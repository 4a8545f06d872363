import { type Kysely, sql } from 'kysely';
import { AUDIT_GENESIS_HASH } from '../../../db/migrations/0006-trust';
import type { DB } from '../../../db/schema';
import type { AuditEventRow } from '../audit/audit-chain';
import { readChainHead } from '../audit/audit-checkpoints';
import { testDialect } from './test-database';

// The attacker of the audit-trail tests (issues 16 and 28): database access, neither the audit key
// nor DATA_DIR. They drop the guard triggers and edit rows, recompute hashes, cut the newest entries
// and set the chain head to match.

export async function withoutGuard<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
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

const rows = (db: Kysely<DB>) => db.selectFrom('audit_events').selectAll().orderBy('seq').execute();

/** Edits entry `seq` and rewrites every hash from `fromSeq` on with `hash`, then moves the head to match. */
export async function editAndRecompute(db: Kysely<DB>, seq: number, hash: (row: Omit<AuditEventRow, 'hash'>) => string, fromSeq = seq): Promise<void> {
  await withoutGuard(db, async () => {
    await db.updateTable('audit_events').set({ user_id: 'someone-else' }).where('seq', '=', seq).execute();
    let prev = fromSeq === 1 ? AUDIT_GENESIS_HASH : (await db.selectFrom('audit_events').select('hash').where('seq', '=', fromSeq - 1).executeTakeFirstOrThrow()).hash;
    for (const row of await rows(db)) {
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
export async function cutTail(db: Kysely<DB>, count: number): Promise<void> {
  await withoutGuard(db, async () => {
    const head = await readChainHead(db);
    const keep = Math.max(0, head.seq - count);
    await db.deleteFrom('audit_events').where('seq', '>', keep).execute();
    const last = await db.selectFrom('audit_events').select(['seq', 'hash']).where('seq', '=', keep).executeTakeFirst();
    await db.updateTable('audit_chain_head').set({ seq: keep, hash: last?.hash ?? AUDIT_GENESIS_HASH }).where('id', '=', 1).execute();
  });
}
