import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { awaitOnEnter } from '../../lib/route-data';
import { MessagesScreen } from '../../features/messages/messages-screen';
import { messageThreadQuery, messagesQuery, validateMessagesSearch } from '../../features/messages/messages-search';

export const Route = createFileRoute('/_app/messages')({
  validateSearch: (raw: Record<string, unknown>) => validateMessagesSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loaderDeps: ({ search }) => search,
  // The whole inbox and its unread count, and the thread a notification's link names, before the
  // screen mounts (lib/route-data.ts).
  loader: async ({ context: { queryClient, trpc }, deps, cause }) => {
    await awaitOnEnter(cause, [
      queryClient.ensureQueryData(messagesQuery(trpc, '')),
      queryClient.ensureQueryData(trpc.messages.unreadCount.queryOptions()),
      deps.messageId && queryClient.ensureQueryData(messageThreadQuery(trpc, deps.messageId)),
    ]);
  },
  component: MessagesScreen,
});
