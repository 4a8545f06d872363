import { isTRPCClientError } from '@trpc/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

// The server (and the demo) name the fields they refuse in error.data.fields; show those messages
// on the fields of the open form. Returns false when the error named none of them.
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isTRPCClientError(error)) return false;
  const named = (error.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  let applied = false;
  for (const field of fields) {
    const message = named[field];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
