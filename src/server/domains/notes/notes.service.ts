import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TAmendCaseNoteInput, TCaseNote, TCaseNoteList, TCreateCaseNoteInput } from '../../../shared/domain/case-notes';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// TODO(issue 18, case-parts helper): append-only notes.
export async function listCaseNotes(_db: Kysely<DB>, _actor: TenantActor, _caseId: string): Promise<TCaseNoteList> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
export async function createCaseNote(_db: Kysely<DB>, _actor: TenantActor, _input: TCreateCaseNoteInput): Promise<TCaseNote> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
export async function amendCaseNote(_db: Kysely<DB>, _actor: TenantActor, _input: TAmendCaseNoteInput): Promise<TCaseNote> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
