import { randomUUID } from 'node:crypto';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { TAuditAction, TAuditEntityType, TAuditOutcome } from '../../shared/domain/audit';
import { auditHash } from './audit-chain';

// Appending to the audit trail. Entries are only ever inserted (triggers refuse UPDATE and DELETE,
// migration 0006). The chain head row is locked for the append, so concurrent requests — and several
// app processes on one Postgres — take consecutive sequence numbers and chain to each other in order.
// Entries hold identifiers, never patient names or message text: the trail must outlive
// de-identification of the records it describes without itself being edited.

export interface AuditActorRef {
  userId: string | null;
  role: string | null;
  organizationId: string | null;
}

export interface AuditClient {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEventInput {
  actor: AuditActorRef | null;
  action: TAuditAction;
  entityType: TAuditEntityType | null;
  entityId?: string | null;
  /** The case this concerns, for the access report: the case itself, or its cost, document, message … */
  caseId?: string | null;
  outcome: TAuditOutcome;
  client: AuditClient;
  /** Small, non-personal facts: the procedure, an error code, a result count, the e-mail tried at a failed sign-in. */
  details?: Record<string, unknown>;
}

const MAX_TEXT = 512;
const clip = (value: string | null | undefined, max = MAX_TEXT) => (value == null ? null : String(value).slice(0, max));

export async function recordAuditEvent(db: Kysely<DB>, event: AuditEventInput): Promise<void> {
  const details = JSON.stringify(event.details ?? {});
  // The append runs in its own transaction unless the caller passed one in.
  const append = async (trx: Kysely<DB>) => {
    const head = await trx
      .selectFrom('audit_chain_head')
      .select(['seq', 'hash'])
      .where('id', '=', 1)
      // Postgres: row lock. SQLite: one writer at a time already (one connection, serialised transactions).
      .$call((q) => (db.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q))
      .executeTakeFirstOrThrow();
    const seq = Number(head.seq) + 1;
    const fields = {
      seq,
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
      details,
      prev_hash: head.hash,
    };
    const hash = auditHash(fields);
    await trx.insertInto('audit_events').values({ ...fields, hash }).execute();
    await trx.updateTable('audit_chain_head').set({ seq, hash }).where('id', '=', 1).execute();
  };
  if (db.isTransaction) await append(db);
  else await db.transaction().execute(append);
}

