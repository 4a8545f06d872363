import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { isTRPCClientError } from '@trpc/client';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  type TInvitationPreview,
  ZAcceptInvitationExistingAccountForm,
  ZAcceptInvitationNewAccountForm,
} from '../../../shared/domain/invitations';
import { TextField } from '../../components/forms/form-rows';
import { AuthCard, LeaveDemo, Problem } from '../../components/public-card';
import { type TwoFactorChallenge, TwoFactorStep } from '../../components/two-factor/two-factor-step';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form-field';
import { isDemoSession } from '../../lib/demo-identity';
import { markSignedIn } from '../../lib/signed-in-marker';
import { resetIdentity } from '../../lib/identity';
import { formatDateTime } from '../../../shared/format';
import { useFinishSignIn } from '../../lib/use-finish-sign-in';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// /accept-invitation?token=…: shows what the invitation is for, then sets a name and password (or,
// for an address that already has an account, asks for its current password) and signs in.

const messageOf = (error: unknown) => (isTRPCClientError(error) && error.message ? error.message : 'Could not reach the server. Please try again.');
const fieldsOf = (error: unknown): Record<string, string> =>
  isTRPCClientError(error) ? ((error.data as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};

export function AcceptInvitationScreen({ token }: { token: string }) {
  // The tRPC client chose the demo link at start-up: invitation links need the real server.
  if (isDemoSession()) {
    return (
      <LeaveDemo title="Leave the demo to accept" what="accept your invitation" wide />
    );
  }
  if (!token) {
    return (
      <AuthCard wide title="Invitation link incomplete">
        <Problem message="This invitation link is not valid. Check that you copied the whole link from the e-mail." />
        {/* A next step either way (issue 17): a new link from whoever invited them, or sign-in if they already joined. */}
        <p className="text-sm text-muted-foreground">
          If the link in your e-mail does not work either, ask your administrator to send you a new invitation. Already joined?
          Sign in instead.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/login">Go to sign-in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to home</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  return <Invitation token={token} />;
}

function Invitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const preview = useQuery({ ...trpc.invitations.preview.queryOptions({ token }), retry: false });
  // An account with two-factor sign-in (or an organisation that requires it) takes the second step
  // before any session exists, exactly as at /login; the invitation itself is already accepted.
  const [secondStep, setSecondStep] = useState<TwoFactorChallenge | null>(null);
  const finishSignIn = useFinishSignIn('You have joined the organisation.');
  if (secondStep) {
    return (
      <AuthCard wide title={secondStep.purpose === 'verify' ? 'One more step' : 'Set up two-factor sign-in'}>
        <TwoFactorStep {...secondStep} onSignedIn={finishSignIn} onRestart={() => window.location.assign('/login')} />
      </AuthCard>
    );
  }
  if (preview.isPending) {
    return (
      <AuthCard wide title="Accept your invitation">
        <p role="status" className="text-sm text-muted-foreground">
          Checking your invitation…
        </p>
      </AuthCard>
    );
  }
  if (preview.isError) {
    return (
      <AuthCard wide title="This invitation cannot be used">
        <Problem message={messageOf(preview.error)} />
        <p className="text-sm">
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  const invitation = preview.data;
  return (
    <AuthCard wide
      title={`Join ${invitation.organizationName}`}
      description={
        <>
          You are invited as <strong className="text-foreground">{invitation.role}</strong> with {invitation.email}. The invitation expires{' '}
          {formatDateTime(invitation.expiresAt)} (SAST).
        </>
      }
    >
      {invitation.accountExists ? (
        <ExistingAccountForm token={token} invitation={invitation} onSecondStep={setSecondStep} />
      ) : (
        <NewAccountForm token={token} invitation={invitation} onSecondStep={setSecondStep} />
      )}
    </AuthCard>
  );
}

/** After acceptance the server has set the session cookie: continue as /login does. */
function useAccept(onSecondStep: (step: TwoFactorChallenge) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useMutation(trpc.invitations.accept.mutationOptions());
  return async (input: { token: string; password: string; firstName?: string; lastName?: string }) => {
    const result = await accept.mutateAsync(input);
    if (result.twoFactor && result.challenge) return onSecondStep({ purpose: result.twoFactor, challenge: result.challenge });
    if (result.token) markSignedIn(); // never the token itself (signed-in-marker.ts)
    toast({ title: 'Success', description: result.message });
    resetIdentity(queryClient, trpc);
    await navigate({ to: '/dashboard' });
  };
}

interface FormProps {
  token: string;
  invitation: TInvitationPreview;
  onSecondStep: (step: TwoFactorChallenge) => void;
}

type NewAccountFields = z.input<typeof ZAcceptInvitationNewAccountForm>;

function NewAccountForm({ token, invitation, onSecondStep }: FormProps) {
  const accept = useAccept(onSecondStep);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewAccountFields>({
    resolver: zodResolver(ZAcceptInvitationNewAccountForm),
    defaultValues: { firstName: invitation.firstName ?? '', lastName: invitation.lastName ?? '', password: '', confirmPassword: '' },
  });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ firstName, lastName, password }) => {
    setError(null);
    try {
      await accept({ token, firstName, lastName, password });
    } catch (caught) {
      for (const [field, message] of Object.entries(fieldsOf(caught))) {
        if (field === 'firstName' || field === 'lastName' || field === 'password') form.setError(field, { type: 'server', message });
      }
      setError(messageOf(caught));
    }
  });
  return (
    <Form {...form}>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        {error && <Problem message={error} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="firstName" label="First name" autoComplete="given-name" required disabled={submitting} />
          <TextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" required disabled={submitting} />
        </div>
        <TextField control={form.control} name="password" label="Password" type="password" autoComplete="new-password" required disabled={submitting} description="At least 8 characters." />
        <TextField control={form.control} name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" required disabled={submitting} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Setting up your account...' : 'Accept and sign in'}
        </Button>
      </form>
    </Form>
  );
}

type ExistingAccountFields = z.input<typeof ZAcceptInvitationExistingAccountForm>;

function ExistingAccountForm({ token, invitation, onSecondStep }: FormProps) {
  const accept = useAccept(onSecondStep);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ExistingAccountFields>({ resolver: zodResolver(ZAcceptInvitationExistingAccountForm), defaultValues: { password: '' } });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await accept({ token, password });
    } catch (caught) {
      const fields = fieldsOf(caught);
      if (fields.password) form.setError('password', { type: 'server', message: fields.password });
      else setError(messageOf(caught));
    }
  });
  return (
    <Form {...form}>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <p className="text-sm text-muted-foreground">
          You already have a CaseBridge account with {invitation.email}. Enter its current password to join {invitation.organizationName}.
        </p>
        {error && <Problem message={error} />}
        <TextField control={form.control} name="password" label="Current password" type="password" autoComplete="current-password" required disabled={submitting} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Joining...' : 'Accept and sign in'}
        </Button>
      </form>
    </Form>
  );
}

