import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditEventsTable } from '../../../db/schema';

// The tamper-evidence of the audit trail: each entry's hash covers its own fields and the previous
// entry's hash, so editing, inserting or removing any entry breaks every hash after it. The fields
// are hashed as a JSON array in a fixed order, so the hash does not depend on how a driver orders
// columns or spells numbers.

export type AuditEventRow = Selectable<AuditEventsTable>;
export type HashedFields = Omit<AuditEventRow, 'hash'>;

export function auditHash(entry: HashedFields): string {
  const canonical = JSON.stringify([
    Number(entry.seq),
    entry.id,
    entry.occurred_at,
    entry.organization_id,
    entry.user_id,
    entry.role,
    entry.action,
    entry.entity_type,
    entry.entity_id,
    entry.case_id,
    entry.outcome,
    entry.ip,
    entry.user_agent,
    entry.details,
  ]);
  return createHash('sha256').update(entry.prev_hash).update('\n').update(canonical).digest('hex');
}
