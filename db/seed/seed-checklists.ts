import type { Kysely } from 'kysely';
import type { DB } from '../schema';

// Issue 20's demo data: checklist items of the demo cases, some ticked by named people (owner: the
// checklists helper). Runs inside the seed's transaction (seed-litigation.ts). Placeholder.
export async function seedChecklists(_trx: Kysely<DB>, _now: Date): Promise<void> {}
