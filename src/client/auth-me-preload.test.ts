import { afterEach, expect, it, vi } from 'vitest';
import { AUTH_ME_URL } from '../server/http/signed-in-preloads';
import { createTrpcClient } from './trpc';

// The server preloads the start-up auth.me call for a page request with a session (decision 0031).
// The browser hands the preloaded answer to the page's fetch only when both ask for the same URL
// with credentials; otherwise it fetches twice. This pins the two together.

afterEach(() => vi.unstubAllGlobals());

it("asks for auth.me at exactly the URL the server preloads, with the session's cookie", async () => {
  const requests: { url: string; credentials: RequestCredentials | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    requests.push({ url: String(input), credentials: init?.credentials });
    return new Response(JSON.stringify([{ result: { data: null } }]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  await createTrpcClient().auth.me.query();
  expect(requests).toEqual([{ url: AUTH_ME_URL, credentials: 'include' }]);
});
