import { useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { AUTH_TOKEN_KEY, currentUserQueryOptions, type TCurrentUser } from '../features/auth/auth-api';
import { useDocumentTitle } from '../lib/use-document-title';

/** SPEC §9: redirect after an unauthorised answer. */
const SIGNED_OUT_REDIRECT_MS = 500;

export const Route = createFileRoute('/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions),
  component: DashboardPage,
});

function DashboardPage() {
  useDocumentTitle('Dashboard | CaseBridge');
  const { data: user } = useSuspenseQuery(currentUserQueryOptions);
  return user ? <SignedInDashboard user={user} /> : <SignedOutNotice />;
}

function SignedOutNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/login' }), SIGNED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <p className="text-muted-foreground" role="status">
        Please sign in to access your dashboard
      </p>
    </main>
  );
}

function SignedInDashboard({ user }: { user: TCurrentUser }) {
  return (
    <div className="min-h-svh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-6">
          <span className="font-semibold text-primary">CaseBridge</span>
          <Button asChild variant="outline" size="sm">
            {/* A full navigation: the server ends the session and redirects. */}
            <a href="/api/logout" onClick={() => localStorage.removeItem(AUTH_TOKEN_KEY)}>
              <LogOut aria-hidden="true" />
              Sign Out
            </a>
          </Button>
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 p-6">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <Card>
          <CardHeader>
            <CardTitle>
              Signed in as {user.firstName} {user.lastName}
            </CardTitle>
            <CardDescription>{user.email}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Role</dt>
                <dd className="font-medium">{user.role}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Organisation</dt>
                <dd className="font-medium">{user.organization?.name ?? 'No organisation'}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
