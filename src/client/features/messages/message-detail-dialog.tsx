import type { TMessage } from '../../../shared/domain/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { formatDateTime } from '../../../shared/format';
import { useIdentity } from '../../lib/identity';
import { ReplyForm } from './reply-form';

/** The full text of one message, opened from the list, with a direct reply to its sender. */
export function MessageDetailDialog({ message, onClose }: { message: TMessage | null; onClose: () => void }) {
  const { userId } = useIdentity();
  // Anyone's message but one's own (and not a system message) can be answered directly.
  const canReply = message !== null && message.senderId !== null && message.senderId !== userId && message.senderName !== null;
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {message && (
          <>
            <DialogHeader>
              <DialogTitle>{message.subject}</DialogTitle>
              <DialogDescription>
                From {message.senderName ?? 'System'} ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </DialogDescription>
            </DialogHeader>
            <p className="text-sm whitespace-pre-wrap">{message.content}</p>
            {canReply && <ReplyForm key={message.id} messageId={message.id} senderName={message.senderName!} onSent={onClose} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
