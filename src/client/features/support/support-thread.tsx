import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Send } from 'lucide-react';
import { SUPPORT_STATUSES, type TChatMessage, type TSupportChat, type TSupportStatus, canMoveSupportChat } from '../../../shared/domain/support';
import { formatDateTime } from '../../../shared/format';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { Identity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { statusBadgeClass } from '../../lib/support-tones';
import { supportThreadQuery } from './support-queries';

// SPEC §2.14 thread. The whole thread is read once; then every 2 s (§9) only messages after the
// newest one held are asked for, so an idle poll carries no message bodies, and new ones are appended.

const THREAD_POLL_MS = 2_000;

function useThreadMessages(chatId: string) {
  const trpc = useTRPC();
  const initial = useQuery({ ...supportThreadQuery(trpc, chatId), staleTime: Infinity, refetchOnWindowFocus: false });
  const [extra, setExtra] = useState<TChatMessage[]>([]);
  useEffect(() => setExtra([]), [chatId]);

  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(initial.data ?? []), ...extra].filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
  }, [initial.data, extra]);
  const after = messages.at(-1)?.createdAt;

  const poll = useQuery({
    ...trpc.support.listMessages.queryOptions({ chatId, after: after ?? '' }),
    enabled: initial.isSuccess && after !== undefined,
    refetchInterval: THREAD_POLL_MS,
    // One cursor's answer is needed once: it is folded into `extra` below.
    gcTime: 0,
  });
  useEffect(() => {
    if (poll.data?.length) setExtra((previous) => [...previous, ...poll.data]);
  }, [poll.data]);

  const append = (message: TChatMessage) => setExtra((previous) => [...previous, message]);
  return { messages, initial, append };
}

interface SupportThreadProps {
  identity: Identity;
  chatId: string;
  /** The chat from the list; undefined until the list has it. */
  chat: TSupportChat | undefined;
  /** The panel's way back to the list; the page shows the list beside the thread and passes none. */
  onBack?: () => void;
}

export function SupportThread({ identity, chatId, chat, onBack }: SupportThreadProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [text, setText] = useState('');
  const { messages, initial, append } = useThreadMessages(chatId);
  const endRef = useRef<HTMLDivElement>(null);

  const send = useMutation(
    trpc.support.sendMessage.mutationOptions({
      onSuccess: (message) => {
        append(message);
        setText('');
      },
    }),
  );

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const closed = chat?.status === 'Closed';
  const submit = () => {
    const message = text.trim();
    // SPEC §5: the trimmed text must be non-empty and a chat selected.
    if (!message || !chatId || send.isPending || closed) return;
    send.mutate({ chatId, message, messageType: 'text' });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-3 py-2">
        {onBack && (
          <Button variant="ghost" size="sm" onClick={onBack} className="shrink-0">
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold" data-testid="support-thread-title">
            {chat?.title ?? 'Support chat'}
          </h3>
        </div>
        {chat &&
          (identity.isSuperAdmin ? (
            <StatusControl chat={chat} onChanged={() => void queryClient.invalidateQueries({ queryKey: trpc.support.pathKey() })} />
          ) : (
            <span className={statusBadgeClass(chat.status)} data-testid="support-thread-status">
              {chat.status}
            </span>
          ))}
      </div>

      <div className="flex-1 overflow-y-auto px-3 py-3" aria-live="polite" aria-label="Messages" role="log">
        {initial.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(initial.error)}
          </p>
        ) : initial.isPending ? (
          <p className="text-sm text-muted-foreground">Loading messages...</p>
        ) : messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">No messages yet. Start the conversation!</p>
        ) : (
          <ul className="grid gap-2">
            {messages.map((message) => {
              const own = message.senderId === identity.userId;
              return (
                <li key={message.id} className={cn('flex', own ? 'justify-end' : 'justify-start')} data-own={own}>
                  <div className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm', own ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
                    {!own && <p className="text-xs font-medium">{message.senderName}</p>}
                    <p className="break-words whitespace-pre-wrap">{message.message}</p>
                    <p className={cn('mt-0.5 text-[11px]', own ? 'text-primary-foreground' : 'text-muted-foreground')}>{formatDateTime(message.createdAt)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <div ref={endRef} />
      </div>

      {send.isError && (
        <p role="alert" className="px-3 pb-1 text-xs text-destructive">
          {errorMessage(send.error)}
        </p>
      )}
      <form
        className="flex items-center gap-2 border-t p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <Input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={closed ? 'This conversation is closed' : 'Type your message...'}
          disabled={closed}
          autoComplete="off"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={closed || !text.trim() || send.isPending}>
          <Send aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}

/** Super Admin: move the chat forward (Open → In Progress → Resolved → Closed) or reopen it. */
function StatusControl({ chat, onChanged }: { chat: TSupportChat; onChanged: () => void }) {
  const trpc = useTRPC();
  const update = useMutation(
    trpc.support.updateChatStatus.mutationOptions({
      onSuccess: (updated) => {
        toast({ title: 'Status updated', description: `"${updated.title}" is now ${updated.status}` });
        onChanged();
      },
    }),
  );
  const from = (SUPPORT_STATUSES as readonly string[]).includes(chat.status) ? (chat.status as TSupportStatus) : 'Open';
  const choices = SUPPORT_STATUSES.filter((s) => s === from || canMoveSupportChat(from, s));
  return (
    <div className="grid shrink-0 justify-items-end gap-0.5">
      <Select value={update.isPending ? (update.variables?.status ?? from) : from} onValueChange={(status) => update.mutate({ id: chat.id, status: status as TSupportStatus })}>
        <SelectTrigger className="h-8 w-[8.5rem]" aria-label="Chat status" data-testid="support-status-select">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((status) => (
            <SelectItem key={status} value={status}>
              {status}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {update.isError && (
        <p role="alert" className="text-[11px] text-destructive">
          {errorMessage(update.error)}
        </p>
      )}
    </div>
  );
}
