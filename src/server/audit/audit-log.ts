import { randomUUID } from 'node:crypto';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { AuditEventInput } from './audit-event';
import { type HashedFields, keyedAuditHash } from './audit-chain';
import { auditKeyOf } from './audit-key';
import { FailureAggregator, isFoldable } from './audit-aggregate';
import { isDatabaseUnavailable } from '../database-errors';
import { type ChainHead, auditHeadListenerOf } from './audit-trail';

// Appending to the audit trail. Entries are only ever inserted (triggers refuse UPDATE and DELETE,
// migration 0006). The chain head row is locked for the append, so concurrent requests — and several
// app processes on one Postgres — take consecutive sequence numbers and chain to each other in order.
// Entries hold identifiers, never patient names or message text: the trail must outlive
// de-identification of the records it describes without itself being edited.

export type { AuditActorRef, AuditClient, AuditEventInput } from './audit-event';

const MAX_TEXT = 512;
const clip = (value: string | null | undefined, max = MAX_TEXT) => (value == null ? null : String(value).slice(0, max));

export type AuditFields = Omit<HashedFields, 'seq' | 'prev_hash'>;

export function fieldsOf(event: AuditEventInput): AuditFields {
  return {
    id: randomUUID(),
    occurred_at: nowIso(),
    organization_id: event.actor?.organizationId ?? null,
    user_id: event.actor?.userId ?? null,
    role: event.actor?.role ?? null,
    action: event.action,
    entity_type: event.entityType,
    entity_id: clip(event.entityId, 128),
    case_id: clip(event.caseId, 128),
    outcome: event.outcome,
    ip: clip(event.client.ip, 64),
    user_agent: clip(event.client.userAgent),
    details: JSON.stringify(event.details ?? {}),
  };
}

// Rows per INSERT: 16 columns each, well under SQLite's limit of bound parameters.
const ROWS_PER_INSERT = 200;

type CommittedHead = ChainHead & { trail: string };

/**
 * Chains `entries` after the current head and writes them, all inside `trx`; returns the new head.
 * The head row also records the trail's facts (migration 0017, decision 0044): its id (made by the
 * first append), where the keyed chain began, and the newest checkpoint this process has on disk —
 * riding on the update the append makes anyway, so recording them costs no extra write.
 */
async function appendChained(db: Kysely<DB>, trx: Kysely<DB>, entries: AuditFields[]): Promise<CommittedHead> {
  const head = await trx
    .selectFrom('audit_chain_head')
    .select(['seq', 'hash', 'trail_id', 'keyed_since', 'checkpointed_seq'])
    .where('id', '=', 1)
    // Postgres: row lock. SQLite: one writer at a time already (one connection, serialised transactions).
    .$call((q) => (db.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q))
    .executeTakeFirstOrThrow();
  const key = auditKeyOf(db);
  let seq = Number(head.seq);
  let prev = head.hash;
  // Every entry written now is keyed: if none was before, the keyed chain begins with this batch.
  const keyedSince = head.keyed_since == null ? seq + 1 : Number(head.keyed_since);
  const trail = head.trail_id ?? randomUUID();
  const durable = auditHeadListenerOf(db)?.durableSeq() ?? null;
  const recorded = head.checkpointed_seq == null ? null : Number(head.checkpointed_seq);
  const checkpointed = durable !== null && (recorded === null || durable > recorded) ? durable : recorded;
  const rows = entries.map((entry) => {
    const fields = { ...entry, seq: ++seq, prev_hash: prev };
    prev = keyedAuditHash(key, fields);
    return { ...fields, hash: prev };
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await trx.insertInto('audit_events').values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
  }
  await trx
    .updateTable('audit_chain_head')
    .set({ seq, hash: prev, trail_id: trail, keyed_since: keyedSince, checkpointed_seq: checkpointed })
    .where('id', '=', 1)
    .execute();
  return { seq, hash: prev, trail };
}

interface Pending { entry: AuditFields; resolve(): void; reject(error: unknown): void }

/**
 * The most entries one append transaction takes. The batch window is not a timer: a batch is what
 * arrived during the end of the event loop's turn, or while the previous batch was committing — short
 * when the server is idle (a lone request waits for no clock), long when it is busy. The cap keeps one
 * transaction (and the head's lock on Postgres) short when a burst queued thousands.
 */
const MAX_BATCH = 256;

/**
 * Group commit of the audit trail. Every audited request appends one entry and answers only once
 * it is committed. The first entry waits for the end of the current turn of the event loop, so the
 * entries of every request that gets this far meanwhile — and those that arrive while a write runs —
 * go into one append transaction: one lock of the chain head and one commit for all of them instead
 * of one each (under 64 concurrent case-list reads on SQLite, ~30 entries a commit and 8 % more
 * requests served; on Postgres one fsync per batch, and the head row lock held once).
 * Each entry is still its own chained row, in arrival order.
 */
class AuditAppender {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly db: Kysely<DB>) {}

  append(entry: AuditFields): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      // The first entry of a batch schedules its write; the rest join it (or the write running now).
      if (!this.running && this.queue.length === 1) setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.write(batch);
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * After a batch commits, the checkpoint writer (if this database has one) is told the new head and
   * writes it outside the database — not awaited: a request is released once its entry is committed,
   * and the writer coalesces (decision 0044), so a tail cut is caught down to the last second or so.
   */
  private committed(head: CommittedHead): void {
    try {
      auditHeadListenerOf(this.db)?.headMoved(head);
    } catch {
      // Never into write()'s catch: that would append the committed batch again, one by one. The
      // writer reports its own failures (onError); its timer and stop() write the head regardless.
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      this.committed(await this.db.transaction().execute((trx) => appendChained(this.db, trx, batch.map((p) => p.entry))));
      for (const p of batch) p.resolve();
    } catch (error) {
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const p of batch) p.reject(error);
        return;
      }
      // One entry the database refuses must not cost the others theirs: write them one by one.
      for (const p of batch) {
        await this.db
          .transaction()
          .execute((trx) => appendChained(this.db, trx, [p.entry]))
          .then((head) => {
            this.committed(head);
            p.resolve();
          }, p.reject);
      }
    }
  }
}

const appenders = new WeakMap<Kysely<DB>, AuditAppender>();
const aggregators = new WeakMap<Kysely<DB>, FailureAggregator>();

function appendNow(db: Kysely<DB>, event: AuditEventInput): Promise<void> {
  const entry = fieldsOf(event);
  // Inside the caller's transaction the entry commits (or rolls back) with the caller's writes; its
  // checkpoint comes with the next batch or the writer's timer, as its commit is not ours to see.
  if (db.isTransaction) return appendChained(db, db, [entry]).then(() => undefined);
  let appender = appenders.get(db);
  if (!appender) appenders.set(db, (appender = new AuditAppender(db)));
  return appender.append(entry);
}

export async function recordAuditEvent(db: Kysely<DB>, event: AuditEventInput): Promise<void> {
  // Repeated unauthenticated or throttled failures, and polled reads, fold per address and minute (audit-aggregate.ts).
  if (!db.isTransaction && isFoldable(event)) return aggregatorOf(db).record(event);
  return appendNow(db, event);
}

function aggregatorOf(db: Kysely<DB>): FailureAggregator {
  let aggregator = aggregators.get(db);
  if (!aggregator) aggregators.set(db, (aggregator = new FailureAggregator((event) => appendNow(db, event))));
  return aggregator;
}

/** Writes every folded failure still counted in memory: at shutdown (app onClose), so none is lost. */
export async function flushAuditAggregates(db: Kysely<DB>): Promise<void> {
  await aggregators.get(db)?.flush(true);
}
