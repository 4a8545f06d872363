import { isTRPCClientError } from '@trpc/client';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

// Helpers of the public forms: the shared labelled rows, and turning a server refusal into field
// errors and a toast text.

// The public forms use the same rows as the signed-in screens.
export { SelectField as SelectRow, TextareaField as TextareaRow, TextField as TextRow, type SelectOption as Option } from '../../components/forms/form-rows';

export const toOptions = (values: readonly string[]): { value: string; label: string }[] => values.map((value) => ({ value, label: value }));

export interface ServerFailure {
  /** False when the request never got an answer (offline, server down). */
  answered: boolean;
  code: string | null;
  message: string | null;
  fields: Record<string, string>;
}

/** What a failed tRPC call told us; the server's errorFormatter puts per-field messages in data.fields. */
export function describeFailure(error: unknown): ServerFailure {
  if (isTRPCClientError(error) && error.data) {
    const data = error.data as { code?: string; fields?: Record<string, string> };
    return { answered: true, code: data.code ?? null, message: error.message || null, fields: data.fields ?? {} };
  }
  return { answered: false, code: null, message: null, fields: {} };
}

/** Shows the server's per-field messages next to the fields they concern. */
export function showFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: Record<string, string>, known: readonly string[]): void {
  for (const [field, message] of Object.entries(fields)) {
    if (known.includes(field)) setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: false });
  }
}
