import type { Trpc } from '../../trpc';

/** /messages?messageId=… (issue 21): a notification's link opens that message's thread. */
export interface MessagesSearch {
  messageId?: string;
}

export function validateMessagesSearch(raw: Record<string, unknown>): MessagesSearch {
  const id = typeof raw.messageId === 'string' ? raw.messageId.trim() : '';
  return id && id.length <= 64 ? { messageId: id } : {};
}

/** The inbox, filtered by a search term ('' for all); the screen and its route's loader share it. */
export const messagesQuery = (trpc: Trpc, term: string) => trpc.messages.list.queryOptions(term ? { search: term } : {});

/** One thread: a notification's ?messageId= opens it. */
export const messageThreadQuery = (trpc: Trpc, messageId: string) => trpc.messages.list.queryOptions({ threadId: messageId });
