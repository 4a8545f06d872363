import type { TTrialRequestStatus } from '../../../shared/domain/trial-review';
import type { Trpc } from '../../trpc';

/** The tab /trial-signups opens on; the screen and its route's loader share it and the query. */
export const FIRST_TRIAL_REQUEST_TAB: TTrialRequestStatus = 'pending';

export const trialRequestsQuery = (trpc: Trpc, status: TTrialRequestStatus) => trpc.platform.trialRequests.queryOptions({ status });
