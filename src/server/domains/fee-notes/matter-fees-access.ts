import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { type CaseAccess, onTeamOrGranted, requireCaseAccess } from '../cases/case-access';

// Who reads a matter's money (issue 34): those who bill (fees.manage: Finance Staff, the Director)
// every matter they may open; a fee-earner only the matters they work on — the matter's team.
// Recording a disbursement needs only a matter one may open (Admin Staff capture for a fee-earner).

export const NOT_ON_MATTER = 'You read the fees of the matters you work on: ask to be added to this matter’s team.';

/** The matter if the actor may read its fees: 404 outside the organisation, 403 off the team. */
export async function requireMatterFees(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<CaseAccess> {
  const kase = await requireCaseAccess(db, actor, caseId);
  if (can(actor, 'fees.manage')) return kase;
  if (!(await onTeamOrGranted(db, caseId, [actor.userId])).has(actor.userId)) throw new AppError('FORBIDDEN', NOT_ON_MATTER);
  return kase;
}
