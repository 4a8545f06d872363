import { DEMO_KEYS } from './demo-identity';

// SPEC §3.9 names `auth_token` among the values the app writes to localStorage. The session token
// itself never goes there: any script on the page (an XSS, a compromised dependency) could read it
// and use it from elsewhere, while the HttpOnly cookie it duplicated is out of scripts' reach
// (issue 16). The key keeps only this marker, which says "a sign-in happened in this browser" and
// is worthless to anyone who reads it. API callers still get `token` in the sign-in answer.

export const SIGNED_IN_MARKER = 'signed-in';

export function markSignedIn(): void {
  try {
    localStorage.setItem(DEMO_KEYS.authToken, SIGNED_IN_MARKER);
  } catch {
    // storage disabled: the cookie is the credential anyway
  }
}

export function forgetSignedIn(): void {
  try {
    localStorage.removeItem(DEMO_KEYS.authToken);
  } catch {
    // storage disabled: nothing was kept
  }
}
