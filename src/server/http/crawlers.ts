import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { publicUrlOf } from './public-url';

// What search engines may read (issue 17): the public pages, never the app, /api or /trpc. Before
// this, /robots.txt answered the app's HTML, which crawlers read as 19 errors. The URLs are absolute
// from the configured public address (public-url.ts), never from the Host header.

/** The public pages worth finding (SPEC §2.1); the role picker's second path is the same screen. */
export const PUBLIC_PAGES = ['/', '/login', '/register', '/trial-signup', '/select-user', '/superuser-register'] as const;

/** The app's own paths (SPEC §2.1 and the signed-in screens) and the machine interfaces. */
const DISALLOWED = [
  '/api/', '/trpc/', '/dashboard', '/patients', '/clients', '/schedule', '/education', '/messages', '/analytics', '/crm',
  '/organizations', '/bed-management', '/ward-census', '/cost-management', '/billing', '/users', '/settings', '/support', '/tasks',
  '/system-settings', '/trial-signups', '/contact-requests', '/audit', '/retention', '/legal-documents', '/my-time',
  '/user-select', '/accept-invitation', '/reset-password', '/forgot-password',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PUBLIC_PAGES.map((path) => `Allow: ${path === '/' ? '/$' : path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function registerCrawlerFiles(app: FastifyInstance, config: Config): void {
  const publicUrl = publicUrlOf(config);
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  app.get('/sitemap.xml', (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap));
}
