import type { TAuthResult } from '../../shared/domain/auth';
import type { TTwoFactorSetup } from '../../shared/domain/two-factor';

// The steps of signing in after the password (issue 8: two-factor sign-in), over plain fetch like
// the password itself: a visitor leaving a demo session still has the demo tRPC link loaded, which
// would answer instead of the server.

/** SPEC §8: a non-OK answer becomes `"<status>: <body or status text>"`. */
export async function responseError(response: Response): Promise<Error> {
  const body = await response.text().catch(() => '');
  return new Error(`${response.status}: ${body || response.statusText}`);
}

export function authResultOf(response: Response, body: object): TAuthResult {
  const { success, token, message, twoFactor, challenge, recoveryCodes } = body as Partial<Record<keyof TAuthResult, unknown>>;
  return {
    success: response.ok && success === true,
    token: typeof token === 'string' ? token : null,
    message: typeof message === 'string' ? message : '',
    ...(twoFactor === 'verify' || twoFactor === 'enrol' ? { twoFactor } : {}),
    ...(typeof challenge === 'string' ? { challenge } : {}),
    ...(Array.isArray(recoveryCodes) ? { recoveryCodes: recoveryCodes.map(String) } : {}),
  };
}

/** A refusal of a sign-in step, with the message for each field the server named. */
export class SignInStepError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/** POSTs JSON with the session cookie; the answer's JSON body, or the SPEC §8 error when it has none. */
export async function postJson(url: string, payload: object): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
    credentials: 'include',
  });
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof body !== 'object' || body === null) throw await responseError(response);
  return { response, body: body as Record<string, unknown> };
}

async function postStep(url: string, payload: object): Promise<{ response: Response; body: Record<string, unknown> }> {
  const answer = await postJson(url, payload);
  const { response, body } = answer;
  if (!response.ok) {
    const fields = (body.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
    throw new SignInStepError(
      typeof body.message === 'string' ? body.message : `${response.status}: ${response.statusText}`,
      response.status,
      fields,
    );
  }
  return answer;
}

/** The second step: a code from the authenticator app, or a recovery code. */
export async function verifyTwoFactor(input: { challenge: string; code?: string; recoveryCode?: string }): Promise<TAuthResult> {
  const { response, body } = await postStep('/api/auth/two-factor', input);
  return authResultOf(response, body);
}

export async function startTwoFactorEnrolment(challenge: string): Promise<TTwoFactorSetup> {
  const { body } = await postStep('/api/auth/two-factor/enrolment', { challenge });
  return body as unknown as TTwoFactorSetup;
}

export async function finishTwoFactorEnrolment(input: { challenge: string; code: string }): Promise<TAuthResult> {
  const { response, body } = await postStep('/api/auth/two-factor/enrolment/confirm', input);
  return authResultOf(response, body);
}
