import { Suspense, lazy, useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LifeBuoy, X } from 'lucide-react';
import type { Identity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { OPEN_SUPPORT_CHAT_EVENT } from '../../lib/support-tones';

// SPEC §2.14: the round Live Support button at the bottom right of every signed-in screen, shown
// only when a user id and a role exist. The panel (and zod, with the request form) loads on first open.

const SupportPanel = lazy(() => import('./support-panel'));

/** SPEC §9: presence heartbeat every 60 s, while the tab is visible. */
const HEARTBEAT_MS = 60_000;

function usePresenceHeartbeat() {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.presence.heartbeat.mutationOptions());
  useEffect(() => {
    const beat = () => {
      if (document.visibilityState === 'visible') mutate();
    };
    const timer = window.setInterval(beat, HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [mutate]);
}

export function SupportLauncher({ identity }: { identity: Identity }) {
  if (!identity.userId || !identity.role) return null;
  return <Launcher identity={identity} />;
}

function Launcher({ identity }: { identity: Identity }) {
  const [open, setOpen] = useState(false);
  const [chatId, setChatId] = useState<string | null>(null);
  usePresenceHeartbeat();

  useEffect(() => {
    const onOpenChat = (event: Event) => {
      setChatId((event as CustomEvent<string>).detail);
      setOpen(true);
    };
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpenChat);
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpenChat);
  }, []);

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <SupportPanel identity={identity} chatId={chatId} onChatChange={setChatId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-label={open ? 'Close Live Support' : 'Open Live Support'}
        data-testid="live-support-button"
        className="fixed right-4 bottom-4 z-40 flex print:hidden size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform outline-none hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <LifeBuoy className="size-6" aria-hidden="true" />}
      </button>
    </>
  );
}
