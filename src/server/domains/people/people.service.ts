import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import type { TCreatePersonInput, TPerson, TPersonDetail, TPersonList, TPersonListInput, TUpdatePersonInput } from '../../../shared/domain/people';

// FOUNDATION STUB (issue 19): replaced by the helper that owns this file.

export async function listPeople(_db: Kysely<DB>, _actor: TenantActor, _input: TPersonListInput): Promise<TPersonList> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
export async function getPersonDetail(_db: Kysely<DB>, _actor: TenantActor, _id: string): Promise<TPersonDetail> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
export async function createPerson(_db: Kysely<DB>, _actor: TenantActor, _input: TCreatePersonInput): Promise<TPerson> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
export async function updatePerson(_db: Kysely<DB>, _actor: TenantActor, _input: TUpdatePersonInput): Promise<TPerson> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
