import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../../../trpc';

// The court tab's queries, and what a court-matter or hearing write makes stale: the court matter
// and hearings, the schedule (hearings show there), the timeline, and what the case's deadlines feed
// (a trial date moves the experts' Rule 36(9) dates, the readiness summary and the deadline tasks).

export const courtMatterQuery = (trpc: Trpc, caseId: string) => trpc.courtMatter.get.queryOptions({ id: caseId });
export const hearingsQuery = (trpc: Trpc, caseId: string) => trpc.hearings.list.queryOptions({ id: caseId });

const STALE_AFTER_A_COURT_WRITE = new Set(['courtMatter', 'hearings', 'appointments', 'timeline', 'tasks', 'dashboard', 'experts', 'readiness', 'checklists', 'deadlines']);

export function invalidateAfterCourtWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = query.queryKey[0];
      return Array.isArray(path) && typeof path[0] === 'string' && STALE_AFTER_A_COURT_WRITE.has(path[0]);
    },
  });
}
