import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { fullName } from '../../../shared/format';

// Names for the rows a report shows (issue 34): a matter's reference and client, a fee earner's name.
// Looked up by primary key in chunks (a database takes a bounded number of parameters), with the
// organisation checked on the rows — the ids come from this organisation's own rows anyway.

const CHUNK = 500;
export const FORMER_MEMBER = 'Former member';

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(...(await read(unique.slice(i, i + CHUNK))));
  return out;
}

/** Each matter's reference and client: the client's registry name, else the name on the matter. */
export async function matterNamesOf(db: Kysely<DB>, organizationId: string, caseIds: readonly string[]) {
  const rows = await inChunks(caseIds, (chunk) =>
    db
      .selectFrom('cases as k')
      .leftJoin('people as p', 'p.id', 'k.person_id')
      .select(['k.id', 'k.organization_id', 'k.reference', 'k.patient_name', 'p.full_name'])
      .where('k.id', 'in', chunk)
      .execute(),
  );
  const names = new Map<string, { caseReference: string | null; client: string }>();
  for (const r of rows) if (r.organization_id === organizationId) names.set(r.id, { caseReference: r.reference, client: r.full_name ?? r.patient_name });
  return (caseId: string) => names.get(caseId) ?? { caseReference: null, client: '' };
}

/** Each user's name (a fee earner who has left keeps their name: users are never deleted). */
export async function userNamesOf(db: Kysely<DB>, userIds: readonly string[]) {
  const rows = await inChunks(userIds, (chunk) => db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', chunk).execute());
  const names = new Map(rows.map((u) => [u.id, fullName(u.first_name, u.last_name) ?? FORMER_MEMBER]));
  return (userId: string) => names.get(userId) ?? FORMER_MEMBER;
}
