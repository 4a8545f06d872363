import type { TContactRequestStatus } from '../../../shared/domain/contact-requests';
import type { Trpc } from '../../trpc';

/** The tab /contact-requests opens on; the screen and its route's loader share it and the query. */
export const FIRST_CONTACT_REQUEST_TAB: TContactRequestStatus = 'new';

export const contactRequestsQuery = (trpc: Trpc, status: TContactRequestStatus) => trpc.platform.contactRequests.queryOptions({ status });
