import { createContext, useContext, useEffect, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { cn } from '../../lib/utils';
import { Label } from './label';

// react-hook-form glue in the shadcn "Form" shape: <Form {...form}> provides the form, <FormField>
// wraps a Controller, and FormLabel / FormControl / FormMessage share one generated id so the
// label, the control, its description and its error are wired with htmlFor / aria-describedby /
// aria-invalid without every screen repeating it.

const Form = FormProvider;

type FieldContextValue = { name: string };
const FieldContext = createContext<FieldContextValue | null>(null);
type ItemContextValue = { id: string; hasDescription: boolean; setHasDescription: (value: boolean) => void };
const ItemContext = createContext<ItemContextValue | null>(null);

function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext.Provider>
  );
}

function useFormField() {
  const field = useContext(FieldContext);
  const item = useContext(ItemContext);
  if (!field || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field.name });
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    messageId: `${item.id}-message`,
    hasDescription: item.hasDescription,
    setHasDescription: item.setHasDescription,
    ...state,
  };
}

function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  const [hasDescription, setHasDescription] = useState(false);
  return (
    <ItemContext.Provider value={{ id, hasDescription, setHasDescription }}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </ItemContext.Provider>
  );
}

function FormLabel({ className, required, children, ...props }: ComponentProps<typeof Label> & { required?: boolean }) {
  const { controlId, error } = useFormField();
  return (
    <Label data-slot="form-label" data-error={!!error} htmlFor={controlId} className={cn('data-[error=true]:text-destructive', className)} {...props}>
      {children}
      {/* The asterisk is decoration: the control itself carries aria-required where it matters. */}
      {required && <span aria-hidden="true" className="-ml-1 text-destructive">*</span>}
    </Label>
  );
}

function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { controlId, descriptionId, messageId, error, hasDescription } = useFormField();
  // Only point at elements that exist: a dangling id reference is an accessibility error.
  const describedBy = [hasDescription && descriptionId, error?.message && messageId].filter(Boolean).join(' ') || undefined;
  return (
    <Slot.Root
      data-slot="form-control"
      id={controlId}
      aria-describedby={describedBy}
      aria-invalid={!!error}
      {...props}
    />
  );
}

function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId, setHasDescription } = useFormField();
  useEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <p data-slot="form-description" id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

function FormMessage({ className, children, ...props }: ComponentProps<'p'> & { children?: ReactNode }) {
  const { error, messageId } = useFormField();
  const body = error?.message ? String(error.message) : children;
  if (!body) return null;
  return (
    <p data-slot="form-message" id={messageId} className={cn('text-sm text-destructive', className)} {...props}>
      {body}
    </p>
  );
}

export { Form, FormField, FormItem, FormLabel, FormControl, FormDescription, FormMessage, useFormField };
