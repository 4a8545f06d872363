import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// The audit trail records facts about itself in its one-row chain head (decision 0044), so that what
// is outside the database (the signed checkpoint file in DATA_DIR) and what is inside it can be held
// against each other:
// - trail_id: a random UUID naming this trail. Every checkpoint line carries it under its MAC, so
//   verifying one database against another's checkpoint file says so instead of "TAMPERED". Set by
//   the first append (audit-log.ts) rather than here, so that databases copied from one migrated
//   template (the tests) or restored from one file are told apart from their first entry on; a trail
//   that already has entries gets one now.
// - keyed_since: the seq of the first keyed (HMAC) entry. An unkeyed entry from there on is a chain
//   recomputed without the key, and so is a trail that records it but holds no keyed entry.
// - checkpointed_seq: the newest seq this database knows a checkpoint was written for (fsynced)
//   before it was recorded here. A database that says it was checkpointed, with no checkpoint file
//   (or one that ends earlier), is a finding, never a fresh start.
// Portable (decision 0002): text and integer columns, filled with plain queries.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_chain_head').addColumn('trail_id', 'text').execute();
  await db.schema.alterTable('audit_chain_head').addColumn('keyed_since', 'integer').execute();
  await db.schema.alterTable('audit_chain_head').addColumn('checkpointed_seq', 'integer').execute();

  const head = await db.selectFrom('audit_chain_head').select('seq').where('id', '=', 1).executeTakeFirst();
  if (!head || Number(head.seq) === 0) return;
  const firstKeyed = await db.selectFrom('audit_events').select((eb) => eb.fn.min('seq').as('seq')).where('hash', 'like', 'hmac:%').executeTakeFirst();
  await db
    .updateTable('audit_chain_head')
    .set({ trail_id: randomUUID(), keyed_since: firstKeyed?.seq == null ? null : Number(firstKeyed.seq) })
    .where('id', '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['checkpointed_seq', 'keyed_since', 'trail_id']) {
    await db.schema.alterTable('audit_chain_head').dropColumn(column).execute();
  }
}
