import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import type { TConflictCheck, TConflictCheckRecord, TRecordConflictCheckInput } from '../../../shared/domain/case-parties';

// FOUNDATION STUB (issue 19): replaced by the helper that owns this file.

export async function conflictCheck(_db: Kysely<DB>, _actor: TenantActor, _caseId: string): Promise<TConflictCheck> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
export async function recordConflictCheck(_db: Kysely<DB>, _actor: TenantActor, _input: TRecordConflictCheckInput): Promise<TConflictCheckRecord> { throw new AppError('SERVICE_UNAVAILABLE', 'not built yet'); }
