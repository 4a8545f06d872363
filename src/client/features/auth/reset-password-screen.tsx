import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isTRPCClientError } from '@trpc/client';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CircleCheck } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/domain/password';
import { ZConfirmPasswordResetForm } from '../../../shared/domain/password-reset';
import { TextField } from '../../components/forms/form-rows';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form-field';
import { isDemoSession } from '../../lib/demo-identity';
import { useTRPC } from '../../trpc';
import { AuthCard, LeaveDemo, Problem } from '../../components/public-card';

// /reset-password?token=… (issue 16): the link of a reset e-mail. Sets the new password; the server
// ends every session of the account and signs nobody in, so the page ends with a way to sign in.

type Fields = z.input<typeof ZConfirmPasswordResetForm>;

const fieldsOf = (error: unknown): Record<string, string> =>
  isTRPCClientError(error) ? ((error.data as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};
const messageOf = (error: unknown) => (isTRPCClientError(error) && error.message ? error.message : 'Could not reach the server. Please try again.');

const askAgain = (
  <Link to="/forgot-password" className="font-medium underline underline-offset-4">
    Ask for a new link
  </Link>
);

export function ResetPasswordScreen({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  if (isDemoSession()) return <LeaveDemo title="Choose a new password" what="use your password reset link" />;
  if (!token) {
    return (
      <AuthCard title="Reset link incomplete">
        <Problem message="This link is missing its code. Open the whole link from the e-mail, or ask for a new one. ">{askAgain}</Problem>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title="Password changed">
        <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3" role="status">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p className="text-sm">{done}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          You have been signed out everywhere. If you use two-factor sign-in, you will still be asked for your code.
        </p>
        <Button asChild className="w-full">
          <Link to="/login">Sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} onDone={setDone} />;
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.auth.confirmPasswordReset.mutationOptions());
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Fields>({ resolver: zodResolver(ZConfirmPasswordResetForm), defaultValues: { password: '', confirmPassword: '' } });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const result = await confirm.mutateAsync({ token, password });
      onDone(result.message);
    } catch (caught) {
      const fields = fieldsOf(caught);
      if (fields.token) setLinkProblem(fields.token);
      else if (fields.password) form.setError('password', { type: 'server', message: fields.password }, { shouldFocus: true });
      else setError(messageOf(caught));
    }
  });

  if (linkProblem) {
    return (
      <AuthCard title="This link cannot be used">
        <Problem message={`${linkProblem} `}>{askAgain}</Problem>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="The new password replaces the old one, and every device signed in to your account is signed out."
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <Form {...form}>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          {error && <Problem message={error} />}
          <TextField
            control={form.control}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            disabled={submitting}
            description={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one; very common passwords are refused.`}
          />
          <TextField control={form.control} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" required disabled={submitting} />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
