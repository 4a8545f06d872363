import { useCallback, useEffect, useState } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CircleAlert, Clock } from 'lucide-react';
import { ZLoginInput } from '../../shared/domain/auth';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { signIn } from '../features/auth/auth-api';
import { type TwoFactorChallenge, TwoFactorStep } from '../components/two-factor/two-factor-step';
import { PublicPage } from '../features/public/public-layout';
import { usePageMeta } from '../lib/page-meta';
import { useHydrated } from '../lib/use-hydrated';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { SESSION_ENDED, safeReturnPath } from '../lib/return-to';
import { warmSignedInCode } from '../lib/warm-signed-in-code';

// SPEC §2.3, §4, §8: sign-in against POST /api/auth/login.

interface LoginSearch {
  /** Where to go after signing in: a path of this site only (lib/return-to.ts). */
  redirect?: string;
  /** 'session-ended': the app sent the visitor here because their session ran out. */
  reason?: typeof SESSION_ENDED;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(safeReturnPath(search.redirect) ? { redirect: safeReturnPath(search.redirect)! } : {}),
    ...(search.reason === SESSION_ENDED ? { reason: SESSION_ENDED } : {}),
  }),
  component: LoginPage,
});

type LoginFields = z.input<typeof ZLoginInput>;

function LoginPage() {
  usePageMeta({
    title: 'Sign In | CaseBridge',
    description: 'Sign in to CaseBridge with the e-mail address your organisation registered.',
    keywords: ['CaseBridge sign in', 'login', 'case management'],
    path: '/login',
  });
  useEffect(warmSignedInCode, []);
  const [error, setError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<TwoFactorChallenge | null>(null);
  const form = useForm<LoginFields, unknown, z.output<typeof ZLoginInput>>({
    resolver: zodResolver(ZLoginInput),
    defaultValues: { email: '', password: '' },
  });
  // Prerendered (decision 0048): the form waits for the script, so nothing typed is lost and
  // nothing is submitted natively (the password would end up in the URL).
  const hydrated = useHydrated();
  const submitting = form.formState.isSubmitting;
  const inactive = submitting || !hydrated;

  const search = Route.useSearch();
  // Checked again here: the router hands on raw search keys of the root next to validated ones.
  const redirect = safeReturnPath(search.redirect);
  const reason = search.reason === SESSION_ENDED ? SESSION_ENDED : null;
  const signedIn = useFinishSignIn('Logged in successfully', redirect);

  const restart = useCallback(() => {
    setSecondStep(null);
    setError('This sign-in has expired. Please sign in again.');
  }, []);

  const onSubmit = form.handleSubmit(async (credentials) => {
    setError(null);
    try {
      const result = await signIn(credentials);
      if (result.twoFactor && result.challenge) {
        setSecondStep({ purpose: result.twoFactor, challenge: result.challenge });
        return;
      }
      if (!result.success) {
        setError(result.message || 'Login failed');
        return;
      }
      await signedIn(result);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'Login failed. Please try again.');
    }
  });

  return (
    <PublicPage className="flex items-center justify-center">
      <div className="flex w-full max-w-sm flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle asHeading="h1" className="text-xl">
              Sign In
            </CardTitle>
            <CardDescription>
              {secondStep?.purpose === 'verify'
                ? 'Two-factor sign-in: one more step.'
                : secondStep?.purpose === 'enrol'
                  ? 'Set up two-factor sign-in to continue.'
                  : 'Sign in with the e-mail address your organisation registered.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {secondStep ? (
              <TwoFactorStep {...secondStep} onSignedIn={signedIn} onRestart={restart} />
            ) : (
              <>
                {reason === SESSION_ENDED && !error && (
                  <Alert role="status">
                    <Clock aria-hidden="true" />
                    <AlertDescription>Your session ended — sign in again{redirect ? ' to return to where you were.' : '.'}</AlertDescription>
                  </Alert>
                )}
                {error && (
                  <Alert variant="destructive">
                    <CircleAlert aria-hidden="true" />
                    <AlertDescription>{error}</AlertDescription>
                  </Alert>
                )}
                <Form {...form}>
                  <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
                    <FormField
                      control={form.control}
                      name="email"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>Email</FormLabel>
                          <FormControl>
                            <Input {...field} type="email" autoComplete="username" required disabled={inactive} />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name="password"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>Password</FormLabel>
                          <FormControl>
                            <Input {...field} type="password" autoComplete="current-password" required disabled={inactive} />
                          </FormControl>
                          <FormMessage />
                          {/* After the field, so the keyboard goes e-mail → password → Enter undisturbed (issue 16). */}
                          <Link to="/forgot-password" className="justify-self-end text-sm text-primary underline-offset-4 hover:underline">
                            Forgot password?
                          </Link>
                        </FormItem>
                      )}
                    />
                    <Button type="submit" className="w-full" disabled={inactive}>
                      {submitting ? 'Signing In...' : 'Sign In'}
                    </Button>
                  </form>
                </Form>
              </>
            )}
          </CardContent>
          <CardFooter className="flex-col gap-2 text-sm">
            <div className="flex w-full justify-between gap-2">
              <Button asChild variant="link" size="sm" className="px-0">
                <Link to="/select-user">Try Demo Access</Link>
              </Button>
              <Button asChild variant="link" size="sm" className="px-0">
                <Link to="/trial-signup">Start Free Trial</Link>
              </Button>
            </div>
            <p className="text-center text-muted-foreground">
              No account yet?{' '}
              <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
                Contact us for registration
              </Link>
            </p>
          </CardFooter>
        </Card>
        <Link to="/" className="self-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
          Back to Homepage
        </Link>
      </div>
    </PublicPage>
  );
}
