import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** A rate or a time entry changes every cost figure, so every costs query is refetched after a write. */
export function useCostRefresh(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.costs.pathKey() });
}
