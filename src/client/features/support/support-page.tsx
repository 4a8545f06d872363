import { useId, useState } from 'react';
import { MessagesSquare, Plus } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import type { Identity } from '../../lib/identity';
import { RequestSupportDialog } from './request-support-dialog';
import { SupportChatList, useSupportChats } from './support-chat-list';
import { SupportThread } from './support-thread';

// Issue 7 /support: the Live Support chats as a full page — the list beside the open thread, on
// the same queries and polling as the widget. The open chat is in the URL (?chat=), so a link from
// /tasks or the bell lands on it.

interface SupportPageProps {
  identity: Identity;
  chatId: string | null;
  onChatChange: (chatId: string | null) => void;
}

export function SupportPage({ identity, chatId, onChatChange }: SupportPageProps) {
  const listTitleId = useId();
  const threadTitleId = useId();
  const [requesting, setRequesting] = useState(false);
  const chats = useSupportChats();
  const current = chatId ? chats.data?.find((c) => c.id === chatId) : undefined;
  const description = identity.isSuperAdmin ? 'Support requests from every organisation' : 'Your requests to the CaseBridge support team';

  return (
    <AppPage
      title="Support"
      description={description}
      actions={
        // As in the widget: the Super Admin answers requests and never opens one.
        !identity.isSuperAdmin && (
          <Button onClick={() => setRequesting(true)}>
            <Plus aria-hidden="true" />
            New request
          </Button>
        )
      }
    >
      <div className="grid gap-4 md:grid-cols-[minmax(16rem,22rem)_1fr]" data-testid="support-page">
        <section aria-labelledby={listTitleId} className="flex max-h-[32rem] min-h-48 flex-col overflow-hidden rounded-xl border bg-card md:h-[min(40rem,calc(100svh-12rem))] md:max-h-none">
          <h2 id={listTitleId} className="border-b px-4 py-3 text-sm font-semibold">
            {identity.isSuperAdmin ? 'All chats' : 'Your chats'}
            {chats.data && <span className="ml-1 font-normal text-muted-foreground">({chats.data.length})</span>}
          </h2>
          <SupportChatList
            chats={chats.data}
            loading={chats.isPending}
            error={chats.isError ? errorMessage(chats.error) : null}
            identity={identity}
            onOpen={onChatChange}
            selectedId={chatId}
          />
        </section>
        <section aria-labelledby={threadTitleId} className="flex h-[min(40rem,calc(100svh-12rem))] min-h-80 flex-col overflow-hidden rounded-xl border bg-card">
          <h2 id={threadTitleId} className="sr-only">
            Conversation
          </h2>
          {chatId ? (
            <SupportThread key={chatId} identity={identity} chatId={chatId} chat={current} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
              <MessagesSquare className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="text-sm font-medium">Choose a chat to read and answer it</p>
              {!identity.isSuperAdmin && <p className="text-xs text-muted-foreground">or start a new request.</p>}
            </div>
          )}
        </section>
      </div>
      <RequestSupportDialog
        open={requesting}
        onOpenChange={setRequesting}
        onCreated={(chat) => {
          setRequesting(false);
          onChatChange(chat.id);
        }}
      />
    </AppPage>
  );
}
