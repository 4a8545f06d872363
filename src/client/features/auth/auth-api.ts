import type { TAuthResult } from '../../../shared/domain/auth';

export type TLoginResult = TAuthResult;

export const AUTH_TOKEN_KEY = 'auth_token';

/** SPEC §8: a non-OK answer becomes `"<status>: <body or status text>"`. */
async function responseError(response: Response): Promise<Error> {
  const body = await response.text().catch(() => '');
  return new Error(`${response.status}: ${body || response.statusText}`);
}

/**
 * Signs in. Resolves with the server's verdict for any answer carrying a JSON body
 * (including 400 and 429, whose `message` the form shows); rejects when there is none.
 */
export async function signIn(credentials: { email: string; password: string }): Promise<TLoginResult> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
    credentials: 'include',
  });
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof body !== 'object' || body === null) throw await responseError(response);

  const { success, token, message } = body as Partial<Record<keyof TLoginResult, unknown>>;
  return {
    success: response.ok && success === true,
    token: typeof token === 'string' ? token : null,
    message: typeof message === 'string' ? message : '',
  };
}
