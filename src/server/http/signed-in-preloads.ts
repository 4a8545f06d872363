import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagePath } from './page-path';

// The first page of a person with a session is a chain of waits: the entry runs, asks auth.session, and
// only with the answer loads the shell chunk, whose imports come next, then the dashboard chunk and
// its imports, then the dashboard's data — one round trip each (on Fast 3G 0.56 s apiece). For a
// page request that carries the session cookie the server already knows the answer is most likely
// "signed in", so index.html names those chunks and the auth.session call up front and the browser fetches
// them beside the entry (decision 0031). Without a session nothing is added: the landing page's
// download stays as small as it was. A Patient (portal, no shell) fetches a few chunks it won't run.

/** Vite's build manifest (build.manifest): source module → built file and its static imports. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** What every signed-in staff page runs: the pathless layout's component and the shell it lazy-loads. */
const SHELL_MODULES = ['src/client/routes/_app.tsx?tsr-split=component', 'src/client/components/shell/app-shell.tsx'];
/**
 * Where sign-in lands and a returning person starts (/ and /dashboard): the dashboard besides the
 * shell. Other paths get nothing: a deep link's own screen is not known here, and /login, /reset-password …
 * with a stale cookie must not pay for chunks they never run.
 */
const FIRST_PAGES: Record<string, string[]> = {
  '/': ['src/client/routes/_app/index.tsx?tsr-split=component', 'src/client/features/dashboard/dashboard-page.tsx'],
  '/dashboard': ['src/client/routes/_app/dashboard.tsx?tsr-split=component', 'src/client/features/dashboard/dashboard-page.tsx'],
};

/**
 * The URL the client's httpBatchLink requests for the start-up identity probe (loadIdentity in
 * src/client/lib/identity.ts): one call, no input. A preload is used only when the page's fetch asks
 * for exactly this URL, with credentials (crossorigin="use-credentials" ↔ credentials: 'include');
 * src/client/identity-probe-preload.test.ts fails when the probe moves to another procedure.
 */
export const IDENTITY_PROBE_URL = `/trpc/auth.session?batch=1&input=${encodeURIComponent('{}')}`;

/** The built files `modules` need beyond what index.html already loads, each once, imports first. */
function filesOf(manifest: Manifest, modules: string[]): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set<string>(['index.html', ...(entry?.imports ?? [])]);
  const files: string[] = [];
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(`/${chunk.file}`);
  };
  modules.forEach(visit);
  return files;
}

export interface SignedInPreloads {
  /** The links index.html gets for a page request with a session: the identity probe and the code. */
  links(pathname: string): string;
  /**
   * The code alone, for a page the server rendered (decision 0051): it paints without it and already
   * holds the probe's answer, so main.tsx asks for these files once it runs, not the HTML up front.
   */
  files(pathname: string): string[];
}

/**
 * On / and /dashboard the preloads of the shell, the dashboard and the identity probe; elsewhere none.
 * None at all for a build without a manifest (tests, `vite` dev).
 */
export function signedInPreloads(clientDist: string): SignedInPreloads {
  const manifestPath = join(clientDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { links: () => '', files: () => [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const fetchLink = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${IDENTITY_PROBE_URL}">`;
  const byPath = new Map(Object.entries(FIRST_PAGES).map(([path, modules]) => [path, filesOf(manifest, [...SHELL_MODULES, ...modules])]));
  const files = (pathname: string) => byPath.get(pagePath(pathname)) ?? [];
  return {
    files,
    links(pathname) {
      const modules = files(pathname);
      return modules.length ? [fetchLink, ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)].join('\n    ') : '';
    },
  };
}
