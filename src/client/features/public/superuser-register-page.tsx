import { useCallback, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ArrowLeft, CircleAlert, ShieldCheck } from 'lucide-react';
import { ZRegisterSuperuserForm } from '../../../shared/domain/auth';
import { TwoFactorStep } from '../../components/two-factor/two-factor-step';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form-field';
import { usePageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/use-hydrated';
import { useFinishSignIn } from '../../lib/use-finish-sign-in';
import { useTRPC } from '../../trpc';
import { describeFailure, showFieldErrors, TextRow } from './form-controls';
import { PublicPage } from './public-layout';

// SPEC §2.7, §5, §8: creating a Super Admin account, which needs the server's secret key.

type Fields = z.input<typeof ZRegisterSuperuserForm>;

const EMPTY: Fields = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', secretKey: '' };

type Output = z.output<typeof ZRegisterSuperuserForm>;
const schemaResolver = zodResolver(ZRegisterSuperuserForm) as Resolver<Fields, unknown, Output>;

/**
 * Zod skips the schema's "passwords match" refinement while any other field is invalid; checking
 * it here too means a mismatch is reported on the first submit, with every other message.
 */
const resolver: Resolver<Fields, unknown, Output> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const mismatch = values.confirmPassword !== '' && values.password !== values.confirmPassword;
  if (!mismatch || result.errors.confirmPassword) return result;
  return { values: {}, errors: { ...result.errors, confirmPassword: { type: 'custom', message: 'Passwords do not match' } } };
};

export function SuperuserRegisterPage() {
  usePageMeta({
    title: 'Super Admin Registration | CaseBridge',
    description: 'Create a CaseBridge Super Admin account with the system secret key.',
    path: '/superuser-register',
    noIndex: true,
  });
  const trpc = useTRPC();
  const register = useMutation(trpc.auth.registerSuperuser.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  // Super Admins must sign in with a second factor: the new account sets it up before its first session.
  const [enrolChallenge, setEnrolChallenge] = useState<string | null>(null);
  const form = useForm<Fields, unknown, Output>({
    resolver,
    defaultValues: EMPTY,
  });
  const pending = register.isPending;
  // Prerendered (decision 0048): the form waits for the script (lib/use-hydrated.ts).
  const hydrated = useHydrated();

  const signedIn = useFinishSignIn('Super Admin account created successfully! You now have full system access.');

  const restart = useCallback(() => {
    setEnrolChallenge(null);
    setError('The set-up expired. Your account exists: sign in to set up two-factor sign-in.');
  }, []);

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...input }) => {
    setError(null);
    try {
      const result = await register.mutateAsync(input);
      if (result.twoFactor === 'enrol' && result.challenge) {
        setEnrolChallenge(result.challenge);
        return;
      }
      if (!result.success) {
        setError(result.message || 'Registration failed');
        return;
      }
      await signedIn(result);
    } catch (caught) {
      const failure = describeFailure(caught);
      if (!failure.answered) {
        setError('Registration failed. Please try again.');
        return;
      }
      showFieldErrors(form.setError, failure.fields, Object.keys(EMPTY));
      setError(failure.message || 'Registration failed');
    }
  });

  const { control } = form;
  return (
    <PublicPage
      className="flex items-center justify-center"
      header={
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      }
    >
      <Card className="w-full max-w-lg">
        <CardHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <CardTitle asHeading="h1" className="text-xl">
            Super Admin Registration
          </CardTitle>
          <CardDescription>
            Super Admins have full system access across organisations. You need the secret key from your system administrator.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {error && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          {enrolChallenge ? (
            <TwoFactorStep purpose="enrol" challenge={enrolChallenge} onSignedIn={signedIn} onRestart={restart} />
          ) : (
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate>
                <fieldset disabled={pending || !hydrated} className="grid gap-4 sm:grid-cols-2">
                  <legend className="sr-only">Super Admin account</legend>
                  <TextRow control={control} name="firstName" label="First name" required autoComplete="given-name" />
                  <TextRow control={control} name="lastName" label="Last name" required autoComplete="family-name" />
                  <TextRow
                    control={control}
                    name="email"
                    label="Email"
                    required
                    type="email"
                    autoComplete="email"
                    className="sm:col-span-2"
                  />
                  <TextRow
                    control={control}
                    name="password"
                    label="Password"
                    required
                    type="password"
                    autoComplete="new-password"
                    description="At least 8 characters."
                  />
                  <TextRow
                    control={control}
                    name="confirmPassword"
                    label="Confirm password"
                    required
                    type="password"
                    autoComplete="new-password"
                  />
                  <TextRow
                    control={control}
                    name="secretKey"
                    label="Super admin secret key"
                    required
                    type="password"
                    autoComplete="off"
                    className="sm:col-span-2"
                  />
                  <Button type="submit" className="w-full sm:col-span-2">
                    {pending ? 'Creating Account...' : 'Create Super Admin Account'}
                  </Button>
                </fieldset>
              </form>
            </Form>
          )}
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>
          </p>
        </CardFooter>
      </Card>
    </PublicPage>
  );
}
