import type { Trpc } from '../../trpc';

// What /support reads first, shared by the screen and its route's loader so both use one cache entry.

export const supportChatsQuery = (trpc: Trpc) => trpc.support.listChats.queryOptions({});

export const supportThreadQuery = (trpc: Trpc, chatId: string) => trpc.support.listMessages.queryOptions({ chatId });
