import type { TMessage } from '../../../shared/domain/messages';
import { formatDateTime } from '../../../shared/format';
import { cn } from '../../lib/utils';
import { depthIn, toLine } from './threads';

/** The messages of one thread, oldest first, replies indented under the message they answer. */
export function ThreadView({ messages, label }: { messages: readonly TMessage[]; label: string }) {
  return (
    <ol className="grid gap-3" aria-label={label}>
      {messages.map((m) => {
        const depth = Math.min(depthIn(messages, m), 3);
        return (
          <li
            key={m.id}
            data-message-id={m.id}
            className={cn('grid min-w-0 gap-1', depth > 0 && 'border-l-2 border-primary/30 pl-3')}
            style={depth > 1 ? { marginLeft: `${(depth - 1) * 0.75}rem` } : undefined}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted-foreground">
              <span className="min-w-0 break-words">
                <span className="font-medium text-foreground">{m.senderName ?? 'System'}</span> · {toLine(m)}
              </span>
              <time dateTime={m.createdAt} className="whitespace-nowrap">
                {formatDateTime(m.createdAt)}
              </time>
            </div>
            {depth === 0 && <p className="text-sm font-medium break-words">{m.subject}</p>}
            <p className="text-sm break-words whitespace-pre-wrap">{m.content}</p>
          </li>
        );
      })}
    </ol>
  );
}
