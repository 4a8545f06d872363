import type { TMessage } from '../../../shared/domain/messages';

// A thread (issue 21) is a first message and the replies under it, named by the first one's id.
// Lists show one row per thread, the newest activity first; the caller may see only part of a
// thread (a reply between two others is not theirs), so the first message shown is the earliest seen.

export interface MessageThread {
  threadId: string;
  /** The thread's first message as the caller sees it. */
  first: TMessage;
  /** Oldest first. */
  messages: TMessage[];
  latest: TMessage;
  unread: number;
}

export function groupThreads(messages: readonly TMessage[]): MessageThread[] {
  const byThread = new Map<string, TMessage[]>();
  for (const message of messages) {
    const list = byThread.get(message.threadId) ?? [];
    list.push(message);
    byThread.set(message.threadId, list);
  }
  const threads = [...byThread.entries()].map(([threadId, list]) => {
    const sorted = [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    return {
      threadId,
      first: sorted.find((m) => m.id === threadId) ?? sorted[0]!,
      messages: sorted,
      latest: sorted[sorted.length - 1]!,
      unread: sorted.filter((m) => !m.isRead).length,
    };
  });
  return threads.sort((a, b) => b.latest.createdAt.localeCompare(a.latest.createdAt) || b.threadId.localeCompare(a.threadId));
}

/** "To: …" for a message: everybody, or the names, role or case team it went to. */
export function toLine(message: Pick<TMessage, 'audience' | 'audienceLabel'>): string {
  if (message.audience === 'broadcast') return 'To: Everybody';
  return `To: ${message.audienceLabel ?? (message.audience === 'team' ? 'The case team' : 'Named people')}`;
}

/** How deep a message sits under the thread's first one (0 for the first), for indenting. */
export function depthIn(thread: readonly TMessage[], message: TMessage): number {
  const byId = new Map(thread.map((m) => [m.id, m]));
  let depth = 0;
  let parent = message.parentId ? byId.get(message.parentId) : undefined;
  while (parent && depth < 10) {
    depth += 1;
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  // A reply whose parent the caller cannot see still sits under the thread.
  return message.parentId && depth === 0 ? 1 : depth;
}
