import { afterEach, expect, it, vi } from 'vitest';
import { createTrpcClient } from './trpc';

// The server answers 400 to a /trpc batch of more than 10 calls (issue 16): the browser's link must
// split a busy screen's queries into batches of at most 10.

afterEach(() => vi.unstubAllGlobals());

it('sends 25 queries made at once as batches of at most 10 calls', async () => {
  const batches: number[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const calls = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    batches.push(calls.length);
    const body = calls.map(() => ({ result: { data: null } }));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const client = createTrpcClient();
  await Promise.all(Array.from({ length: 25 }, () => client.auth.me.query()));
  expect(batches.reduce((sum, n) => sum + n, 0)).toBe(25);
  expect(Math.max(...batches)).toBeLessThanOrEqual(10);
});
