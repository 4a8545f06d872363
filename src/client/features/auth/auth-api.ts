import type { TAuthResult } from '../../../shared/domain/auth';
import { authResultOf, postJson } from '../../lib/sign-in-steps';

export type TLoginResult = TAuthResult;

/**
 * Signs in. Resolves with the server's verdict for any answer carrying a JSON body
 * (including 400 and 429, whose `message` the form shows); rejects when there is none.
 */
export async function signIn(credentials: { email: string; password: string }): Promise<TLoginResult> {
  const { response, body } = await postJson('/api/auth/login', credentials);
  return authResultOf(response, body);
}
