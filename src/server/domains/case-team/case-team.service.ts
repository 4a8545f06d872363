import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TCaseTeam, TPutCaseTeamInput } from '../../../shared/domain/case-team';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// TODO(issue 18, case-core helper): the team of a case.
export async function getCaseTeam(_db: Kysely<DB>, _actor: TenantActor, _caseId: string): Promise<TCaseTeam> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}

export async function putCaseTeam(_db: Kysely<DB>, _actor: TenantActor, _input: TPutCaseTeamInput): Promise<TCaseTeam> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
