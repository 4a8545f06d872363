import { useDeferredValue, useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { MailOpen, Search } from 'lucide-react';
import type { TMessage } from '../../../shared/domain/messages';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Input } from '../../components/ui/input';
import { formatDateTime, pluralise } from '../../../shared/format';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { ComposeMessageDialog } from '../../components/messages/compose-message-dialog';
import { type MessageThread, groupThreads, toLine } from '../../components/messages/threads';
import { MessageDetailDialog } from './message-detail-dialog';
import { messageThreadQuery, messagesQuery } from './messages-search';

/**
 * SPEC §2.10 /messages: search on subject and content, compose, click-to-read, unread count. Issue 21:
 * one row per thread (newest activity first) with its "To:" line; ?messageId= opens that thread.
 */
export function MessagesScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // The server filters (case-insensitive substring, SPEC §5); deferring keeps typing smooth.
  const term = useDeferredValue(search.trim());
  const messages = useQuery({
    ...messagesQuery(trpc, term),
    placeholderData: keepPreviousData,
  });
  const unread = useQuery(trpc.messages.unreadCount.queryOptions());
  const [opened, setOpened] = useState<{ threadId: string; messages: TMessage[] } | null>(null);
  const { messageId } = useSearch({ from: '/_app/messages' });
  const navigate = useNavigate();
  // A notification's link: the message itself (a reply's own id answers that reply).
  const linked = useQuery({ ...messageThreadQuery(trpc, messageId ?? ''), enabled: Boolean(messageId) });
  const markRead = useMutation(
    trpc.messages.markRead.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.messages.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.messages.unreadCount.queryKey() });
      },
      // SPEC §8: a failed mark-read is silent; the message simply stays unread.
      onError: () => undefined,
    }),
  );

  const open = (thread: Pick<MessageThread, 'threadId' | 'messages'>) => {
    for (const message of thread.messages) if (!message.isRead) markRead.mutate({ id: message.id });
    setOpened({ threadId: thread.threadId, messages: thread.messages });
  };
  const linkedMessage = linked.data?.find((m) => m.id === messageId);
  useEffect(() => {
    if (linkedMessage) open({ threadId: linkedMessage.threadId, messages: [linkedMessage] });
    // Opens once per link; `open` is recreated each render.
  }, [linkedMessage?.id]);
  const close = () => {
    setOpened(null);
    if (messageId) void navigate({ to: '/messages', search: {}, replace: true });
  };
  const threads = messages.data ? groupThreads(messages.data) : [];

  const count = unread.data?.count;
  return (
    <AppPage
      title="Messages"
      description={
        count === undefined ? 'Secure messages within your team' : (
          <span data-testid="unread-count">{pluralise(count, 'unread message')}</span>
        )
      }
      actions={<ComposeMessageDialog />}
    >
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search messages"
          placeholder="Search messages..."
          className="pl-9"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {messages.isPending ? (
        <ListSkeleton label="Loading messages" />
      ) : messages.isError ? (
        <ErrorState title="Could not load messages" error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <EmptyState icon={MailOpen} title="No messages">
          {term ? 'No message matches your search.' : 'Messages from your team appear here.'}
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Messages">
          {threads.map((thread) => {
            const message = thread.first;
            const unread = thread.unread > 0;
            const replies = thread.messages.length - 1;
            return (
            <li key={thread.threadId}>
              <button
                type="button"
                onClick={() => open(thread)}
                data-unread={unread || undefined}
                data-thread-id={thread.threadId}
                className={cn(
                  'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  unread && 'bg-primary/5',
                )}
              >
                <span
                  className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
                  aria-hidden="true"
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className={cn('truncate text-sm', unread && 'font-semibold')}>
                      {message.subject}
                      {unread && <span className="sr-only"> (unread)</span>}
                    </span>
                    <time dateTime={thread.latest.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
                      {formatDateTime(thread.latest.createdAt)}
                    </time>
                  </span>
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                    <span>{message.senderName ?? 'System'}</span>
                    <span aria-hidden="true">·</span>
                    <span className="min-w-0 truncate">{toLine(message)}</span>
                    {replies > 0 && <Badge variant="outline" className="px-1.5 py-0 text-[10px]">{pluralise(replies, 'reply', 'replies')}</Badge>}
                    {unread && <Badge className="px-1.5 py-0 text-[10px]">New</Badge>}
                  </span>
                  <span className="line-clamp-2 text-sm text-foreground/80">{replies > 0 ? `${thread.latest.senderName ?? 'System'}: ${thread.latest.content}` : message.content}</span>
                </span>
              </button>
            </li>
            );
          })}
        </ul>
      )}
      <MessageDetailDialog thread={opened} onClose={close} />
    </AppPage>
  );
}
