import { lazy, Suspense, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { useHydrated } from '../../lib/use-hydrated';

// The closed state of the AI assistant (SPEC §2.15): a round button at the bottom right of every
// public page. Only this file is in a page's first download; the chat itself (and its state) loads
// on the first click, so the landing page's bundle budget does not pay for it.

const AssistantPanel = lazy(() => import('./assistant-panel'));

export function AssistantLauncher() {
  const [open, setOpen] = useState(false);
  // Once loaded the panel stays mounted while closed, so the conversation survives close and reopen.
  const [loaded, setLoaded] = useState(false);
  // On a prerendered page the button does nothing until the script has hydrated it (decision 0048).
  const hydrated = useHydrated();
  return (
    <div data-slot="assistant">
      {!open && (
        <button
          type="button"
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
          aria-label="Open AI assistant chat"
          disabled={!hydrated}
          className="fixed right-4 bottom-4 z-50 inline-flex print:hidden size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg outline-none transition-transform hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <MessageCircle className="size-6" aria-hidden="true" />
        </button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
