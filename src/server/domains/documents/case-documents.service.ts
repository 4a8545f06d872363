import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TCaseDocumentListInput, TLegalDocumentList } from '../../../shared/domain/documents';
import type { TenantActor } from '../../auth/actor';
import { requireCaseAccess } from '../cases/case-access';
import { listDocuments } from './documents.service';

// The documents of one case on every platform (issue 18: referral letters, consent forms, discharge
// summaries on a healthcare case page). The same rows and shape as the legal list, for one case the
// caller may read: a restricted case answers RESTRICTED here rather than an empty list, so the page
// offers to break the glass instead of claiming the case has no documents.
export async function listCaseDocuments(db: Kysely<DB>, actor: TenantActor, input: TCaseDocumentListInput, maxBytes: number): Promise<TLegalDocumentList> {
  const kase = await requireCaseAccess(db, actor, input.caseId);
  return listDocuments(db, actor, { caseId: kase.id }, maxBytes);
}
