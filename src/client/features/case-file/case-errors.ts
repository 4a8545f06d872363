import { isTRPCClientError } from '@trpc/client';

// The app's own error codes as the server's formatter (and the demo) send them in error.data:
// appCode tells a RESTRICTED 403 from a plain FORBIDDEN; a 409 carries the record as it is now.

interface AppErrorData {
  code?: string;
  appCode?: string;
  current?: unknown;
}

function dataOf(error: unknown): AppErrorData | undefined {
  return isTRPCClientError(error) ? (error.data as AppErrorData | undefined) : undefined;
}

export function isRestricted(error: unknown): boolean {
  return dataOf(error)?.appCode === 'RESTRICTED';
}

export function isNotFound(error: unknown): boolean {
  return dataOf(error)?.code === 'NOT_FOUND';
}

/** A stale write (409): the record as it is now, when the server sent it. */
export function conflictCurrent<T>(error: unknown): T | null {
  const data = dataOf(error);
  return data?.code === 'CONFLICT' && data.current !== undefined ? (data.current as T) : null;
}

export function isConflict(error: unknown): boolean {
  return dataOf(error)?.code === 'CONFLICT';
}
