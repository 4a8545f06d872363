import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isTRPCClientError } from '@trpc/client';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MailCheck } from 'lucide-react';
import { ZRequestPasswordResetInput } from '../../../shared/domain/password-reset';
import { TextField } from '../../components/forms/form-rows';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form-field';
import { isDemoSession } from '../../lib/demo-identity';
import { useHydrated } from '../../lib/use-hydrated';
import { useTRPC } from '../../trpc';
import { AuthCard, LeaveDemo, Problem } from '../../components/public-card';

// /forgot-password (issue 16): asks for a reset link. The server answers the same for every address,
// so this page never says whether an account exists: it says what to expect in the inbox.

type Fields = z.input<typeof ZRequestPasswordResetInput>;

const messageOf = (error: unknown) => (isTRPCClientError(error) && error.message ? error.message : 'Could not reach the server. Please try again.');

const backToSignIn = (
  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
    Back to sign in
  </Link>
);

export function ForgotPasswordScreen() {
  if (isDemoSession()) return <LeaveDemo title="Forgot your password?" what="reset the password of your CaseBridge account" />;
  return <RequestForm />;
}

function RequestForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Fields>({ resolver: zodResolver(ZRequestPasswordResetInput), defaultValues: { email: '' } });
  // Prerendered (decision 0048): the form waits for the script (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const submitting = form.formState.isSubmitting;
  const inactive = submitting || !hydrated;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const result = await request.mutateAsync({ email });
      setSent({ email, message: result.message });
    } catch (caught) {
      setError(messageOf(caught));
    }
  });

  if (sent) {
    return (
      <AuthCard title="Check your e-mail" footer={backToSignIn}>
        <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3" role="status">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p className="text-sm">{sent.message}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          Sent for <span className="font-medium text-foreground break-all">{sent.email}</span>. Nothing there after a few minutes? Check your spam
          folder, or ask your administrator to send you a link.
        </p>
        <Button variant="outline" onClick={() => setSent(null)}>
          Use another address
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail address you sign in with. We will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <Form {...form}>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          {error && <Problem message={error} />}
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="username" required disabled={inactive} />
          <Button type="submit" className="w-full" disabled={inactive}>
            {submitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
