import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TCaseDocumentListInput, TLegalDocumentList } from '../../../shared/domain/documents';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// TODO(issue 18, case-parts helper): the documents of one case on every platform.
export async function listCaseDocuments(_db: Kysely<DB>, _actor: TenantActor, _input: TCaseDocumentListInput, _maxBytes: number): Promise<TLegalDocumentList> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
