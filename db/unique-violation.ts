// A write refused by a UNIQUE constraint, as better-sqlite3 and pg report it.
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Runs a write; a UNIQUE refusal (a concurrent writer won) becomes the given domain error. */
export async function onUniqueViolation<T>(write: () => Promise<T>, toError: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? toError() : error;
  }
}
