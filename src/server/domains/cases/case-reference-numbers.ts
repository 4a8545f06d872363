import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { formatCaseReference, referencePrefixOf } from '../../../shared/domain/case-reference';
import { yearKey } from '../../../shared/calendar';

// A case's own reference number (issue 18): "TCH-2026-00123" — the organisation's prefix, the South
// African year the case was opened, and a number counted per organisation and year.
//
// The counter is one upsert (`insert … on conflict do update … returning`, SQLite ≥ 3.35 and
// Postgres alike): the row lock Postgres takes on the conflicting row serialises two concurrent
// creates, so each gets its own number; a read-then-write would hand both the same one.

/** The organisation's prefix, computed from its name and stored the first time it is needed. */
export async function caseReferencePrefix(db: Kysely<DB>, organizationId: string): Promise<string> {
  const org = await db
    .selectFrom('organizations')
    .select(['name', 'case_reference_prefix'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  if (org.case_reference_prefix) return org.case_reference_prefix;
  const prefix = referencePrefixOf(org.name);
  // Two first creates at once compute the same prefix from the same name: either write is right.
  await db.updateTable('organizations').set({ case_reference_prefix: prefix }).where('id', '=', organizationId).where('case_reference_prefix', 'is', null).execute();
  return prefix;
}

/**
 * Reserves `count` consecutive numbers of (organisation, year) and answers the first. One round trip
 * however many: the seed and the bench generator number thousands of cases with one call per year.
 */
export async function reserveCaseNumbers(db: Kysely<DB>, organizationId: string, year: number, count: number): Promise<number> {
  const row = await db
    .insertInto('case_reference_counters')
    .values({ organization_id: organizationId, year, last_number: count })
    .onConflict((oc) => oc.columns(['organization_id', 'year']).doUpdateSet((eb) => ({ last_number: eb('case_reference_counters.last_number', '+', count) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number) - count + 1;
}

/** The next reference of the organisation for a case created at `createdAtIso`; pass the create's transaction. */
export async function nextCaseReference(trx: Kysely<DB>, organizationId: string, createdAtIso: string): Promise<string> {
  const prefix = await caseReferencePrefix(trx, organizationId);
  const year = Number(yearKey(createdAtIso));
  return formatCaseReference(prefix, year, await reserveCaseNumbers(trx, organizationId, year, 1));
}

/**
 * References for many new cases of one organisation at once (seed, bench), in the order given:
 * one counter upsert per year, not per case.
 */
export async function caseReferencesFor(db: Kysely<DB>, organizationId: string, createdAtIsos: readonly string[]): Promise<string[]> {
  const prefix = await caseReferencePrefix(db, organizationId);
  const years = createdAtIsos.map((at) => Number(yearKey(at)));
  const perYear = new Map<number, number>();
  for (const year of years) perYear.set(year, (perYear.get(year) ?? 0) + 1);
  const next = new Map<number, number>();
  for (const [year, count] of perYear) next.set(year, await reserveCaseNumbers(db, organizationId, year, count));
  return years.map((year) => {
    const n = next.get(year)!;
    next.set(year, n + 1);
    return formatCaseReference(prefix, year, n);
  });
}
