import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { KeyRound } from 'lucide-react';
import { ZSendPasswordResetByEmailInput } from '../../../shared/domain/password-reset';
import { TextField } from '../../components/forms/form-rows';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form-field';
import { applyServerErrors } from '../../lib/server-errors';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { errorMessage } from '../../components/shell/data-states';

// Issue 16: the Super Admin sends a password reset link to any account by its e-mail address (an
// Administrator does it from /users for their own members). The message lands in the outbox below
// when no mail server is set up.

type Fields = z.input<typeof ZSendPasswordResetByEmailInput>;

export function PasswordResetCard({ smtp }: { smtp: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const send = useMutation(trpc.platform.sendPasswordReset.mutationOptions());
  const form = useForm<Fields>({ resolver: zodResolver(ZSendPasswordResetByEmailInput), defaultValues: { email: '' } });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const sent = await send.mutateAsync({ email });
      form.reset({ email: '' });
      await queryClient.invalidateQueries({ queryKey: trpc.platform.outbox.queryKey() });
      const where = sent.mail.status === 'stored' ? ' It is in the outbox below.' : '';
      toast({ title: 'Reset link sent', description: `A password reset link went to ${sent.email}. It works once, for 30 minutes.${where}` });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email'])) toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound aria-hidden="true" className="size-4" />
          Password reset
        </CardTitle>
        <CardDescription>
          Send anyone a single-use link to choose a new password. Their two-factor sign-in stays on.
          {smtp ? '' : ' Without a mail server the message waits in the outbox below for you to forward.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={onSubmit} noValidate>
            <TextField control={form.control} name="email" label="Account email" type="email" autoComplete="off" required disabled={submitting} className="sm:flex-1" />
            <Button type="submit" disabled={submitting} className="sm:mt-[1.375rem]">
              {submitting ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
