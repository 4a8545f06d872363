import type { TAuthResult } from '../../shared/domain/auth';

/** Where a request comes from, as the sign-in steps record it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** What a sign-in step answers, and the session it opened when it opened one. */
export interface SignInOutcome {
  result: TAuthResult;
  session?: { token: string; expiresAt: string };
}
