import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../components/shell/data-states';
import { toast } from '../../lib/use-toast';
import { applyServerErrors } from '../../lib/server-errors';

/** A portal dialog's form: the schema's input type for the fields, checked by the schema on submit. */
export function usePortalForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const resolver = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues });
}

/**
 * The submit handler of a portal form dialog: send() does the request (and any cache update) and
 * returns the success toast's text; then the dialog closes. A refusal puts the server's messages
 * on the named fields and shows an error toast, leaving the dialog open.
 */
export function portalSubmit<TFieldValues extends FieldValues, TTransformedValues>(
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>,
  fields: readonly Path<TFieldValues>[],
  onClose: () => void,
  send: (values: TTransformedValues) => Promise<string>,
) {
  return form.handleSubmit(async (values) => {
    try {
      const description = await send(values);
      toast({ title: 'Success', description });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  });
}
