import { CalendarPlus, FlaskConical, MessageSquare, Pill, type LucideIcon } from 'lucide-react';

// SPEC §2.13: the four quick actions. Each one does something: two open a dialog, two open a tab.

export type QuickAction = 'book' | 'message' | 'results' | 'medications';

const ACTIONS: readonly { id: QuickAction; icon: LucideIcon; title: string; detail: string }[] = [
  { id: 'book', icon: CalendarPlus, title: 'Book Appointment', detail: 'Ask your care team for a visit' },
  { id: 'message', icon: MessageSquare, title: 'Message Doctor', detail: 'Ask a question about your care' },
  { id: 'results', icon: FlaskConical, title: 'Test Results', detail: 'Your latest results in one place' },
  { id: 'medications', icon: Pill, title: 'Medications', detail: 'What you take and when' },
];

export function QuickActions({ onAction, canContact }: { onAction: (action: QuickAction) => void; canContact: boolean }) {
  return (
    <section aria-label="Quick actions" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {ACTIONS.map(({ id, icon: Icon, title, detail }) => {
        const disabled = !canContact && (id === 'book' || id === 'message');
        return (
          <button
            key={id}
            type="button"
            onClick={() => onAction(id)}
            disabled={disabled}
            className="flex flex-col items-start gap-2 rounded-xl border bg-card px-4 py-4 text-left shadow-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60 sm:px-5 sm:py-5"
          >
            <span className="flex size-9 items-center justify-center rounded-md bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-semibold">{title}</span>
            <span className="text-xs text-muted-foreground">{detail}</span>
          </button>
        );
      })}
    </section>
  );
}
