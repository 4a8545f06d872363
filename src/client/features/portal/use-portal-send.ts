import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** After a message or request goes out: the conversation lists refetch. */
export function useRefreshMessages() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trpc.portal.messages.queryKey() });
}
