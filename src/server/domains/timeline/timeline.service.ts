import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TTimelineInput, TTimelinePage } from '../../../shared/domain/case-timeline';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// TODO(issue 18, case-core helper): keyset pages of case_events.
export async function listCaseTimeline(_db: Kysely<DB>, _actor: TenantActor, _input: TTimelineInput): Promise<TTimelinePage> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Not built yet');
}
