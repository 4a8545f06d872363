// The page's Content-Security-Policy (src/server/http/security-headers.ts) runs no eval and allows
// only the app's own styles plus <style> elements carrying this response's nonce. Two libraries
// need telling, before the first dialog opens or the first schema parses:
// - Radix's scroll lock (react-remove-scroll, while a dialog or menu is open) inserts a <style> and
//   takes its nonce from the webpack-era global `__webpack_nonce__` (get-nonce); the server puts the
//   nonce in <meta name="csp-nonce">.
// - zod 4 probes `new Function('')` to compile fast parsers; the refused probe is reported as a
//   violation even though zod catches it. Its `jitless` setting skips the probe (zod parses the
//   same, a little slower, which forms never notice). zod keeps its settings on
//   `globalThis.__zod_globalConfig` and adopts an object already there; setting it here keeps zod
//   (in a lazily loaded chunk) out of the entry chunk. content-security-policy.test.ts pins that
//   zod honours it, so an upgrade that changes the name fails there.

declare global {
  // eslint-disable-next-line no-var
  var __webpack_nonce__: string | undefined;
  // eslint-disable-next-line no-var
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

export function fitContentSecurityPolicy(doc: Document = document): void {
  globalThis.__zod_globalConfig ??= {};
  globalThis.__zod_globalConfig.jitless = true;
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) globalThis.__webpack_nonce__ = nonce;
}
