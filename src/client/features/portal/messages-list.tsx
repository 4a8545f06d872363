import type { TPortalMessage } from '../../../shared/domain/portal';
import { relativeTime } from '../../../shared/format';
import { cn } from '../../lib/utils';

// The conversation with the care team: what the patient sent and what came back.

export function MessageItem({ message }: { message: TPortalMessage }) {
  const sent = message.direction === 'sent';
  return (
    <li className={cn('grid gap-1 rounded-lg border p-3', sent ? 'bg-muted/40' : 'bg-card', !message.isRead && 'border-primary/50')}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold">
          {message.subject}
          {!message.isRead && <span className="ml-2 rounded-full bg-primary px-1.5 py-0.5 text-[10px] font-medium text-primary-foreground">New</span>}
        </h3>
        <span className="text-xs text-muted-foreground">{relativeTime(message.createdAt)}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {sent ? `To ${message.otherPartyName ?? 'your care team'}` : `From ${message.otherPartyName ?? 'your care team'}`}
      </p>
      <p className="text-sm whitespace-pre-line">{message.content}</p>
    </li>
  );
}
