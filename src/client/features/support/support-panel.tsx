import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { TSupportChat } from '../../../shared/domain/support';
import { formatDate } from '../../components/data/app-format';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import type { Identity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { RequestSupportDialog } from './request-support-dialog';
import { SupportThread } from './support-thread';
import { priorityBadgeClass, statusBadgeClass } from './support-tones';

// SPEC §2.14: the Live Support panel — the chat list, or one chat's thread.

/** SPEC §9: the chat list is polled every 5 s while the panel is open. */
const LIST_POLL_MS = 5_000;

interface SupportPanelProps {
  identity: Identity;
  chatId: string | null;
  onChatChange: (chatId: string | null) => void;
  onClose: () => void;
}

export default function SupportPanel({ identity, chatId, onChatChange, onClose }: SupportPanelProps) {
  const trpc = useTRPC();
  const titleId = useId();
  const [requesting, setRequesting] = useState(false);
  const chats = useQuery({ ...trpc.support.listChats.queryOptions({}), refetchInterval: LIST_POLL_MS });
  const current = chatId ? chats.data?.find((c) => c.id === chatId) : undefined;

  return (
    <section
      aria-labelledby={titleId}
      data-testid="live-support-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !requesting) onClose();
      }}
      className="fixed right-4 bottom-20 z-40 flex h-[min(32rem,calc(100svh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-background shadow-2xl"
    >
      <header className="flex items-start justify-between gap-3 border-b px-4 py-3">
        <div className="grid gap-0.5">
          <h2 id={titleId} className="text-base font-semibold">
            Live Support
          </h2>
          <p className="text-xs text-muted-foreground">{identity.isSuperAdmin ? 'Manage support requests' : 'Get help from our team'}</p>
        </div>
        {!identity.isSuperAdmin && !chatId && (
          <Button size="sm" onClick={() => setRequesting(true)}>
            <Plus aria-hidden="true" />
            New
          </Button>
        )}
      </header>
      {chatId ? (
        <SupportThread identity={identity} chatId={chatId} chat={current} onBack={() => onChatChange(null)} />
      ) : (
        <ChatList chats={chats.data} loading={chats.isPending} error={chats.isError ? errorMessage(chats.error) : null} identity={identity} onOpen={onChatChange} />
      )}
      <RequestSupportDialog
        open={requesting}
        onOpenChange={setRequesting}
        onCreated={(chat) => {
          setRequesting(false);
          onChatChange(chat.id);
        }}
      />
    </section>
  );
}

interface ChatListProps {
  chats: TSupportChat[] | undefined;
  loading: boolean;
  error: string | null;
  identity: Identity;
  onOpen: (chatId: string) => void;
}

function ChatList({ chats, loading, error, identity, onOpen }: ChatListProps) {
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
            className="grid w-full gap-1.5 px-4 py-3 text-left outline-none hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
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
