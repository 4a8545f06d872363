import type { Kysely } from 'kysely';
import type { DB } from '../schema';

// Issue 20's demo data: settlement logs (owner: the settlements helper). Runs inside the seed's transaction after the
// cases, people and parties are in (seed-litigation.ts). Placeholder of the foundation commit.
export async function seedSettlements(_trx: Kysely<DB>, _now: Date): Promise<void> {}
