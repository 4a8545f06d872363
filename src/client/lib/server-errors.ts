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
