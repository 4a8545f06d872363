import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form } from '../../components/ui/form-field';

/**
 * The shell every portal form dialog shares: title and description, a form whose fields sit in one
 * fieldset (disabled while the request is in flight, named by an sr-only legend), then Cancel and
 * the submit button, which shows pendingLabel while pending. Closing the dialog calls onClose.
 */
export function PortalFormDialog<TFieldValues extends FieldValues, TTransformedValues>({
  title,
  description,
  legend,
  form,
  pending,
  submitLabel,
  pendingLabel,
  onClose,
  onSubmit,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  legend: string;
  form: UseFormReturn<TFieldValues, unknown, TTransformedValues>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={contentClassName}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={pending} className="grid gap-4">
              <legend className="sr-only">{legend}</legend>
              {children}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit">{pending ? pendingLabel : submitLabel}</Button>
              </DialogFooter>
            </fieldset>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
