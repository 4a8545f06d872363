import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import type { TPersonMatches, TPersonMatchesInput } from '../../../shared/domain/people';

// FOUNDATION STUB (issue 19): replaced by the helper that owns this file.

export async function findPersonMatches(_db: Kysely<DB>, _actor: TenantActor, _input: TPersonMatchesInput): Promise<TPersonMatches> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
