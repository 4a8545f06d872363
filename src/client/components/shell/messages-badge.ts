import { useQuery } from '@tanstack/react-query';
import { can } from '../../../shared/roles';
import type { Identity } from '../../lib/identity';
import { useTRPC } from '../../trpc';

/** SPEC §2.8 / §9: in demo mode the Messages item carries a fixed badge of 3. */
export const DEMO_MESSAGES_BADGE = 3;

/**
 * The number on the sidebar's Messages item: signed in, the actor's own unread count from the server
 * (the number /messages shows; reading a message there refreshes it), none when nothing is unread;
 * in demo mode SPEC §2.8's fixed 3 (issue 17: the badge said 3 beside "5 unread messages").
 */
export function useMessagesBadge(identity: Identity): number | null {
  const trpc = useTRPC();
  const signedIn = identity.status === 'signed-in' && !identity.isSuperAdmin && can(identity, 'messages.use');
  const unread = useQuery({ ...trpc.messages.unreadCount.queryOptions(), enabled: signedIn, refetchInterval: 60_000 });
  if (identity.status === 'demo') return DEMO_MESSAGES_BADGE;
  if (!signedIn) return null;
  const count = unread.data?.count ?? 0;
  return count > 0 ? count : null;
}
