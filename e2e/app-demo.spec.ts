import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo } from './app-helpers';

// The application shell in demo mode (SPEC §2.8, §3.9, §4, §7.1): entry, navigation per role,
// Ctrl/Cmd+B, the mobile drawer, the Patient's single page, and sign-out.

const DEMO_KEYS = ['demo_user_id', 'demo_user_role', 'demo_user_name', 'demo_is_super_admin', 'demo_platform', 'demo_case_terminology'];

/** Every request the page sends to its own server's /trpc or /api, from now on. */
function recordServerCalls(page: Page, baseURL: string): string[] {
  const calls: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && (url.pathname.startsWith('/trpc') || url.pathname.startsWith('/api'))) {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  return calls;
}

const { administrator, doctor, managingPartner, patient } = DEMO;

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('demo entry through the role picker makes no request to the server on any screen', async ({ page, baseURL }) => {
  await page.goto('/select-user?platform=healthcare');
  const calls = recordServerCalls(page, baseURL!);
  await page.getByRole('button', { name: 'Login as Hospital Administrator' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Patients' })).toBeVisible();

  for (const [link, heading] of [
    ['Patient Cases', 'Patient Cases'],
    ['Schedule', 'Schedule'],
    ['Education', 'Education'],
    ['Messages', 'Messages'],
    ['Bed Management', 'Bed Management'],
    ['Cost Management', 'Cost Management'],
    ['Analytics', 'Analytics'],
    ['CRM Integration', 'CRM Integration'],
    ['Dashboard', 'Administrator Dashboard'],
  ] as const) {
    await mainNav(page).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Each screen shows its data (or its designed empty state), never a failure.
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Could not load' })).toHaveCount(0);
  }

  // A full reload in demo mode still asks nothing of the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Patients' })).toBeVisible();
  expect(calls).toEqual([]);
});

test('a demo Administrator on healthcare sees Bed Management and Cost Management', async ({ page }) => {
  await enterDemo(page, administrator);
  const nav = mainNav(page);
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard', 'Tasks', 'Patient Cases', 'People', 'Schedule', 'Education', /^Messages/, 'My Time', 'Bed Management', 'Ward Census', 'Cost Management', 'Accounts', 'Analytics', 'CRM Integration',
    // Issue 32: the organisation's administration, under its own heading.
    'Users', 'Audit Trail', 'Billing', 'Record Retention',
  ]);
  await expect(nav.getByRole('group', { name: 'Administration' }).getByRole('link')).toHaveText(['Users', 'Audit Trail', 'Billing', 'Record Retention']);
  await expect(nav.getByRole('link', { name: /Messages/ })).toContainText('3');
  await expect(page.getByTestId('platform-badge')).toHaveText('Healthcare Platform');
  await expect(page.getByTestId('header-role')).toHaveText('Administrator');
  await expect(page.getByText('JB', { exact: true })).toBeVisible();
});

test('a demo Doctor sees Analytics, CRM Integration and the beds but no costs', async ({ page }) => {
  await enterDemo(page, doctor);
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'CRM Integration' })).toBeVisible();
  // The care team reads the beds (decision 0027); costs are the Administrator's.
  await expect(nav.getByRole('link', { name: 'Bed Management' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Cost Management' })).toHaveCount(0);

  // Typed in directly, the cost screen explains itself instead of failing (SPEC §2.12).
  await page.goto('/cost-management');
  await expect(page.getByText('Only administrators and super admins can access cost management features.')).toBeVisible();
});

test('the legal platform says Matters and links Legal Documents', async ({ page }) => {
  await enterDemo(page, managingPartner);
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Matters' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Patient Cases' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Bed Management' })).toHaveCount(0);
  await expect(page.getByTestId('platform-badge')).toHaveText('Legal Platform');

  await nav.getByRole('link', { name: 'Matters' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Matters' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Client' })).toBeVisible();

  await nav.getByRole('link', { name: 'Legal Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Documents' })).toBeVisible();
  await expect(page.getByText('Supply Agreement (signed).pdf')).toBeVisible();
});

test('Ctrl+B collapses and expands the sidebar and keeps the state in a cookie', async ({ page, context }) => {
  await enterDemo(page, administrator);
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  await expect(sidebar(page).locator('xpath=..')).toHaveCSS('width', '256px');

  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  await expect(sidebar(page).locator('xpath=..')).toHaveCSS('width', '48px');
  // The icon rail keeps every item reachable by name.
  await expect(mainNav(page).getByRole('link', { name: 'Bed Management' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  // SPEC §9: kept for 7 days.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

  // The state survives a reload.
  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');

  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');

  // The trigger does the same.
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
});

test.describe('at a mobile width of 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a drawer opened by the trigger', async ({ page }) => {
    await enterDemo(page, administrator);
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(288);
    await expect(drawer.getByText('Current Role')).toBeVisible();

    await drawer.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();

    // Ctrl+B opens it too; Escape closes it.
    await page.keyboard.press('Control+b');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('changing role in demo mode stores the new identity and reloads', async ({ page }) => {
  await enterDemo(page, administrator);
  await page.getByRole('button', { name: /Current Role/ }).click();
  await page.getByRole('menuitemradio', { name: /Registered Nurse/ }).click();
  await expect(page.getByTestId('header-role')).toHaveText('Nurse');
  await expect(page.getByRole('heading', { level: 1, name: 'Nurse Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('demo_user_id'), localStorage.getItem('demo_user_name')])).toEqual([
    'registered_nurse',
    'Nomvula Dlamini',
  ]);
});

test('a demo Patient sees only the portal at /', async ({ page }) => {
  await enterDemo(page, patient);
  await expect(page.getByRole('heading', { name: 'Welcome, Thabo Mabaso' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);

  for (const path of ['/patients', '/schedule', '/cost-management']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  }
  // Where sign-in lands leads a Patient to the portal.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Thabo Mabaso' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Thabo Mabaso' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('demo_user_id'))).toBeNull();
});

test('demo Sign Out clears the demo keys and goes to the landing page', async ({ page }) => {
  await enterDemo(page, administrator);
  await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'CaseBridge' })).toBeVisible();
  const stored = await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), DEMO_KEYS);
  expect(stored).toEqual(DEMO_KEYS.map(() => null));

  // Signed out, the app paths ask for a sign-in again (issue 17: not a 404).
  await page.goto('/patients');
  await expect(page).toHaveURL('/login?redirect=%2Fpatients');
});

test('the shell passes an accessibility check, expanded, collapsed and on a list page', async ({ page }) => {
  const seriousViolations = async () =>
    (await new AxeBuilder({ page }).setLegacyMode().analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

  await enterDemo(page, administrator);
  await expect(page.getByRole('heading', { name: 'Active Patients' })).toBeVisible();
  expect(await seriousViolations()).toEqual([]);

  await page.keyboard.press('Control+b');
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
  expect(await seriousViolations()).toEqual([]);

  await mainNav(page).getByRole('link', { name: 'Patient Cases' }).click();
  await expect(page.getByRole('table', { name: 'Patient Cases' })).toBeVisible();
  expect(await seriousViolations()).toEqual([]);
});
