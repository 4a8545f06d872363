import { errorMessage } from '../../components/shell/data-states';

/** The server's field messages (the one JSON error body), else the message under the form. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields;
  return fields && Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) };
}

export function applyFieldErrors(error: unknown, set: (errors: Record<string, string>) => void): void {
  set(fieldErrorsOf(error));
}
