import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { firstScanOf, screenStateOf } from './axe-once';
import { healthWordsOn } from './health-words';

// Issue 17's walk: as a role, open every link the sidebar and the dashboard offer and note what a
// user would meet there that they should not — the not-found page, "Access Restricted", a red error
// box, a page wider than a 390 px phone, or a serious accessibility violation. Each walk returns
// its findings so one test names every problem of a role at once.

const NOT_FOUND = '404 Page Not Found';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/**
 * One screen per route: the dashboards link many cases, and every case page is the same screen (and
 * keeps its heading element from one case to the next, so the walk could not tell it had arrived).
 */
const screenOf = (path: string) => path.replace(/^\/(patients|clients|audit\/cases)\/[^/]+$/, '/$1/:id');

/** Links that end the session rather than show a screen. */
const SKIPPED = new Set(['/api/logout']);

/** The same-origin links on the page, as path + query, once each. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((a) => {
      const url = new URL((a as HTMLAnchorElement).href, window.location.href);
      return url.origin === window.location.origin ? url.pathname + url.search : null;
    }),
  );
  return [...new Set(hrefs.filter((h): h is string => h !== null && !SKIPPED.has(new URL(h, 'http://x').pathname)))].sort();
}

/** Waits until no list, panel or screen says it is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The links of the landing screen (sidebar, header, panels, quick links), once their number holds still. */
export async function landingLinks(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The signed-in header (the app shell's or the patient portal's): on a loaded machine a heading can
  // show before the shell has, and the walk then found no links at all.
  await expect(page.getByRole('banner').first(), `the signed-in header at ${page.url()}`).toBeVisible();
  await settled(page);
  let links = await linksOn(page);
  let count = -1;
  await expect.poll(async () => {
    links = await linksOn(page);
    const same = links.length === count;
    count = links.length;
    return same;
  }, { intervals: [250] }).toBe(true);
  return links;
}

/** What is wrong with the screen now showing, as short lines (empty when nothing is). */
async function problemsOfScreen(page: Page, where: string, scanned: Set<string>, scanKey: string, axe: boolean, lawWords: boolean): Promise<string[]> {
  const problems: string[] = [];
  if (lawWords) for (const line of await healthWordsOn(page)) problems.push(`${where}: says "${line}"`);
  if (await page.getByRole('heading', { name: NOT_FOUND }).count()) problems.push(`${where}: ${NOT_FOUND}`);
  if (await page.getByText('Access Restricted', { exact: true }).count()) problems.push(`${where}: Access Restricted`);
  for (const box of await page.locator('[role="alert"][data-variant="destructive"]').allInnerTexts()) {
    problems.push(`${where}: error box "${box.replace(/\s+/g, ' ').trim()}"`);
  }
  // Axe and the phone width once per screen and walk group: the same screen for the next role
  // differs only in its data, and these two checks are most of a walk's time.
  if (scanned.has(scanKey)) return problems;
  scanned.add(scanKey);
  // Axe once per screen state in the run (e2e/axe-once.ts): a spec may have scanned it already.
  if (axe && firstScanOf(await screenStateOf(page))) {
    await page.mouse.move(0, 0);
    // Legacy mode runs axe in the page itself; the default opens a second, blank page per scan to
    // merge the results of frames, and these screens have no cross-origin frame to merge.
    const results = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      problems.push(`${where}: axe ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    }
  }
  await page.setViewportSize(PHONE);
  // Two frames let the phone layout settle. Headless Chromium sometimes stops issuing frames after a
  // resize (a walk once waited 150 s here), so a short timer ends the wait too: scrollWidth below
  // forces the layout either way.
  await page.evaluate(() => new Promise((done) => { requestAnimationFrame(() => requestAnimationFrame(done)); setTimeout(done, 300); }));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE.width) problems.push(`${where}: ${width} px wide at ${PHONE.width} px`);
  await page.setViewportSize(DESKTOP);
  return problems;
}

/**
 * Opens every link of the landing screen in the page (the router follows a popstate as it follows
 * the back button, which spares a reload of the app per link) and returns what is wrong on each,
 * the landing screen included. `group` keys the axe scans that may be shared between walks; a walk
 * of the legal platform also reads every screen for health-only words (issue 32).
 */
export async function walkLinks(
  page: Page,
  role: string,
  group: string,
  scanned: Set<string>,
  { axe = true, lawWords = /(^| )legal$/.test(group) }: { axe?: boolean; lawWords?: boolean } = {},
): Promise<{ links: string[]; problems: string[] }> {
  await page.setViewportSize(DESKTOP);
  const landing = new URL(page.url()).pathname;
  const links = await landingLinks(page);
  const problems = await problemsOfScreen(page, `${role} ${landing}`, scanned, `${group} ${landing} ${role}`, axe, lawWords);
  const opened = new Set([screenOf(landing)]);
  for (const link of links) {
    const path = new URL(link, 'http://x').pathname;
    if (opened.has(screenOf(path))) continue;
    opened.add(screenOf(path));
    if (path.startsWith('/api/')) {
      const response = await page.request.get(link);
      if (response.status() >= 400) problems.push(`${role} ${link}: HTTP ${response.status()}`);
      continue;
    }
    // Mark the current heading, go, and wait for the next screen's own heading (the not-found page
    // keeps its heading from one unknown path to the next, so a marked 404 heading counts as arrived).
    await page.evaluate((to) => {
      document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-walked', ''));
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, link);
    await expect(page.locator(`h1:not([data-walked]), h1:text-is("${NOT_FOUND}")`).first(), `the screen at ${link}`).toBeVisible();
    await settled(page);
    problems.push(...(await problemsOfScreen(page, `${role} ${link}`, scanned, `${group} ${path}`, axe, lawWords)));
  }
  return { links, problems };
}
