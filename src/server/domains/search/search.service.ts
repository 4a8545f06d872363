import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import type { TSearchInput, TSearchResults } from '../../../shared/domain/search';

// FOUNDATION STUB (issue 19): replaced by the helper that owns this file.

export async function searchEverything(_db: Kysely<DB>, _actor: TenantActor, _input: TSearchInput): Promise<TSearchResults> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
