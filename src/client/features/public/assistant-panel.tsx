import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Bot, Minus, Send, Square, X } from 'lucide-react';
import {
  ASSISTANT_DISCLAIMER,
  ASSISTANT_GREETING,
  ASSISTANT_MESSAGE_MAX,
  QUICK_HELP_MAX,
  QUICK_HELP_MAX_MESSAGES,
  QUICK_HELP_SEND_DELAY_MS,
} from '../../../shared/domain/assistant-text';
import { cn } from '../../lib/utils';
import { type ChatMessage, askAssistant, fetchQuickHelp, hourMinute } from './assistant-api';

// The open AI assistant (SPEC §2.15, §5, §8, §9): 384 × 500 px (full width on a phone), minimisable
// to its header. Loaded lazily by AssistantLauncher on the first click of the round button.

let nextId = 0;
const message = (role: ChatMessage['role'], content: string): ChatMessage => ({ id: `m${++nextId}`, role, content, timestamp: new Date() });

export default function AssistantPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const [minimized, setMinimized] = useState(false);
  const [topics, setTopics] = useState<string[] | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // A ref as well as state: two quick Enters in one render must not send twice (SPEC §5).
  const pendingRef = useRef(false);

  // First open with an empty history: the greeting; and the topics, fetched only once opened (§7.3).
  useEffect(() => {
    if (!open) return;
    setMessages((current) => (current.length === 0 ? [message('assistant', ASSISTANT_GREETING)] : current));
    if (topics === null) void fetchQuickHelp().then(setTopics);
  }, [open, topics]);

  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [messages, pending, minimized]);

  // Back to the input when the panel opens and after each answer (the input is disabled meanwhile).
  useEffect(() => {
    if (open && !minimized && !pending) inputRef.current?.focus();
  }, [open, minimized, pending]);

  async function send(text: string) {
    const content = text.trim();
    if (!content || pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    const history = messages;
    setMessages([...history, message('user', content)]);
    setDraft('');
    const reply = await askAssistant(content, history);
    setMessages((current) => [...current, message('assistant', reply)]);
    pendingRef.current = false;
    setPending(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter keeps the newline; an IME composition's Enter is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  }

  if (!open) return null;
  const showTopics = messages.length <= QUICK_HELP_MAX_MESSAGES && !pending && (topics?.length ?? 0) > 0;

  return (
    <section
      aria-labelledby="assistant-title"
      data-state={minimized ? 'minimized' : 'open'}
      className={cn(
        'fixed inset-x-2 bottom-2 z-50 flex flex-col overflow-hidden rounded-xl border bg-background shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96',
        minimized ? 'h-auto' : 'h-[min(500px,calc(100svh-1rem))]',
      )}
    >
      <header className="flex items-center gap-2 border-b bg-primary px-3 py-2 text-primary-foreground">
        <Bot className="size-5 shrink-0" aria-hidden="true" />
        <h2 id="assistant-title" className="flex-1 text-sm font-semibold">
          AI Assistant
        </h2>
        <button
          type="button"
          onClick={() => setMinimized((m) => !m)}
          aria-label={minimized ? 'Restore chat' : 'Minimize chat'}
          aria-expanded={!minimized}
          className="inline-flex size-8 items-center justify-center rounded-md outline-none hover:bg-primary-foreground/15 focus-visible:ring-[3px] focus-visible:ring-primary-foreground/60"
        >
          {minimized ? <Square className="size-4" aria-hidden="true" /> : <Minus className="size-4" aria-hidden="true" />}
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="inline-flex size-8 items-center justify-center rounded-md outline-none hover:bg-primary-foreground/15 focus-visible:ring-[3px] focus-visible:ring-primary-foreground/60"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>

      {!minimized && (
        <>
          <div ref={logRef} role="log" aria-live="polite" aria-label="Conversation" tabIndex={0} className="flex-1 space-y-3 overflow-y-auto p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            {messages.map((m) => (
              <div key={m.id} data-role={m.role} className={cn('flex flex-col gap-1', m.role === 'user' ? 'items-end' : 'items-start')}>
                <p
                  className={cn(
                    'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
                    m.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                  )}
                >
                  <span className="sr-only">{m.role === 'user' ? 'You: ' : 'Assistant: '}</span>
                  {m.content}
                </p>
                <time dateTime={m.timestamp.toISOString()} className="px-1 text-xs text-muted-foreground">
                  {hourMinute(m.timestamp)}
                </time>
              </div>
            ))}
            {pending && (
              <div role="status" aria-label="Assistant is typing" className="flex w-fit items-center gap-1 rounded-lg bg-muted px-3 py-3">
                {[0, 150, 300].map((delay) => (
                  <span key={delay} className="size-2 animate-bounce rounded-full bg-muted-foreground" style={{ animationDelay: `${delay}ms` }} />
                ))}
              </div>
            )}
            {showTopics && (
              <div className="grid gap-2 pt-1">
                <p className="text-xs font-medium text-muted-foreground">Quick help</p>
                {topics!.slice(0, QUICK_HELP_MAX).map((topic) => (
                  <button
                    key={topic}
                    type="button"
                    onClick={() => setTimeout(() => void send(topic), QUICK_HELP_SEND_DELAY_MS)}
                    className="rounded-md border px-3 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {topic}
                  </button>
                ))}
              </div>
            )}
          </div>

          <form
            className="border-t p-3"
            onSubmit={(event) => {
              event.preventDefault();
              void send(draft);
            }}
          >
            <div className="flex items-end gap-2">
              <label htmlFor="assistant-input" className="sr-only">
                Ask a question
              </label>
              <textarea
                id="assistant-input"
                ref={inputRef}
                rows={1}
                value={draft}
                maxLength={ASSISTANT_MESSAGE_MAX}
                disabled={pending}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Ask me anything about CaseBridge…"
                className="max-h-24 min-h-9 flex-1 resize-none rounded-md border border-input bg-transparent px-3 py-2 text-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50"
              />
              <button
                type="submit"
                aria-label="Send message"
                disabled={pending || !draft.trim()}
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50"
              >
                <Send className="size-4" aria-hidden="true" />
              </button>
            </div>
            <p className="mt-2 text-center text-xs text-muted-foreground">{ASSISTANT_DISCLAIMER}</p>
          </form>
        </>
      )}
    </section>
  );
}
