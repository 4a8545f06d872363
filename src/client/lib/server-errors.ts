import { isTRPCClientError } from '@trpc/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

// The server (and the demo) name the fields they refuse in error.data.fields ("Current password is
// incorrect"); put those messages on the fields of the form. True when one was placed.
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isTRPCClientError(error)) return false;
  const named = (error.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  let applied = false;
  for (const field of fields) {
    const message = named[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

/**
 * For forms kept in plain state: the messages the server named by field (the one JSON error body),
 * or, when it named none, the error's message under `form`.
 */
export function fieldErrorsOf(error: unknown, fallback: (error: unknown) => string): Record<string, string> {
  const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields;
  return fields && Object.keys(fields).length > 0 ? fields : { form: fallback(error) };
}
