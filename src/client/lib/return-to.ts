// Where sign-in returns to (issue 17): a signed-out deep link (/patients bookmarked) and a session
// that ended mid-use both go to /login?redirect=<where they were>. Only a path of this site is
// accepted: an absolute URL, a protocol-relative //host, a backslash trick or anything that does not
// resolve to this origin is dropped, so the parameter can never send anyone to another site.

const BASE = 'https://casebridge.invalid';
/** Sign-in pages: returning to one after signing in would loop. */
const NOT_A_DESTINATION = new Set(['/login', '/logout', '/superuser-register', '/forgot-password', '/reset-password', '/accept-invitation']);

/** The same-origin relative path+search+hash to return to, or null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // Must be an absolute path of this site; '//' and '/\' are other hosts to a browser.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and whitespace (a tab inside '/\t/evil.example' is stripped by URL parsers).
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (NOT_A_DESTINATION.has(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Why the sign-in page was opened, when it was not the visitor's own choice. */
export const SESSION_ENDED = 'session-ended';

/** /login for someone who must sign in to reach `path`; `ended` says their session ran out. */
export function loginHref(path: string | null, ended = false): string {
  const params = new URLSearchParams();
  const back = safeReturnPath(path);
  if (back && back !== '/' && back !== '/dashboard') params.set('redirect', back);
  if (ended) params.set('reason', SESSION_ENDED);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
