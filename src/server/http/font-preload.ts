import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Every page's text is set in Inter (self-hosted, styles.css), whose Latin file the browser finds only
// once the stylesheet has arrived and a line of text needs it: on a slow line the text of the signed-in
// page the server drew (decision 0051), its largest paint, waited for that second trip. Named in <head>,
// the font comes with the stylesheet. Only the Latin subset: the others (Cyrillic, Greek, Vietnamese)
// are fetched by unicode-range when a page shows such a letter. Not on the public pages: there the text
// painted earlier, and Lighthouse's Total Blocking Time then counted the hydration that followed —
// their score fell from 91–95 to 84–91 on this machine for no change a visitor would notice.

/** Vite's build manifest: the entry lists the files its CSS refers to among its assets. */
type Manifest = Record<string, { isEntry?: boolean; assets?: string[] }>;

/** The <link> preloading the Latin Inter file of the build, or '' for a build without a manifest. */
export function latinFontPreload(clientDist: string): string {
  const manifestPath = join(clientDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const font = entry?.assets?.find((asset) => /\/inter-latin-wght-normal-[^/]+\.woff2$/.test(asset));
  // crossorigin: fonts are always fetched in CORS mode, and a preload is used only by a request like it.
  return font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">` : '';
}
