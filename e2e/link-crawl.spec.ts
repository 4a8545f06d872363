import { expect, test, type Page } from '@playwright/test';
import { DEMO, type DemoIdentity, enterDemo, signIn } from './app-helpers';
import { watchCspViolations } from './csp-violations';

// Issue 7: no link in the product leads to a 404. For every dashboard variant (SPEC §2.9), signed in
// and in demo mode, collect every link on the dashboard — sidebar, header, panels, quick links — then
// open each one as that user and fail on the not-found page or an error status. On the way, nothing
// may break the Content-Security-Policy (issue 16): every screen of every variant is opened here.

test.describe.configure({ timeout: 180_000 });

const NOT_FOUND = '404 Page Not Found';
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

async function dashboardLinks(page: Page): Promise<string[]> {
  // The panels fill in after their queries answer: read the links once their number holds still.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  let links = await linksOn(page);
  for (let settled = false; !settled; ) {
    await page.waitForTimeout(400);
    const again = await linksOn(page);
    settled = again.length === links.length;
    links = again;
  }
  return links;
}

/**
 * Opens each link and returns the ones that lead nowhere. A 404 is a matter of the path, so one link
 * per path is opened, and in the page (the router follows a popstate as it follows the back button),
 * which spares a full reload of the app per link. Links that end in /api/ are fetched.
 */
async function deadLinks(page: Page, links: string[]): Promise<string[]> {
  const dead: string[] = [];
  const opened = new Set([new URL(page.url()).pathname]);
  for (const link of links) {
    const path = new URL(link, 'http://x').pathname;
    if (opened.has(path)) continue;
    opened.add(path);
    if (path.startsWith('/api/')) {
      const response = await page.request.get(link);
      if (response.status() >= 400) dead.push(`${link} → HTTP ${response.status()}`);
      continue;
    }
    // Mark the current heading, go, and wait for the next screen's own heading (the not-found page
    // keeps its heading from one unknown path to the next, so a marked 404 heading counts as arrived).
    await page.evaluate((to) => {
      document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-crawled', ''));
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, link);
    const heading = page.locator(`h1:not([data-crawled]), h1:text-is("${NOT_FOUND}")`).first();
    await expect(heading, `the screen at ${link}`).toBeVisible();
    if ((await heading.textContent())?.includes(NOT_FOUND)) dead.push(`${link} → ${NOT_FOUND}`);
  }
  return dead;
}

const SIGNED_IN: Array<{ variant: string; email: string; landing?: string }> = [
  { variant: 'Super Admin', email: 'superadmin@casebridge.example' },
  { variant: 'clinical (Doctor)', email: 'doctor@thornhill-hospital.example' },
  { variant: 'diagnostic (Diagnostic Services)', email: 'kevin.naidoo@thornhill-hospital.example' },
  { variant: 'legal (Director)', email: 'director@mokoena-attorneys.example' },
  { variant: 'operations (healthcare Administrator)', email: 'admin@thornhill-hospital.example' },
  { variant: 'operations (legal Finance Staff)', email: 'finance@mokoena-attorneys.example' },
  { variant: 'operations (medicolegal Administrator)', email: 'admin@gauteng-litigation.example' },
  { variant: 'patient portal', email: 'patient@thornhill-hospital.example', landing: '/' },
];

for (const { variant, email, landing } of SIGNED_IN) {
  test(`signed in, ${variant}: every dashboard link opens a screen`, async ({ page }) => {
    const violations = watchCspViolations(page);
    await signIn(page, email, landing);
    const links = await dashboardLinks(page);
    expect(links.length).toBeGreaterThan(landing === '/' ? -1 : 5);
    expect(await deadLinks(page, links)).toEqual([]);
    expect(violations).toEqual([]);
  });
}

const DEMO_VARIANTS: Array<[string, DemoIdentity]> = [
  ['Super Admin', DEMO.superAdmin],
  ['clinical (Doctor)', DEMO.doctor],
  ['legal (Director)', DEMO.managingPartner],
  ['operations (healthcare Administrator)', DEMO.administrator],
  ['operations (medicolegal Administrator)', DEMO.unitAdministrator],
  ['patient portal', DEMO.patient],
];

for (const [variant, identity] of DEMO_VARIANTS) {
  test(`demo, ${variant}: every dashboard link opens a screen`, async ({ page }) => {
    const violations = watchCspViolations(page);
    await enterDemo(page, identity, '/');
    const links = await dashboardLinks(page);
    expect(links.length).toBeGreaterThan(identity.role === 'Patient' ? -1 : 5);
    expect(await deadLinks(page, links)).toEqual([]);
    expect(violations).toEqual([]);
  });
}
