import { createHash, createHmac } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditEventsTable } from '../../../db/schema';

// The tamper-evidence of the audit trail: each entry's hash covers its own fields and the previous
// entry's hash, so editing, inserting or removing any entry breaks every hash after it. The fields
// are hashed as a JSON array in a fixed order, so the hash does not depend on how a driver orders
// columns or spells numbers.
//
// Keyed chain (decision 0024). A plain SHA-256 chain can be recomputed by anyone who can write to
// the database, so entries are hashed with HMAC-SHA256 under the audit key (kept outside the
// database, audit-key.ts). A keyed hash carries the prefix `hmac:`; an entry without it is a legacy
// entry, written before the keyed chain existed, and verifies only before the first keyed entry —
// whose HMAC covers the last legacy hash, so the legacy prefix is anchored by it.

export type AuditEventRow = Selectable<AuditEventsTable>;
export type HashedFields = Omit<AuditEventRow, 'hash'>;

export const KEYED_HASH_PREFIX = 'hmac:';

export const isKeyedHash = (hash: string): boolean => hash.startsWith(KEYED_HASH_PREFIX);

function canonical(entry: HashedFields): string {
  return JSON.stringify([
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
}

/** The hash of an entry written under `key`: what every new entry gets. */
export function keyedAuditHash(key: Buffer, entry: HashedFields): string {
  const mac = createHmac('sha256', key).update(entry.prev_hash).update('\n').update(canonical(entry)).digest('hex');
  return `${KEYED_HASH_PREFIX}${mac}`;
}

/** The unkeyed SHA-256 of entries written before decision 0024 (verify only; never written any more). */
export function legacyAuditHash(entry: HashedFields): string {
  return createHash('sha256').update(entry.prev_hash).update('\n').update(canonical(entry)).digest('hex');
}
