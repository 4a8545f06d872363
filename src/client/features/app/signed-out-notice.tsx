import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { usePageMeta } from '../../lib/page-meta';
import { UNAUTHORIZED_REDIRECT_MS } from '../../trpc';

/** SPEC §2.9 / §8: /dashboard without an identity says so, then goes to the sign-in page. */
export function SignedOutNotice() {
  usePageMeta({ title: 'Dashboard | CaseBridge', noIndex: true });
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/login' }), UNAUTHORIZED_REDIRECT_MS);
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
