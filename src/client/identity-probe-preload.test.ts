import { afterEach, expect, it, vi } from 'vitest';
import { IDENTITY_PROBE_URL } from '../server/http/signed-in-preloads';
import { loadIdentity } from './lib/identity';
import { createQueryClient, createTrpc, createTrpcClient } from './trpc';

// The server preloads the start-up identity probe for a page request with a session (decision 0031).
// The browser hands the preloaded answer to the page's fetch only when both ask for the same URL
// with credentials; otherwise it fetches twice. This pins the two together: if the probe moves to
// another procedure, IDENTITY_PROBE_URL must move with it.

afterEach(() => vi.unstubAllGlobals());

it("asks who is signed in at exactly the URL the server preloads, with the session's cookie", async () => {
  const requests: { url: string; credentials: RequestCredentials | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    requests.push({ url: String(input), credentials: init?.credentials });
    return new Response(JSON.stringify([{ result: { data: null } }]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const queryClient = createQueryClient();
  await loadIdentity(queryClient, createTrpc(queryClient, createTrpcClient()));
  expect(requests).toEqual([{ url: IDENTITY_PROBE_URL, credentials: 'include' }]);
});
