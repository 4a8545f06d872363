import { expect, test } from '@playwright/test';
import { signInShared } from './app-helpers';
import { watchCspViolations } from './csp-violations';
import { scriptErrors } from './script-errors';

// Issue 30, decision 0051: the first page of a person with a session (/, /dashboard) comes from the
// server drawn for them — frame, title, welcome — so it is on screen before any script has run; then
// the app renders over it, live, with nothing refused by the CSP and no script error.

const admin = 'admin@thornhill-hospital.example';

test('the signed-in dashboard is on screen without its script, drawn for the person', async ({ browser, page, baseURL }) => {
  await signInShared(page, admin);
  const html = await (await page.request.get('/')).text();
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('Administrator Dashboard | CaseBridge');
  expect(html).toContain('data-signed-in-render="/"');

  // The same session in a browser that runs no script: the page is there to read, sidebar and all.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
  const still = await noScript.newPage();
  await still.goto('/');
  await expect(still.getByRole('heading', { level: 1, name: 'Administrator Dashboard' })).toBeVisible();
  await expect(still.getByText('Welcome back, Nadia Jacobs · Thornhill Community Hospital')).toBeVisible();
  await expect(still.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Patient Cases' })).toBeVisible();
  // On a phone the desktop sidebar is hidden by the stylesheet alone (the drawer needs the script).
  await still.setViewportSize({ width: 390, height: 800 });
  await expect(still.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(still.getByRole('heading', { level: 1, name: 'Administrator Dashboard' })).toBeVisible();
  await noScript.close();
});

test('the app renders over the server-drawn dashboard: figures arrive, links work, nothing is refused', async ({ page }) => {
  const errors = scriptErrors(page);
  const violations = watchCspViolations(page);
  await signInShared(page, admin, '/');
  await page.reload();
  const figure = (label: string) => page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: label, exact: true }) }).locator('p').first();
  const stats = (await (await page.request.get('/api/dashboard/stats')).json()) as { activePatients: number };
  await expect(figure('Active Patients')).toHaveText(String(stats.activePatients));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patient Cases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Cases' })).toBeVisible();
  // The sidebar's toggle answers (Ctrl+B), as it does on any other page.
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-state', 'collapsed');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  expect(errors).toEqual([]);
  expect(violations).toEqual([]);
});
