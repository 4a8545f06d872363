import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TAuthResult } from '../../shared/domain/auth';
import { useTRPC } from '../trpc';
import { clearDemoIdentity, isDemoSession } from './demo-identity';
import { markSignedIn } from './signed-in-marker';
import { resetIdentity } from './identity';
import { toast } from './use-toast';

/**
 * What every way of signing in does once a session exists (password, second step, Super Admin
 * registration): note the sign-in, say so, and open the dashboard as the new user — or the page they
 * were on or had bookmarked (`returnTo`, already checked by safeReturnPath).
 */
export function useFinishSignIn(successMessage: string, returnTo: string | null = null): (result: TAuthResult) => Promise<void> {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const navigate = useNavigate();
  return async (result) => {
    if (result.token) markSignedIn(); // never the token itself (signed-in-marker.ts)
    toast({ title: 'Success', description: successMessage });
    if (isDemoSession()) {
      // The tRPC client chose the demo link at start-up; only a fresh load leaves demo mode.
      clearDemoIdentity();
      window.location.assign(returnTo ?? '/dashboard');
      return;
    }
    // A signed-out answer may be cached from an earlier visit.
    resetIdentity(queryClient, trpc);
    await (returnTo ? navigate({ href: returnTo, replace: true }) : navigate({ to: '/dashboard' }));
  };
}
