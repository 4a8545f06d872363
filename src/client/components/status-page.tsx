import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LayoutDashboard } from 'lucide-react';
import { readDemoIdentity } from '../lib/demo-identity';
import { useTRPC } from '../trpc';
import { BrandMark } from './brand-mark';
import { Button } from './ui/button';

// The frame of the failure and not-found pages (issue 17): the brand header and a way back, so a
// dead end is never a blank page. It asks nothing of the server (it may be why we are here): a demo
// identity or an already known signed-in user means "Go to dashboard", else "Back to home".

function useKnownSignedIn(): boolean {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return readDemoIdentity() !== null || Boolean(queryClient.getQueryData(trpc.auth.session.queryKey()));
}

/** The way back that fits: the dashboard for someone signed in, the home page for a visitor. */
export function WayBack({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  const signedIn = useKnownSignedIn();
  return (
    <Button asChild variant={variant}>
      {signedIn ? (
        <Link to="/dashboard">
          <LayoutDashboard aria-hidden="true" />
          Go to dashboard
        </Link>
      ) : (
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to home
        </Link>
      )}
    </Button>
  );
}

export function StatusPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <BrandMark />
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-4 p-6">
        {children}
      </main>
    </div>
  );
}
