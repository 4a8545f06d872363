import { useQuery } from '@tanstack/react-query';
import type { TMessage } from '../../../shared/domain/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ThreadView } from '../../components/messages/thread-view';
import { groupThreads, toLine } from '../../components/messages/threads';
import { formatDateTime } from '../../../shared/format';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { ReplyForm } from './reply-form';

/**
 * One thread, opened from the list or a notification: its first message and the replies under it
 * (issue 21), with a reply to the newest message someone else sent.
 */
export function MessageDetailDialog({ thread, onClose }: { thread: { threadId: string; messages: readonly TMessage[] } | null; onClose: () => void }) {
  const { userId } = useIdentity();
  const trpc = useTRPC();
  // The whole thread as the caller sees it, whatever the list's search left out.
  const full = useQuery({ ...trpc.messages.list.queryOptions({ threadId: thread?.threadId ?? '' }), enabled: thread !== null });
  const loaded = full.data?.filter((m) => m.threadId === thread?.threadId);
  const messages = loaded && loaded.length > 0 ? loaded : (thread?.messages ?? []);
  const grouped = groupThreads(messages)[0];
  const first = grouped?.first ?? null;
  // Anyone's message but one's own (and not a system message) can be answered.
  const answerable = [...(grouped?.messages ?? [])].reverse().find((m) => m.senderId !== null && m.senderId !== userId && m.senderName !== null) ?? null;
  return (
    <Dialog open={thread !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto">
        {first && grouped && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{first.subject}</DialogTitle>
              <DialogDescription>
                From {first.senderName ?? 'System'} · {toLine(first)} ·{' '}
                <time dateTime={first.createdAt}>{formatDateTime(first.createdAt)}</time>
              </DialogDescription>
            </DialogHeader>
            {grouped.messages.length === 1 ? (
              <p className="text-sm break-words whitespace-pre-wrap">{first.content}</p>
            ) : (
              <ThreadView messages={grouped.messages} label="Messages in this thread" />
            )}
            {answerable && (
              <ReplyForm
                key={answerable.id}
                messageId={answerable.id}
                senderName={answerable.senderName!}
                offerReplyAll={answerable.audience !== 'broadcast'}
                onSent={() => void full.refetch()}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
