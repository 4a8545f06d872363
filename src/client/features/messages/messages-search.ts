/** /messages?messageId=… (issue 21): a notification's link opens that message's thread. */
export interface MessagesSearch {
  messageId?: string;
}

export function validateMessagesSearch(raw: Record<string, unknown>): MessagesSearch {
  const id = typeof raw.messageId === 'string' ? raw.messageId.trim() : '';
  return id && id.length <= 64 ? { messageId: id } : {};
}
