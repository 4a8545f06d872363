import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, enterDemo, shots, signIn } from './app-helpers';
import { choose, expectAccessible } from './public-helpers';

// Issue 8: the Audit screen (filters, pages, CSV) and the POPIA s23 access report of one case, as an
// Administrator uses them; refused to other roles.

const ADMIN = 'admin@thornhill-hospital.example';
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test('an Administrator sees their own actions in the trail, filters it, exports it, and reads a case’s access report', async ({ page }) => {
  await signIn(page, ADMIN);
  // Something to find: a new case, and a change of its status.
  const name = uniqueName('Audited');
  await page.goto('/patients');
  await page.getByRole('button', { name: 'New Patient Case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Patient Case' });
  await dialog.getByLabel('Patient name').fill(name);
  await dialog.getByLabel('Case type').fill('Cardiology');
  await dialog.getByRole('button', { name: 'Create Case' }).click();
  await expect(dialog).toBeHidden();
  await choose(page, `Status of ${name}`, 'In Progress');
  await expect(page.getByLabel(`Status of ${name}`)).toHaveText('In Progress');

  // The access report of that case names the Administrator with one creation and one change.
  await page.getByRole('link', { name: `Access report for ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Access Report: ${name}` })).toBeVisible();
  const people = page.getByRole('table', { name: 'People who accessed this record' });
  await expect(people.getByRole('row').filter({ hasText: 'Nadia Jacobs' })).toContainText('Administrator');
  await expect(people.getByRole('row').filter({ hasText: 'Nadia Jacobs' }).getByRole('cell').nth(3)).toHaveText('2');
  const reportDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const reportCsv = readFileSync((await (await reportDownload).path())!, 'utf8');
  if (shots) await page.screenshot({ path: `${shots}/access-report.png`, fullPage: true });
  expect(reportCsv).toContain('Person,E-mail,Roles,Reads,Changes');
  expect(reportCsv).toContain('Nadia Jacobs,admin@thornhill-hospital.example,Administrator,');

  // The trail, newest first: the sign-in and the case changes are there.
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  const trail = page.getByRole('table', { name: 'Audit trail entries, newest first' });
  await expect(trail.getByRole('row').filter({ hasText: 'Update' }).first()).toContainText('Nadia Jacobs');
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/audit-trail.png`, fullPage: true });

  // Filter: changes of cases only.
  await page.getByLabel('Action').selectOption('update');
  await page.getByLabel('Record type').selectOption('case');
  await expect(page).toHaveURL(/action=update/);
  await expect(trail.getByRole('row').nth(1)).toContainText('Update');
  for (const row of await trail.getByRole('row').all()) {
    const text = await row.innerText();
    if (!text.includes('When')) expect(text).toMatch(/Update[\s\S]*Case/);
  }

  // Pages: without filters the trail of a busy server holds more than one page; Next moves on.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const pages = page.getByRole('navigation', { name: 'Audit trail pages' });
  const firstTop = await trail.getByRole('row').nth(1).innerText();
  if (await pages.getByRole('button', { name: 'Next' }).isEnabled()) {
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(trail.getByRole('row').nth(1)).not.toHaveText(firstTop);
  }

  // CSV of the filtered trail.
  await page.getByLabel('Person').selectOption({ label: 'Nadia Jacobs (admin@thornhill-hospital.example)' });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^casebridge-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe('Sequence,Time (UTC),Organisation,Person,E-mail,Role,Action,Entity,Entity id,Case id,Outcome,Address,User agent,Details');
  expect(csv.slice(1).every((line) => line.includes('Nadia Jacobs'))).toBe(true);
});

test('a Doctor is refused the Audit screen', async ({ page }) => {
  await signIn(page, 'doctor@thornhill-hospital.example');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
});

test('demo mode shows a sample trail without an export', async ({ page }) => {
  await enterDemo(page, DEMO.administrator, '/audit');
  await expect(page.getByRole('table', { name: 'Audit trail entries, newest first' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});
