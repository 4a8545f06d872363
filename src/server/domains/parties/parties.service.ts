import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import type { TAddCasePartyInput, TCaseParties, TCaseParty, TRemoveCasePartyInput } from '../../../shared/domain/case-parties';

// FOUNDATION STUB (issue 19): replaced by the helper that owns this file.

export async function listCaseParties(_db: Kysely<DB>, _actor: TenantActor, _caseId: string): Promise<TCaseParties> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
export async function addCaseParty(_db: Kysely<DB>, _actor: TenantActor, _input: TAddCasePartyInput): Promise<TCaseParty> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
export async function removeCaseParty(_db: Kysely<DB>, _actor: TenantActor, _input: TRemoveCasePartyInput): Promise<TCaseParty> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
