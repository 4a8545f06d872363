import { type Expression, type Kysely, PostgresAdapter, type SqlBool } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TPersonMatch, TPersonMatches, TPersonMatchesInput } from '../../../shared/domain/people';
import { NAME_SIMILARITY_THRESHOLD, nameSimilarity } from '../../../shared/name-similarity';
import type { TenantActor } from '../../auth/actor';
import { personNameMatches } from './people.service';
import { seesIdNumbers } from './id-number-visibility';
import { casesOfPeople, personCaseOf, toPerson } from './person-cases';

// The duplicate and conflict check (issue 19): before a person or a party is added, the people of
// the organisation who are likely the same — the exact ID number first, then similar names
// (pg_trgm's measure, shared/name-similarity) — each with the cases and roles they appear in.
// Candidates come from the trigram index (each word of the name of 3 letters or more) and from the
// same date of birth, so a misspelt name with the right birth date is still offered. When a birth
// date is given, someone with a different known birth date is not a name match.

export const MATCHES_MAX = 10;
/** Candidates weighed per check: enough for a common first name, bounded for a large organisation. */
const CANDIDATES_MAX = 500;
const WORD_MIN_LENGTH = 3;

export async function findPersonMatches(db: Kysely<DB>, actor: TenantActor, input: TPersonMatchesInput): Promise<TPersonMatches> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Finding someone by ID number is reading it: a role that sees masked numbers could otherwise
  // confirm a guess of the hidden digits one request at a time (decision 0042). The number is ignored.
  const idNumber = (seesIdNumbers(actor) && input.idNumber?.replace(/\s+/g, '')) || null;
  const name = input.name?.trim() || null;
  const dateOfBirth = input.dateOfBirth ?? null;

  const live = db.selectFrom('people').selectAll().where('organization_id', '=', actor.organizationId).where('merged_into_id', 'is', null);
  const byId = idNumber ? await live.where('id_number', '=', idNumber).orderBy('created_at').limit(MATCHES_MAX).execute() : [];

  const scored: { row: (typeof byId)[number]; score: number }[] = [];
  if (name) {
    const words = [...new Set(name.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length >= WORD_MIN_LENGTH))];
    if (words.length > 0 || dateOfBirth) {
      const candidates = await live
        .where((eb) => {
          const any: Expression<SqlBool>[] = words.map((word) => personNameMatches(eb, word, postgres));
          if (dateOfBirth) any.push(eb('date_of_birth', '=', dateOfBirth));
          const conditions: Expression<SqlBool>[] = [eb.or(any)];
          if (dateOfBirth) conditions.push(eb.or([eb('date_of_birth', 'is', null), eb('date_of_birth', '=', dateOfBirth)]));
          return eb.and(conditions);
        })
        .orderBy('id')
        .limit(CANDIDATES_MAX)
        .execute();
      const matchedById = new Set(byId.map((r) => r.id));
      for (const row of candidates) {
        if (matchedById.has(row.id)) continue;
        const score = nameSimilarity(name, row.full_name);
        if (score >= NAME_SIMILARITY_THRESHOLD) scored.push({ row, score });
      }
      // Most similar first; on a tie the one with the birth date given (a stronger match), then by name.
      scored.sort((a, b) => b.score - a.score || Number(b.row.date_of_birth === dateOfBirth) - Number(a.row.date_of_birth === dateOfBirth) || a.row.full_name.localeCompare(b.row.full_name));
    }
  }

  const picked = [
    ...byId.map((row) => ({ row, reason: 'idNumber' as const })),
    ...scored.map(({ row }) => ({ row, reason: 'name' as const })),
  ].slice(0, MATCHES_MAX);
  const cases = await casesOfPeople(db, actor, picked.map((p) => p.row.id));
  const items: TPersonMatch[] = picked.map(({ row, reason }) => ({
    person: toPerson(row, actor),
    reason,
    cases: cases.filter((c) => c.personId === row.id).map(personCaseOf),
  }));
  return { items };
}
