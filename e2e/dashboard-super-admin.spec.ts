import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signIn } from './app-helpers';
import { expectAccessible } from './public-helpers';

// The Super Admin dashboard (SPEC §2.9, issue 5): signed in, every figure comes from the database
// through GET /api/platform/overview, and some are checked against other screens too; in demo
// mode it shows the §3.6 Super Admin sample figures.

interface Overview {
  totalOrganizations: number;
  activeOrganizations: number;
  totalUsers: number;
  activeTrials: number;
  trialsEndingSoon: number;
  uptime: { startedAt: string; seconds: number };
  supportRequests: { open: number; inProgress: number; urgentOrHigh: number };
  monthlyRevenueCents: number;
  organizations: Array<{ name: string }>;
  recentSupportRequests: Array<{ title: string }>;
}

// Two page loads, the axe scan and four screenshots per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const cardIn = (scope: Page | ReturnType<Page['locator']>, page: Page, label: string) =>
  scope.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
/** A figure card ('Support Requests' is also the title of a list card further down). */
const card = (page: Page, label: string) => cardIn(page.getByRole('region', { name: 'Platform figures' }), page, label);
const panel = (page: Page, title: string) => cardIn(page, page, title);

/** Numbers as the browser formats them (en-ZA groups with a no-break space). */
const formatIn = (page: Page, values: { counts: number[]; revenueCents: number }) =>
  page.evaluate(({ counts, revenueCents }) => {
    const count = new Intl.NumberFormat('en-ZA');
    const thousands = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });
    return { counts: counts.map((n) => count.format(n)), revenue: `R ${thousands.format(revenueCents / 100 / 1000)}K` };
  }, values);

async function screenshots(page: Page, name: string) {
  if (!shots) return;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Let the layout settle at the new width (the sidebar animates away) before the full-page shot.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${shots}/${name}-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function expectActionLinks(page: Page) {
  const admin = page.getByRole('navigation', { name: 'Platform administration' });
  await expect(admin.getByRole('link', { name: /Manage Organizations/ })).toHaveAttribute('href', '/organizations');
  await expect(admin.getByRole('link', { name: /Trial Signups/ })).toHaveAttribute('href', '/trial-signups');
  await expect(admin.getByRole('link', { name: /System Settings/ })).toHaveAttribute('href', '/system-settings');
  // Analytics belongs to an organisation, which the Super Admin has none of (decision 0027).
  await expect(admin.getByRole('link', { name: /Support Requests/ })).toHaveAttribute('href', '/support');
  await expect(admin.getByRole('link', { name: /Analytics/ })).toHaveCount(0);
  await expect(panel(page, 'Organizations').getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/organizations');
}

test('signed-in Super Admin sees platform figures from the database', async ({ page }) => {
  await signIn(page, 'superadmin@casebridge.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();

  const res = await page.request.get('/api/platform/overview');
  expect(res.status()).toBe(200);
  const o = (await res.json()) as Overview;
  const f = await formatIn(page, { counts: [o.totalOrganizations, o.totalUsers, o.activeTrials, o.supportRequests.open], revenueCents: o.monthlyRevenueCents });

  await expect(card(page, 'Total Organizations')).toContainText(f.counts[0]!);
  await expect(card(page, 'Total Organizations')).toContainText(`${o.activeOrganizations} active`);
  await expect(card(page, 'Total Users')).toContainText(f.counts[1]!);
  await expect(card(page, 'Active Trials')).toContainText(f.counts[2]!);
  await expect(card(page, 'Active Trials')).toContainText(`${o.trialsEndingSoon} ending within 7 days`);
  await expect(card(page, 'System Uptime').locator('p').first()).toHaveText(/^\d+(d \d+h|h \d+m|m)$/);
  await expect(card(page, 'System Uptime')).toContainText('Running since');
  await expect(card(page, 'Support Requests')).toContainText(f.counts[3]!);
  await expect(card(page, 'Support Requests')).toContainText(`${o.supportRequests.urgentOrHigh} urgent or high`);
  await expect(card(page, 'Monthly Revenue')).toContainText(f.revenue);
  expect(o.totalUsers).toBeGreaterThan(0);
  expect(o.monthlyRevenueCents).toBeGreaterThan(0);

  // The lists: the newest organisations and the newest waiting support requests.
  const orgList = page.getByRole('list', { name: 'Newest organizations' });
  for (const org of o.organizations) await expect(orgList).toContainText(org.name);
  await expect(orgList.getByRole('listitem')).toHaveCount(o.organizations.length);
  const supportList = page.getByRole('list', { name: 'Open support requests' });
  for (const request of o.recentSupportRequests) await expect(supportList).toContainText(request.title);
  await expectActionLinks(page);
  await expectAccessible(page);

  // Checked independently of the overview: the open chats the support API lists…
  const openChats = (await (await page.request.get('/api/support-chats?status=Open')).json()) as unknown[];
  expect(openChats).toHaveLength(o.supportRequests.open);
  await screenshots(page, 'dashboard-super-admin-signed-in');

  // …and the organisations the Organizations screen lists.
  await panel(page, 'Organizations').getByRole('link', { name: 'Manage' }).click();
  await expect(page).toHaveURL('/organizations');
  await expect(page.getByRole('table', { name: 'Organizations' }).locator('tbody tr')).toHaveCount(o.totalOrganizations);
});

test('demo Super Admin sees the SPEC §3.6 sample figures', async ({ page }) => {
  await enterDemo(page, DEMO.superAdmin, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  const f = await formatIn(page, { counts: [24, 1_248], revenueCents: 8_750_000 * 100 });
  expect(f.revenue.replace(/\s/g, ' ')).toBe('R 8 750K');

  await expect(card(page, 'Total Organizations').locator('p').first()).toHaveText(f.counts[0]!);
  await expect(card(page, 'Total Users').locator('p').first()).toHaveText(f.counts[1]!);
  await expect(card(page, 'Monthly Revenue').locator('p').first()).toHaveText(f.revenue);
  // Trials and support requests are read from the demo organisations and chats.
  await expect(card(page, 'Active Trials').locator('p').first()).toHaveText('1');
  await expect(card(page, 'Support Requests').locator('p').first()).toHaveText('3');
  await expect(page.getByRole('list', { name: 'Newest organizations' })).toContainText('Umhlanga Ridge Day Clinic');
  await expect(page.getByRole('list', { name: 'Open support requests' })).toContainText('Bed report will not export to PDF');
  await expectActionLinks(page);
  await expectAccessible(page);
  await screenshots(page, 'dashboard-super-admin-demo');
});
