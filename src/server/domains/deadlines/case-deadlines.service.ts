import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';

// The deadlines of a case (issue 20): from its court matter's dates (Rule 19 from service, Act 40
// s3 from the debt's due date, prescription from knowledge), its trial date (Rule 36(9)(a)/(b) per
// expert), each a row of case_deadlines with a task on the case. Called in the same transaction by
// every write that moves a trigger: a court matter, a hearing, an expert. Moving a trigger moves the
// deadline and its task's due date; a deadline whose trigger is gone goes, with its open task.
// Placeholder of the foundation commit; the experts helper fills it.
export async function syncCaseDeadlines(_trx: Kysely<DB>, _actor: TenantActor, _caseId: string): Promise<void> {}
