// When the database is not there — Postgres stopped, restarting or unreachable; SQLite busy past its
// wait, out of disk or unreadable — a request must get a quick, clear 503 instead of hanging or a 500,
// and the next request must work again once the database is back (the pg pool reconnects by itself).
// One place decides which driver errors mean that, for tRPC, the REST adapter and the plain routes.

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering. Please try again in a moment.';

const PG_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', // admin shutdown, crash shutdown, cannot connect now
  '08000', '08001', '08003', '08004', '08006', // connection exceptions
  '53300', // too many connections
]);
const PG_UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Query read timeout|Client was closed/i;
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL|READONLY)/;

/** True when the error (or one it wraps) says the database cannot be reached or used right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (PG_UNAVAILABLE_CODES.has(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  if (typeof message === 'string' && PG_UNAVAILABLE_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

// Text Postgres cannot store (the NUL character; bytes its encoding has no character for) is the
// caller's input, not our failure: a 400, not a 500. The tRPC chain refuses NUL before any query
// (trpc.ts); this catches whatever reaches the database by another way (plain routes, file names).
export const INVALID_TEXT_MESSAGE = 'Text must not contain the NUL character (\\u0000) or bytes that are not text.';
const PG_INVALID_TEXT_CODES = new Set(['22021', '22P05']); // character_not_in_repertoire, untranslatable_character

function hasCode(error: unknown, codes: Set<string>, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return (typeof code === 'string' && codes.has(code)) || hasCode(cause, codes, depth + 1);
}

/** True when the error (or one it wraps) is Postgres refusing text it cannot store. */
export function isInvalidText(error: unknown): boolean {
  return hasCode(error, PG_INVALID_TEXT_CODES);
}
