import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';

// Services throw AppError with a code; this file is the one place that maps those codes to tRPC
// codes (and so, through the REST adapter, to HTTP statuses).

export type AppErrorCode =
  | 'BAD_REQUEST' // 400
  | 'UNAUTHORIZED' // 401
  | 'FORBIDDEN' // 403
  | 'NOT_FOUND' // 404
  | 'CONFLICT' // 409
  | 'TOO_MANY_REQUESTS' // 429
  | 'SERVICE_UNAVAILABLE'; // 503

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Field name → message, for 400s about one input field. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function toTRPCError(error: AppError): TRPCError {
  const code: TRPC_ERROR_CODE_KEY = error.code;
  return new TRPCError({ code, message: error.message, cause: error });
}
