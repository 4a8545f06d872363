import { createContext, useContext, useEffect } from 'react';

// Per-page SEO metadata (SPEC §2.1): title, description, keywords, canonical link and the Open
// Graph / Twitter tags social sites read when a public page is shared. The tags are created once
// in <head> and rewritten on every page change, so no page leaves another page's values behind.
// The public pages are also prerendered at build time (src/client/prerender.tsx, decision 0048):
// there the same call reports its values to a collector, and the build writes the same tags
// (metaTagsOf) into the page's HTML, so crawlers and link previews read them without JavaScript.

export const SITE_NAME = 'CaseBridge';

export const DEFAULT_DESCRIPTION =
  'CaseBridge: case management for South African hospitals, clinics, law firms and state litigators — cases, schedules, beds, costs and secure messaging in one place.';

export const DEFAULT_KEYWORDS = [
  'case management', 'healthcare', 'legal', 'medicolegal', 'South Africa', 'hospital', 'law firm', 'patient cases',
];

export interface PageMeta {
  /** The full document title, e.g. 'Sign In | CaseBridge'. */
  title: string;
  description?: string;
  keywords?: readonly string[];
  /** Canonical path of the page; defaults to the current path without query or hash. */
  path?: string;
  /** Signed-in and error screens ask search engines not to index them. */
  noIndex?: boolean;
}

export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** Every <meta> a page carries, for the DOM (applyPageMeta) and for the prerendered HTML alike. */
export function metaTagsOf(meta: PageMeta, url: string): MetaTag[] {
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const name = (key: string, content: string): MetaTag => ({ attribute: 'name', key, content });
  const property = (key: string, content: string): MetaTag => ({ attribute: 'property', key, content });
  return [
    name('description', description),
    name('keywords', (meta.keywords ?? DEFAULT_KEYWORDS).join(', ')),
    name('robots', meta.noIndex ? 'noindex, nofollow' : 'index, follow'),
    property('og:type', 'website'),
    property('og:site_name', SITE_NAME),
    property('og:title', meta.title),
    property('og:description', description),
    property('og:url', url),
    property('og:locale', 'en_ZA'),
    name('twitter:card', 'summary'),
    name('twitter:title', meta.title),
    name('twitter:description', description),
  ];
}

/**
 * Set only while a page is prerendered (src/client/prerender.tsx): effects never run there, so
 * usePageMeta hands its values to the build through this instead. Null in the browser.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function upsertCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Writes the page's metadata into <head>; callable outside React (tests, error boundaries). */
export function applyPageMeta(meta: PageMeta): void {
  const url = new URL(meta.path ?? window.location.pathname, window.location.origin).href;
  document.title = meta.title;
  upsertCanonical(url);
  for (const tag of metaTagsOf(meta, url)) upsertMeta(tag.attribute, tag.key, tag.content);
}

/** Sets the page's title, description, keywords, canonical link and social tags while it is shown. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, path, noIndex } = meta;
  const keywords = meta.keywords?.join('|');
  // Only while prerendering: a call during render, as no effect runs there (see PageMetaCollector).
  useContext(PageMetaCollector)?.(meta);
  useEffect(() => {
    applyPageMeta({ title, description, path, noIndex, keywords: keywords?.split('|') });
  }, [title, description, path, noIndex, keywords]);
}
