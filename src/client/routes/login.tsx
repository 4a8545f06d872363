import { useState, type FormEvent } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { AUTH_TOKEN_KEY, currentUserQueryOptions, signIn } from '../features/auth/auth-api';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  useDocumentTitle('Sign In | CaseBridge');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const result = await signIn({ email, password });
      if (!result.success) {
        setError(result.message || 'Login failed');
        return;
      }
      if (result.token) localStorage.setItem(AUTH_TOKEN_KEY, result.token);
      // A signed-out answer may be cached from an earlier visit to the dashboard.
      queryClient.removeQueries({ queryKey: currentUserQueryOptions.queryKey });
      await navigate({ to: '/dashboard' });
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'Login failed. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-6">
      <div className="flex w-full max-w-sm flex-col gap-6">
        <p className="text-center text-2xl font-semibold tracking-tight text-primary">CaseBridge</p>
        <Card>
          <CardHeader>
            <CardTitle asHeading="h1" className="text-xl">
              Sign In
            </CardTitle>
            <CardDescription>Sign in with the e-mail address your organisation registered.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {error && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <form className="flex flex-col gap-4" onSubmit={handleSubmit}>
              <div className="grid gap-2">
                <Label htmlFor="email">Email</Label>
                <Input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={submitting}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="password">Password</Label>
                <Input
                  id="password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  disabled={submitting}
                />
              </div>
              <Button type="submit" className="w-full" disabled={submitting}>
                {submitting ? 'Signing In...' : 'Sign In'}
              </Button>
            </form>
          </CardContent>
          <CardFooter className="flex-col gap-2 text-sm">
            {/* Plain anchors: these screens arrive with later issues and are not in the route tree yet. */}
            <div className="flex w-full justify-between gap-2">
              <Button asChild variant="link" size="sm" className="px-0">
                <a href="/select-user">Try Demo Access</a>
              </Button>
              <Button asChild variant="link" size="sm" className="px-0">
                <a href="/trial-signup">Start Free Trial</a>
              </Button>
            </div>
            <p className="text-center text-muted-foreground">
              No account yet?{' '}
              <a href="/register" className="font-medium text-primary underline-offset-4 hover:underline">
                Contact us for registration
              </a>
            </p>
          </CardFooter>
        </Card>
        <Link
          to="/"
          className="self-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Back to Homepage
        </Link>
      </div>
    </main>
  );
}
