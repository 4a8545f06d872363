import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TBreakGlassGrant, TBreakGlassInput, TCaseShown, TUpdateCaseInput } from '../../../shared/domain/cases';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// TODO(issue 18, case-core helper): edit any §3.2 field with expectedVersion; break the glass.
export async function updateCase(_db: Kysely<DB>, _actor: TenantActor, _input: TUpdateCaseInput): Promise<TCaseShown> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}

export async function breakGlass(_db: Kysely<DB>, _actor: TenantActor, _input: TBreakGlassInput): Promise<TBreakGlassGrant> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
