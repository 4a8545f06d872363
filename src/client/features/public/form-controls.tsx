import type { ComponentProps, ReactNode } from 'react';
import { isTRPCClientError } from '@trpc/client';
import type { Control, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';

// Labelled form rows for the public forms: one line per field instead of a dozen, and the same
// label / error / aria wiring everywhere (components/ui/form-field.tsx does the wiring).

interface RowProps<T extends FieldValues> {
  // Any transformed output type: the rows only touch the raw field values.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  description?: ReactNode;
  className?: string;
}

export function TextRow<T extends FieldValues>({
  control, name, label, required, description, className, ...input
}: RowProps<T> & Omit<ComponentProps<typeof Input>, 'name'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel required={required}>{label}</FormLabel>
          <FormControl>
            <Input {...field} value={field.value ?? ''} aria-required={required || undefined} {...input} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function TextareaRow<T extends FieldValues>({
  control, name, label, required, description, className, ...input
}: RowProps<T> & Omit<ComponentProps<typeof Textarea>, 'name'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel required={required}>{label}</FormLabel>
          <FormControl>
            <Textarea {...field} value={field.value ?? ''} aria-required={required || undefined} {...input} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectRow<T extends FieldValues>({
  control, name, label, required, description, className, options, placeholder, disabled,
}: RowProps<T> & { options: readonly Option[]; placeholder: string; disabled?: boolean }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel required={required}>{label}</FormLabel>
          <Select name={field.name} value={field.value ?? ''} onValueChange={field.onChange} disabled={disabled}>
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} aria-required={required || undefined}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export const toOptions = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

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
