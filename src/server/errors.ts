import { TRPCError } from '@trpc/server';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { DATABASE_UNAVAILABLE_MESSAGE, INVALID_TEXT_MESSAGE, isDatabaseUnavailable, isInvalidText } from './database-errors';

// The one boundary between a failure and what a caller sees. Services throw AppError with a code;
// this file maps every error — AppError, a tRPC error, a zod error, a database that is down, a
// Fastify refusal, anything unexpected — to one HTTP status and one JSON body:
//
//   { "code": "BAD_REQUEST", "message": "Input validation failed", "fields": { "patientName": "…" } }
//
// The REST routes, the plain routes (uploads, CSV exports), the CSRF guard and Fastify's error
// handler send exactly that body; the tRPC formatter puts the same message and fields into tRPC's
// wire shape (error.data.fields), which the browser client reads.

export const HTTP_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** A restricted case read by someone outside its team (issue 18): the screen offers to break the glass. */
  RESTRICTED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof HTTP_STATUS;
/** The codes a service may throw: every one but the 500, which only the boundary produces. */
export type AppErrorCode = Exclude<ErrorCode, 'INTERNAL_SERVER_ERROR'>;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Field name → message, for 400s about one input field. */
    readonly fields?: Record<string, string>,
    /** More of the body, e.g. a 409's `current` record, so the caller can reload without asking again. */
    readonly extra?: { current?: unknown; existing?: { id: string; name: string } },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The one JSON error body of every HTTP path. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  /** With CONFLICT: the record as it is now. */
  current?: unknown;
  /** With CONFLICT on a value that must be unique (an SA ID number): the record that holds it. */
  existing?: { id: string; name: string };
}

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  /** A failure on our side: logged with its stack, never shown to the caller. */
  internal: boolean;
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const VALIDATION_MESSAGE = 'Input validation failed';

export const databaseUnavailable = () => new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);

/** The AppError a driver error stands for (503 database unavailable, 400 text it cannot store), or null. */
export function appErrorOfDatabase(error: unknown): AppError | null {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (isInvalidText(error)) return new AppError('BAD_REQUEST', INVALID_TEXT_MESSAGE);
  return null;
}

/** Zod issues as field name → first message ("input" for the input as a whole). */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'input'] ??= issue.message;
  return fields;
}

// The first code of each status (403 is FORBIDDEN; RESTRICTED is only ever thrown by name).
const CODE_OF_STATUS = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(HTTP_STATUS)) if (!CODE_OF_STATUS.has(status)) CODE_OF_STATUS.set(status, code as ErrorCode);

const answer = (code: ErrorCode, message: string, fields?: Record<string, string>, extra?: AppError['extra']): ErrorAnswer => ({
  status: HTTP_STATUS[code],
  body: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}), ...(extra?.current !== undefined ? { current: extra.current } : {}), ...(extra?.existing ? { existing: extra.existing } : {}) },
  internal: code === 'INTERNAL_SERVER_ERROR',
});

const internal = (): ErrorAnswer => answer('INTERNAL_SERVER_ERROR', INTERNAL_MESSAGE);

/** Any error → the status and body a caller gets. */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) return answer(error.code, error.message, error.fields, error.extra);
  if (error instanceof ZodError) return answer('BAD_REQUEST', VALIDATION_MESSAGE, fieldMessages(error));
  if (error instanceof TRPCError) {
    // What a procedure threw is in the cause; tRPC's own refusals (a wrong method, unparsable input) are not.
    const cause = error.cause;
    if (cause instanceof AppError || cause instanceof ZodError) return errorAnswer(cause);
    const database = appErrorOfDatabase(cause);
    if (database) return errorAnswer(database);
    const code = error.code in HTTP_STATUS ? (error.code as ErrorCode) : error.code === 'PARSE_ERROR' ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR';
    return code === 'INTERNAL_SERVER_ERROR' ? internal() : answer(code, error.message);
  }
  const database = appErrorOfDatabase(error);
  if (database) return errorAnswer(database);
  // Fastify's own refusals (unparsable JSON, a body too large, an unknown content type) carry a 4xx status.
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return answer(CODE_OF_STATUS.get(status) ?? 'BAD_REQUEST', (error as Error).message);
  }
  return internal();
}

/** Sends the error's answer; failures on our side are logged with the request. */
export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body, internal: ours } = errorAnswer(error);
  if (ours) reply.request.log.error({ err: error }, 'request failed');
  else if (status === 503) reply.request.log.warn({ err: error }, body.message);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function toTRPCError(error: AppError): TRPCError {
  // tRPC knows no RESTRICTED: it travels as FORBIDDEN, and the formatter adds the app's own code.
  return new TRPCError({ code: error.code === 'RESTRICTED' ? 'FORBIDDEN' : error.code, message: error.message, cause: error });
}
