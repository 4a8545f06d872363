import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { formatDateTime } from '../../../shared/format';
import { ComposeMessageDialog } from '../../components/messages/compose-message-dialog';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Card, CardContent } from '../../components/ui/card';
import { useTRPC } from '../../trpc';
import { messagesQuery } from './case-queries';

// The case's thread (issue 18): the messages whose patientCaseId is this case, newest first, and
// "Send message" with the case preselected.

export function MessagesTab({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const messages = useQuery(messagesQuery(trpc, item.id));
  const thread = (messages.data ?? []).filter((m) => m.patientCaseId === item.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <ComposeMessageDialog kase={{ id: item.id, name: item.patientName }} />
      </div>
      {messages.isPending ? (
        <ListSkeleton rows={3} label="Loading the messages" />
      ) : messages.isError ? (
        <ErrorState title="Could not load the messages" error={messages.error} onRetry={() => void messages.refetch()} />
      ) : thread.length === 0 ? (
        <EmptyState icon={MessagesSquare} title="No messages about this case">
          Messages sent from this page are about this case and show here.
        </EmptyState>
      ) : (
        <Card className="gap-2 py-3">
          <CardContent className="px-4">
            <ul className="divide-y" aria-label="Messages about this case">
              {thread.map((m) => (
                <li key={m.id} className="grid gap-1 py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium break-words">{m.subject}</span>
                    <span className="text-xs text-muted-foreground">
                      {m.senderName ?? 'System'} · {formatDateTime(m.createdAt)}
                    </span>
                  </div>
                  <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{m.content}</p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
