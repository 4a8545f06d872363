import { TRPCClientError } from '@trpc/client';
import type { ZodError } from 'zod';
import type { AppRouter } from '../../server/router';

// Demo failures take the exact shape a server error reaches the client in (TRPCClientError with
// data.code, data.httpStatus and, for input errors, data.fields), so the screens' error states and
// form field messages behave the same in demo mode.

const CODES = {
  BAD_REQUEST: { json: -32600, http: 400 },
  UNAUTHORIZED: { json: -32001, http: 401 },
  FORBIDDEN: { json: -32003, http: 403 },
  /** A restricted case read outside its team (issue 18): tRPC's FORBIDDEN, told apart by data.appCode. */
  RESTRICTED: { json: -32003, http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { json: -32004, http: 404 },
  CONFLICT: { json: -32009, http: 409 },
  INTERNAL_SERVER_ERROR: { json: -32603, http: 500 },
} as const;

export type DemoErrorCode = keyof typeof CODES;

/** Thrown by demo procedures; turned into a TRPCClientError by `toClientError`. */
export class DemoError extends Error {
  constructor(
    readonly code: DemoErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** More of the body, as the server's AppError: a 409's `current` record. */
    readonly extra?: { current?: unknown; existing?: { id: string; name: string } },
  ) {
    super(message);
    this.name = 'DemoError';
  }
}

export const notFound = (what: string) => new DemoError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string, fields?: Record<string, string>) => new DemoError('CONFLICT', message, fields);
export const restricted = () =>
  new DemoError('RESTRICTED', 'This case is restricted to its team. To read it, give the reason you need it (break the glass); the read is recorded.');
export const badRequest = (message: string, fields?: Record<string, string>) => new DemoError('BAD_REQUEST', message, fields);

/** The server's errorFormatter: the first message per field path. */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'input'] ??= issue.message;
  return fields;
}

export function toClientError(error: unknown, path: string): TRPCClientError<AppRouter> {
  const demo =
    error instanceof DemoError
      ? error
      : new DemoError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side. Please try again.');
  if (!(error instanceof DemoError)) console.warn(`Demo mode: ${path} failed`, error);
  const code: { json: number; http: number; trpc?: string } = CODES[demo.code];
  // As the server's errorFormatter: data.code is tRPC's code, data.appCode the app's own (RESTRICTED
  // travels as FORBIDDEN), data.current a 409's record as it is now.
  return TRPCClientError.from<AppRouter>({
    error: {
      code: code.json,
      message: demo.message,
      data: {
        code: code.trpc ?? demo.code,
        httpStatus: code.http,
        path,
        appCode: demo.code,
        ...(demo.fields ? { fields: demo.fields } : {}),
        ...(demo.extra?.current !== undefined ? { current: demo.extra.current } : {}),
        ...(demo.extra?.existing ? { existing: demo.extra.existing } : {}),
      },
    },
  });
}
