import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagePath } from './page-path';

// The public pages the build rendered into static HTML (scripts/prerender-pages.ts, decision 0048):
// each with its own title, description and Open Graph tags, and its content painted before any
// script runs. Kept in a dot-folder of the client build: never a route of its own (static files
// are served by name, and dot-folders are skipped), only ever sent with a fresh CSP nonce.

export const PRERENDERED_DIR = '.pages';
/** path → file name, written by the build beside the pages. */
export const PRERENDERED_INDEX = 'pages.json';

/** '/' → index.html, '/trial-signup' → trial-signup.html. */
export function pageFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replace(/\//g, '_')}.html`;
}

/**
 * The prerendered page of a path, read once at start; undefined for every other path, and for a build
 * without prerendered pages (tests, `vite` dev), where index.html serves as before.
 */
export function prerenderedPages(clientDist: string): (pathname: string) => string | undefined {
  const dir = join(clientDist, PRERENDERED_DIR);
  const indexPath = join(dir, PRERENDERED_INDEX);
  if (!existsSync(indexPath)) return () => undefined;
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as Record<string, string>;
  const pages = new Map(Object.entries(index).map(([path, file]) => [path, readFileSync(join(dir, file), 'utf8')]));
  // /login/ is /login; the browser then renders it rather than hydrates (its path differs: main.tsx).
  return (pathname) => pages.get(pagePath(pathname));
}
