import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** The caller's own work (dashboard.workspace); every panel reads the same cached answer. */
export function useWorkspace() {
  const trpc = useTRPC();
  return useQuery(trpc.dashboard.workspace.queryOptions());
}
