import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { seedChecklists } from './seed-checklists';
import { seedCourtMatters } from './seed-court';
import { seedExperts } from './seed-experts';
import { seedSettlements } from './seed-settlements';

// Issue 20: the two legal organisations get court matters, hearings, experts and settlements, and
// every organisation some ticked checklist items. Reads the cases, people and parties already
// inserted; court matters first, since experts' due dates count from the trial dates.
export async function seedLitigation(trx: Kysely<DB>, now: Date): Promise<void> {
  await seedCourtMatters(trx, now);
  await seedExperts(trx, now);
  await seedSettlements(trx, now);
  await seedChecklists(trx, now);
}
