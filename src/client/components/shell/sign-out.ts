import { clearDemoIdentity } from '../../lib/demo-identity';
import { forgetSignedIn } from '../../lib/signed-in-marker';
import type { Identity } from '../../lib/identity';

/** The server ends the session at this address and redirects to / (a full navigation, SPEC §7.3). */
export const LOGOUT_URL = '/api/logout';

/**
 * SPEC §4: a demo sign-out clears the stored demo identity and goes to /; a real one goes through the
 * server. Both are full page loads, so the tRPC client is rebuilt for the next visitor (the demo
 * link is chosen once per page load).
 */
export function signOut(identity: Pick<Identity, 'status'>): void {
  if (identity.status === 'demo') {
    clearDemoIdentity();
    window.location.assign('/');
    return;
  }
  forgetAuthToken();
  window.location.assign(LOGOUT_URL);
}

/** The signed-in marker (SPEC §3.9 auth_token; never the token) goes with the session. */
export function forgetAuthToken(): void {
  forgetSignedIn();
}
