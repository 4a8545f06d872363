import { useQueryClient } from '@tanstack/react-query';
import { type Trpc, useTRPC } from '../../../trpc';

// The queries of the Experts tab and the case's deadlines (issue 20). An expert write moves the
// case's deadlines and their tasks and adds to the timeline: everything that shows them reloads.

export const expertsQuery = (trpc: Trpc, caseId: string) => trpc.experts.list.queryOptions({ id: caseId });
export const caseDeadlinesQuery = (trpc: Trpc, caseId: string) => trpc.deadlines.forCase.queryOptions({ id: caseId });

export function useInvalidateExperts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    for (const key of [trpc.experts.pathKey(), trpc.deadlines.pathKey(), trpc.tasks.pathKey(), trpc.timeline.pathKey(), trpc.people.pathKey()]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
}
