import type { TMessage } from '../../../shared/domain/messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { formatDateTime } from '../../components/data/app-format';

/** The full text of one message, opened from the list. */
export function MessageDetailDialog({ message, onClose }: { message: TMessage | null; onClose: () => void }) {
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
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
