// The page's Content-Security-Policy allows only its own styles plus <style> elements carrying this
// response's nonce (src/server/http/security-headers.ts). Radix's scroll lock (react-remove-scroll,
// while a dialog or menu is open) inserts one, and takes the nonce from the global webpack-era name
// `__webpack_nonce__` (get-nonce). The server puts the nonce in <meta name="csp-nonce">.

declare global {
  // eslint-disable-next-line no-var
  var __webpack_nonce__: string | undefined;
}

export function adoptCspNonce(doc: Document = document): void {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) globalThis.__webpack_nonce__ = nonce;
}
