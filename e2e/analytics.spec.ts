import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signInShared } from './app-helpers';
import { expectAccessible } from './public-helpers';

// Analytics (SPEC §2.10): the tabs Overview, Team Performance and Trends, drawn as charts of the
// real `dashboard.performanceMetrics` series; the period (daily / weekly / monthly / yearly) drives
// the query. Signed in against the seeded server, and in demo mode without any server call.

const chart = (page: Page, name: RegExp) => page.getByRole('img', { name });
const overviewChart = (page: Page) => chart(page, /^Bar chart of cases opened and completed/);
const sastYear = () => String(new Date(Date.now() + 2 * 3_600_000).getUTCFullYear());

/** Chooses a period and, when signed in, waits for the request that asks for it. */
async function choosePeriod(page: Page, label: string, expectRequest: boolean) {
  const period = label.toLowerCase();
  const request = expectRequest
    ? page.waitForRequest((r) => r.url().includes('dashboard.performanceMetrics') && decodeURIComponent(r.url()).includes(`"period":"${period}"`))
    : null;
  await page.locator('label').filter({ hasText: new RegExp(`^${label}$`) }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
  if (request) await request;
}

async function walkThrough(page: Page, mode: 'signed-in' | 'demo') {
  test.setTimeout(60_000); // four periods, three tabs and axe on each
  const signedIn = mode === 'signed-in';
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const name of ['Overview', 'Team Performance', 'Trends']) await expect(page.getByRole('tab', { name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();

  // Overview, monthly by default: twelve buckets, drawn as bars.
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(page.getByText('Over 12 months')).toBeVisible();
  await expect(overviewChart(page)).toHaveAttribute('aria-label', /per month, \w+ \d{4} to \w+ \d{4}\. Opened: \d+/);
  await expect(overviewChart(page).locator('svg.recharts-surface').first()).toBeVisible();
  await expect(overviewChart(page).locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(overviewChart(page).locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toHaveText(/^[A-Z][a-z]{2,3} \d{4}$/);
  await expect(page.getByRole('heading', { name: 'Completion Rate' })).toBeVisible();
  await expectAccessible(page);
  if (shots) await snap(page, `${mode}-overview`);

  // Weekly: a new request, twelve weeks labelled 'Wk of …'.
  await choosePeriod(page, 'Weekly', signedIn);
  await expect(page.getByText('Over 12 weeks')).toBeVisible();
  await expect(overviewChart(page)).toHaveAttribute('aria-label', /per week, Week of \d{1,2} \w+ \d{4} to Week of/);
  await expect(overviewChart(page).locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toHaveText(/^Wk of \d{1,2} [A-Z][a-z]{2,3}$/);

  // Daily: fourteen days. Yearly: five years, ending with this one.
  await choosePeriod(page, 'Daily', signedIn);
  await expect(page.getByText('Over 14 days')).toBeVisible();
  await choosePeriod(page, 'Yearly', signedIn);
  await expect(page.getByText('Over 5 years')).toBeVisible();
  const yearTicks = overviewChart(page).locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(yearTicks.last()).toHaveText(sastYear());
  await expect(yearTicks.first()).toHaveText(String(Number(sastYear()) - 4));

  // The period is a radio group: arrow keys move the choice.
  await page.getByRole('radio', { name: 'Yearly' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(page.getByText('Over 12 months')).toBeVisible();

  // Team Performance: bars per person and the exact figures in the table.
  await page.getByRole('tab', { name: 'Team Performance' }).click();
  const activeChart = chart(page, /^Bar chart of active cases for the top/);
  await expect(activeChart).toBeVisible();
  await expect(activeChart.locator('.recharts-bar-rectangle').first()).toBeAttached();
  const table = page.getByRole('table', { name: 'Staff workload' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  const firstName = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
  expect(firstName.length).toBeGreaterThan(2);
  await expect(activeChart).toHaveAttribute('aria-label', /\w+ \d+/);
  await expectAccessible(page);
  if (shots) await snap(page, `${mode}-team`);

  // Trends: opened / completed as areas, and the line of average days (gaps where none completed).
  await page.getByRole('tab', { name: 'Trends' }).click();
  const caseload = chart(page, /^Area chart of cases opened and completed per month/);
  await expect(caseload.locator('.recharts-area-area').first()).toBeAttached();
  const days = chart(page, /^Line chart of average days to completion per month/);
  await expect(days).toBeVisible();
  await expect(days.locator('.recharts-line').first()).toBeAttached();
  await expectAccessible(page);
  if (shots) await snap(page, `${mode}-trends`);
  return firstName;
}

async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/analytics-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => widestChart(page)).toBeLessThanOrEqual(390); // the charts measure their new width
  await page.screenshot({ path: `${shots}/analytics-${name}-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => widestChart(page)).toBeGreaterThan(390);
}

function widestChart(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('.recharts-surface')].map((svg) => svg.getBoundingClientRect().width)));
}

test('signed in as an Administrator: three tabs of charts, and the period drives the query', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'admin@thornhill-hospital.example');
  const first = page.waitForRequest((r) => r.url().includes('dashboard.performanceMetrics') && decodeURIComponent(r.url()).includes('"period":"monthly"'));
  await page.goto('/analytics');
  await first;
  const name = await walkThrough(page, 'signed-in');
  // The seeded Thornhill staff carry cases: a real person's name is listed, not a placeholder.
  expect(name).toMatch(/^(Dr |Sr )?[A-Z][a-z]+ /);
});

test('demo mode: the same screens from the fixtures, with no request to the server', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.administrator);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const calls: string[] = [];
  const origin = new URL(baseURL!).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && (url.pathname.startsWith('/trpc') || url.pathname.startsWith('/api'))) calls.push(url.pathname);
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await walkThrough(page, 'demo');
  expect(calls).toEqual([]);
});
