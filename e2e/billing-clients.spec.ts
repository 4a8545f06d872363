import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signInShared } from './app-helpers';
import { expectAccessible } from './public-helpers';

// Billing (issue 7): the plan card and the month's statement agree with the API, the CSV download
// carries the same total; Finance Staff may open it, a Doctor meets the restricted state. /clients
// is the cases screen in client wording on a legal organisation and sends healthcare to /patients.

interface Statement {
  month: string;
  rows: { role: string }[];
  total: { staffCount: number; entryCount: number; minutes: number; costCents: number };
}

/** Formats in the browser, so the expectation uses the same ICU data as the screen. */
const zar = (page: Page, cents: number) =>
  page.evaluate((c) => new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(c / 100), cents);
const monthName = (page: Page, month: string) =>
  page.evaluate((m) => new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-01T00:00:00Z`)), month);
const rands = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const hours = (minutes: number) => (Math.round((minutes / 60) * 10) / 10).toFixed(1);

test('an Administrator sees the plan and this month\'s statement, and downloads it as CSV', async ({ page }) => {
  await signInShared(page, 'admin@thornhill-hospital.example');
  const summary = await (await page.request.get('/api/billing')).json();
  const statement: Statement = await (await page.request.get('/api/billing/statement')).json();
  expect(statement.total.entryCount, 'the seed records time this month').toBeGreaterThan(0);

  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByTestId('plan-headline')).toHaveText(summary.planLabel);
  await expect(page.getByTestId('plan-users')).toContainText(String(summary.usersInUse));
  await expect(page.getByRole('heading', { name: `Statement for ${await monthName(page, statement.month)}` })).toBeVisible();

  const table = page.getByTestId('statement-table');
  await expect(table.locator('tbody tr')).toHaveCount(statement.rows.length);
  const total = page.getByTestId('statement-total');
  await expect(total.locator('td').nth(0)).toHaveText(String(statement.total.staffCount));
  await expect(total.locator('td').nth(2)).toHaveText(await zar(page, statement.total.costCents));
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/billing-desktop.png`, fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`casebridge-statement-${statement.month}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r\n/);
  expect(lines[0]).toBe('Role,Staff,Entries,Hours,Cost (ZAR)');
  expect(lines).toHaveLength(statement.rows.length + 2);
  const { staffCount, entryCount, minutes, costCents } = statement.total;
  expect(lines.at(-1)).toBe(`Total,${staffCount},${entryCount},${hours(minutes)},${rands(costCents)}`);

  // The previous month is one click away and lands in the URL.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/\/billing\?month=\d{4}-\d{2}$/);
  await expect(page.getByRole('heading', { name: /^Statement for / })).not.toHaveText(`Statement for ${await monthName(page, statement.month)}`);
});

test('Finance Staff open billing; a legal organisation sees its Matters at /clients', async ({ page }) => {
  await signInShared(page, 'finance@mokoena-attorneys.example');
  await page.goto('/billing');
  await expect(page.getByTestId('plan-headline')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Statement for / })).toBeVisible();

  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Matters' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('zzz-no-such-client');
  await expect(page).toHaveURL(/\/clients\?q=zzz-no-such-client/);
  await expect(page.getByText('No matters found')).toBeVisible();
});

test('in demo mode a Doctor meets the restricted state and /clients goes to /patients on healthcare', async ({ page }) => {
  await enterDemo(page, DEMO.doctor, '/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();

  await page.goto('/clients');
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Cases' })).toBeVisible();

  // The demo Administrator gets a statement built from the demo's time entries.
  await enterDemo(page, DEMO.administrator, '/billing');
  await expect(page.getByTestId('plan-headline')).toHaveText('Standard plan');
  await expect(page.getByTestId('statement-table').or(page.getByText('No completed time this month'))).toBeVisible();
});
