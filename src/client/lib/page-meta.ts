import { useEffect } from 'react';

// Per-page SEO metadata (SPEC §2.1): title, description, keywords, canonical link and the Open
// Graph / Twitter tags social sites read when a public page is shared. The tags are created once
// in <head> and rewritten on every page change, so no page leaves another page's values behind.

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
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const keywords = (meta.keywords ?? DEFAULT_KEYWORDS).join(', ');
  const url = new URL(meta.path ?? window.location.pathname, window.location.origin).href;

  document.title = meta.title;
  upsertMeta('name', 'description', description);
  upsertMeta('name', 'keywords', keywords);
  upsertMeta('name', 'robots', meta.noIndex ? 'noindex, nofollow' : 'index, follow');
  upsertCanonical(url);

  upsertMeta('property', 'og:type', 'website');
  upsertMeta('property', 'og:site_name', SITE_NAME);
  upsertMeta('property', 'og:title', meta.title);
  upsertMeta('property', 'og:description', description);
  upsertMeta('property', 'og:url', url);
  upsertMeta('property', 'og:locale', 'en_ZA');

  upsertMeta('name', 'twitter:card', 'summary');
  upsertMeta('name', 'twitter:title', meta.title);
  upsertMeta('name', 'twitter:description', description);
}

/** Sets the page's title, description, keywords, canonical link and social tags while it is shown. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, path, noIndex } = meta;
  const keywords = meta.keywords?.join('|');
  useEffect(() => {
    applyPageMeta({ title, description, path, noIndex, keywords: keywords?.split('|') });
  }, [title, description, path, noIndex, keywords]);
}
