import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import type { Identity } from '../../lib/identity';
import { RequestSupportDialog } from './request-support-dialog';
import { SupportChatList, useSupportChats } from './support-chat-list';
import { SupportThread } from './support-thread';

// SPEC §2.14: the Live Support panel — the chat list, or one chat's thread. The /support page
// (support-page.tsx) lays the same pieces out side by side.

interface SupportPanelProps {
  identity: Identity;
  chatId: string | null;
  onChatChange: (chatId: string | null) => void;
  onClose: () => void;
}

export default function SupportPanel({ identity, chatId, onChatChange, onClose }: SupportPanelProps) {
  const titleId = useId();
  const [requesting, setRequesting] = useState(false);
  const chats = useSupportChats();
  const current = chatId ? chats.data?.find((c) => c.id === chatId) : undefined;

  return (
    <section
      aria-labelledby={titleId}
      data-testid="live-support-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !requesting) onClose();
      }}
      className="fixed right-4 bottom-20 z-40 flex print:hidden h-[min(32rem,calc(100svh-7rem))] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-background shadow-2xl"
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
        <SupportChatList chats={chats.data} loading={chats.isPending} error={chats.isError ? errorMessage(chats.error) : null} identity={identity} onOpen={onChatChange} />
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
