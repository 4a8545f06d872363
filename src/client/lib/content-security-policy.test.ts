import { afterEach, expect, it } from 'vitest';
import { fitContentSecurityPolicy } from './content-security-policy';

// What the page's CSP needs from the client before anything else runs (content-security-policy.ts).

const page = (head: string) => ({ querySelector: (selector: string) => (selector === 'meta[name="csp-nonce"]' && head ? { content: head } : null) }) as unknown as Document;

afterEach(() => {
  globalThis.__webpack_nonce__ = undefined;
});

it('hands the page nonce to the libraries that insert <style> elements', () => {
  fitContentSecurityPolicy(page('bm9uY2Utb2YtdGhpcy1wYWdl'));
  expect(globalThis.__webpack_nonce__).toBe('bm9uY2Utb2YtdGhpcy1wYWdl');
});

it('leaves the nonce unset on a page without one (the dev server)', () => {
  fitContentSecurityPolicy(page(''));
  expect(globalThis.__webpack_nonce__).toBeUndefined();
});

it('turns zod’s eval probe off, in the settings zod itself reads', async () => {
  fitContentSecurityPolicy(page(''));
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
