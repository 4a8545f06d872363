import { AppError } from './errors';

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

export const databaseUnavailable = () => new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
