import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { ComposeMessageDialog } from '../../components/messages/compose-message-dialog';
import { ThreadView } from '../../components/messages/thread-view';
import { groupThreads } from '../../components/messages/threads';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Card, CardContent } from '../../components/ui/card';
import { useTRPC } from '../../trpc';
import { messagesQuery } from './case-queries';

// The case's threads (issue 18, 21): the caller's messages whose patientCaseId is this case, one
// thread each (newest activity first, replies indented), and "Send message" with the case chosen and
// its team offered as the audience.

export function MessagesTab({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const messages = useQuery(messagesQuery(trpc, item.id));
  const threads = groupThreads((messages.data ?? []).filter((m) => m.patientCaseId === item.id));
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <ComposeMessageDialog kase={{ id: item.id, name: item.patientName }} />
      </div>
      {messages.isPending ? (
        <ListSkeleton rows={3} label="Loading the messages" />
      ) : messages.isError ? (
        <ErrorState title="Could not load the messages" error={messages.error} onRetry={() => void messages.refetch()} />
      ) : threads.length === 0 ? (
        <EmptyState icon={MessagesSquare} title="No messages about this case">
          Messages sent from this page are about this case and show here.
        </EmptyState>
      ) : (
        <Card className="gap-2 py-3">
          <CardContent className="px-4">
            <ul className="divide-y" aria-label="Messages about this case">
              {threads.map((thread) => (
                <li key={thread.threadId} className="py-3" data-thread-id={thread.threadId}>
                  <ThreadView messages={thread.messages} label={`Thread: ${thread.first.subject}`} />
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
