import type { ReactNode } from 'react';
import { Label } from '../../components/ui/label';

// A labelled field of the case file's dialogs, with the server's field error under it (issue 22),
// shared by the results, medication, allergy and observation dialogs.

export type FieldErrors = Record<string, string>;
export const fieldsOf = (e: unknown): FieldErrors => ((e as { data?: { fields?: FieldErrors } }).data?.fields ?? {});

export function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export const describedBy = (id: string, error?: string) => (error ? `${id}-error` : undefined);
