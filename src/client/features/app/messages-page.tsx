import { useQuery } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { formatDateTime } from '../../components/data/app-format';

/** SPEC §2.10 /messages: the caller's messages, newest first; unread ones stand out. */
export function MessagesPage() {
  const trpc = useTRPC();
  const messages = useQuery(trpc.messages.list.queryOptions({}));
  const unread = messages.data?.filter((message) => !message.isRead).length ?? 0;
  return (
    <AppPage title="Messages" description={messages.data ? `${unread} unread` : 'Secure messages within your team'}>
      {messages.isPending ? (
        <ListSkeleton label="Loading messages" />
      ) : messages.isError ? (
        <ErrorState title="Could not load messages" error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <EmptyState icon={MailOpen} title="No messages">
          Messages from your team appear here.
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {messages.data.map((message) => (
            <li key={message.id} className="flex gap-3 px-4 py-3">
              <span
                className={cn('mt-1.5 size-2 shrink-0 rounded-full', message.isRead ? 'bg-transparent' : 'bg-primary')}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className={cn('truncate text-sm', !message.isRead && 'font-semibold')}>
                    {message.subject}
                    {!message.isRead && <span className="sr-only"> (unread)</span>}
                  </p>
                  <time dateTime={message.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
                    {formatDateTime(message.createdAt)}
                  </time>
                </div>
                <p className="text-xs text-muted-foreground">{message.senderName ?? 'System'}</p>
                <p className="mt-1 line-clamp-2 text-sm text-foreground/80">{message.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AppPage>
  );
}
