import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { MessageDetailDialog } from './message-detail-dialog';

/** SPEC §2.10 /messages: search on subject and content, compose, click-to-read, unread count. */
export function MessagesScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // The server filters (case-insensitive substring, SPEC §5); deferring keeps typing smooth.
  const term = useDeferredValue(search.trim());
  const messages = useQuery({
    ...trpc.messages.list.queryOptions(term ? { search: term } : {}),
    placeholderData: keepPreviousData,
  });
  const unread = useQuery(trpc.messages.unreadCount.queryOptions());
  const [opened, setOpened] = useState<TMessage | null>(null);
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

  const open = (message: TMessage) => {
    if (!message.isRead) markRead.mutate({ id: message.id });
    setOpened(message);
  };

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
          {messages.data.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => open(message)}
                data-unread={!message.isRead || undefined}
                className={cn(
                  'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  !message.isRead && 'bg-primary/5',
                )}
              >
                <span
                  className={cn('mt-1.5 size-2 shrink-0 rounded-full', message.isRead ? 'bg-transparent' : 'bg-primary')}
                  aria-hidden="true"
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className={cn('truncate text-sm', !message.isRead && 'font-semibold')}>
                      {message.subject}
                      {!message.isRead && <span className="sr-only"> (unread)</span>}
                    </span>
                    <time dateTime={message.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
                      {formatDateTime(message.createdAt)}
                    </time>
                  </span>
                  <span className="flex items-center gap-2 text-xs text-muted-foreground">
                    {message.senderName ?? 'System'}
                    {!message.isRead && <Badge className="px-1.5 py-0 text-[10px]">New</Badge>}
                  </span>
                  <span className="line-clamp-2 text-sm text-foreground/80">{message.content}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <MessageDetailDialog message={opened} onClose={() => setOpened(null)} />
    </AppPage>
  );
}
