// `npm run build:pages`, after `vite build` (the client) and `vite build --ssr` (src/client/prerender.tsx
// into dist/prerender): renders each public page into static HTML — the built index.html with the
// page's own <title>, description, canonical link and Open Graph tags, and its content in #root — so
// crawlers, link previews and a first paint need no JavaScript (decision 0048). The server sends
// these to requests without a session cookie (src/server/http/prerendered-pages.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Prerender from '../src/client/prerender';
import { PRERENDERED_DIR, PRERENDERED_INDEX, pageFileOf } from '../src/server/http/prerendered-pages';

// React and the router read NODE_ENV when they first load, which is in the dynamic import below (this
// file imports nothing that loads React): the pages are the production markup.
process.env.NODE_ENV ??= 'production';

const CLIENT_DIST = 'dist/client';
const SSR_ENTRY = resolve('dist/prerender/prerender.js');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html's generic title and description replaced by the page's own tags. */
function withHead(template: string, meta: Prerender.PageMeta, path: string): string {
  // Relative: the build does not know the address the site is served at; the page's script makes
  // them absolute once it runs (applyPageMeta).
  const canonical = meta.path ?? path;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...metaTagsOf(meta, canonical).map((tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}" />`),
  ];
  const head = template.replace(/<title>[^<]*<\/title>\s*/, '').replace(/<meta\s+name="description"[^>]*>\s*/, '');
  return head.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * The CSP allows no inline style attribute (security-headers.ts): the browser would refuse and report
 * each one (Radix's visually hidden <select>). They travel as data attributes, which main.tsx applies
 * through the CSSOM (allowed) before hydrating; React's own styles are set that way too.
 */
const withStylesAsData = (html: string) => html.replace(/ style="([^"]*)"/g, ' data-prerendered-style="$1"');

function withRoot(template: string, html: string, path: string): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`${CLIENT_DIST}/index.html has no empty ${root}`);
  // data-prerendered tells main.tsx which path this markup was rendered for (it hydrates only that).
  return template.replace(root, () => `<div id="root" data-prerendered="${escapeHtml(path)}">${withStylesAsData(html)}</div>`);
}

const { PRERENDERED_PATHS, metaTagsOf, renderPage } = (await import(pathToFileURL(SSR_ENTRY).href)) as typeof Prerender;
const template = readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8');
const outDir = join(CLIENT_DIST, PRERENDERED_DIR);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const index: Record<string, string> = {};
for (const path of PRERENDERED_PATHS) {
  const { html, meta } = await renderPage(path);
  if (!meta) throw new Error(`${path} sets no page metadata (usePageMeta): it would be served with the generic title`);
  if (!html.includes('<h1')) throw new Error(`${path} rendered without a heading: ${html.slice(0, 200)}`);
  const file = pageFileOf(path);
  writeFileSync(join(outDir, file), withRoot(withHead(template, meta, path), html, path));
  index[path] = file;
  console.log(`prerendered ${path.padEnd(20)} ${(html.length / 1024).toFixed(1).padStart(6)} KB  "${meta.title}"`);
}
writeFileSync(join(outDir, PRERENDERED_INDEX), `${JSON.stringify(index, null, 2)}\n`);
