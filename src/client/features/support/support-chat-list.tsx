import { useQuery } from '@tanstack/react-query';
import type { TSupportChat } from '../../../shared/domain/support';
import { formatDate } from '../../../shared/format';
import type { Identity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { priorityBadgeClass, statusBadgeClass } from '../../lib/support-tones';
import { supportChatsQuery } from './support-queries';

// The support chat list, shared by the Live Support panel and the /support page.

/** SPEC §9: the chat list is polled every 5 s while it is on screen. */
const LIST_POLL_MS = 5_000;

export function useSupportChats() {
  const trpc = useTRPC();
  return useQuery({ ...supportChatsQuery(trpc), refetchInterval: LIST_POLL_MS });
}

interface SupportChatListProps {
  chats: TSupportChat[] | undefined;
  loading: boolean;
  error: string | null;
  identity: Identity;
  onOpen: (chatId: string) => void;
  /** The chat shown beside the list (page layout), marked as current. */
  selectedId?: string | null;
}

export function SupportChatList({ chats, loading, error, identity, onOpen, selectedId }: SupportChatListProps) {
  if (error) {
    return (
      <p role="alert" className="p-4 text-sm text-destructive">
        {error}
      </p>
    );
  }
  if (loading) return <p className="p-4 text-sm text-muted-foreground">Loading support chats...</p>;
  if (!chats || chats.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-1 p-6 text-center">
        <p className="text-sm font-medium">No support chats yet</p>
        {!identity.isSuperAdmin && <p className="text-xs text-muted-foreground">Click New to start a conversation</p>}
      </div>
    );
  }
  return (
    <ul className="flex-1 divide-y overflow-y-auto" aria-label="Support chats">
      {chats.map((chat) => (
        <li key={chat.id}>
          <button
            type="button"
            onClick={() => onOpen(chat.id)}
            aria-current={selectedId === chat.id ? 'true' : undefined}
            className={cn(
              'grid w-full gap-1.5 px-4 py-3 text-left outline-none hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
              selectedId === chat.id && 'bg-accent/60',
            )}
          >
            <span className="flex items-start justify-between gap-2">
              <span className="truncate text-sm font-medium">{chat.title}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatDate(chat.createdAt)}</span>
            </span>
            <span className="flex flex-wrap items-center gap-1.5">
              <span className={priorityBadgeClass(chat.priority)}>{chat.priority}</span>
              <span className={statusBadgeClass(chat.status)}>{chat.status}</span>
              <span className="text-xs text-muted-foreground">{chat.category}</span>
              {identity.isSuperAdmin && (
                <span className="truncate text-xs text-muted-foreground">· {chat.organizationName ?? chat.initiatorName}</span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
