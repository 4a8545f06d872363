import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, SUPER_ADMIN_EMAIL, enterDemo, shots, signIn } from './app-helpers';
import { choose, expectAccessible } from './public-helpers';

// Issue 8: the Audit screen (filters, pages, CSV) and the POPIA s23 access report of one case, as an
// Administrator uses them; refused to other roles.

const ADMIN = 'admin@thornhill-hospital.example';
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test('an Administrator sees their own actions in the trail, filters it, exports it, and reads a case’s access report', async ({ page }) => {
  // A long walk (create, trail, filter, 55 reads, export, access report) with two full axe scans.
  test.setTimeout(60_000);
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
  // The new case opens (issue 32); its status is changed from the list.
  await expect(page).toHaveURL(/\/patients\/[0-9a-z-]+$/);
  await page.goto('/patients');
  await choose(page, `Status of ${name}`, 'In Progress');
  await expect(page.getByLabel(`Status of ${name}`)).toHaveText('In Progress');

  // The trail, newest first: the sign-in and the case changes are at the top.
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  const trail = page.getByRole('table', { name: 'Audit trail entries, newest first' });
  const settled = () => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(trail.getByRole('row').filter({ hasText: 'Update' }).first()).toContainText('Nadia Jacobs');
  await expect(trail.getByRole('row').filter({ hasText: 'Create' }).first()).toContainText('Case');
  await expect(trail.getByRole('row').filter({ hasText: 'Sign in' }).first()).toContainText('Nadia Jacobs');
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/audit-trail.png`, fullPage: true });

  // Filter: changes of cases only.
  await page.getByLabel('Action').selectOption('update');
  await page.getByLabel('Record type').selectOption('case');
  await expect(page).toHaveURL(/action=update/);
  await expect(page).toHaveURL(/entityType=case/);
  await settled();
  await expect(trail.getByRole('row').nth(1)).toContainText('Update');
  for (const row of (await trail.getByRole('row').all()).slice(1)) expect(await row.innerText()).toMatch(/Update[\s\S]*Case/);

  // From the cases screen, the access report of that case names the Administrator with one creation
  // and one change.
  await page.goto('/patients');
  await page.getByRole('link', { name: `Access report for ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Access Report: ${name}` })).toBeVisible();
  await expect(page.getByText('Patient', { exact: true })).toBeVisible();
  const people = page.getByRole('table', { name: 'People who accessed this record' });
  const admin = people.getByRole('row').filter({ hasText: 'Nadia Jacobs' });
  await expect(admin).toContainText('Administrator');
  await expect(admin.getByRole('cell').nth(3)).toHaveText('2');

  // Reads count too: open the case 55 times through the API (the session cookie goes along), which
  // also puts more than one page (50 entries) in the trail.
  const caseId = new URL(page.url()).pathname.split('/').pop()!;
  for (let i = 0; i < 55; i++) expect((await page.request.get(`/api/patient-cases/${caseId}`)).ok()).toBe(true);
  await page.reload();
  await expect(admin.getByRole('cell').nth(3)).toHaveText('2');
  expect(Number(await admin.getByRole('cell').nth(2).innerText())).toBeGreaterThanOrEqual(55);
  await expect(page.getByRole('table', { name: 'Every access to this record, oldest first' }).getByRole('row').filter({ hasText: 'Read' }).first()).toBeVisible();
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/access-report.png` });
  const reportDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const reportCsv = readFileSync((await (await reportDownload).path())!, 'utf8').trim().split('\r\n');
  expect(reportCsv[0]).toBe(`Access report for case ${caseId}`);
  expect(reportCsv[1]).toMatch(/^Person,E-mail,Roles,Reads,Changes/);
  expect(reportCsv.find((line) => line.startsWith('Nadia Jacobs,'))).toMatch(/^Nadia Jacobs,admin@thornhill-hospital\.example,Administrator,\d+,2,/);

  // Pages of the whole trail: the 55 reads fill page 1, so this session's sign-in is on page 2.
  // Next keeps the first page's reading; Previous to page 1 reads afresh.
  await page.goto('/audit');
  const pages = page.getByRole('navigation', { name: 'Audit trail pages' });
  const signIns = trail.getByRole('row').filter({ hasText: 'Sign in' });
  await expect(pages.getByText(/^Page 1 of [2-9]\d*$/)).toBeVisible();
  await expect(trail.getByRole('row')).toHaveCount(51);
  await expect(signIns).toHaveCount(0);
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await settled();
  await expect(signIns.first()).toContainText('Nadia Jacobs');
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await settled();
  await expect(signIns).toHaveCount(0);

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

test('a Doctor is refused the Audit screen; the Super Admin reads every organisation’s trail', async ({ page }) => {
  await signIn(page, 'doctor@thornhill-hospital.example');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, SUPER_ADMIN_EMAIL);
  await page.goto('/audit');
  await expect(page.getByText('across all organisations')).toBeVisible();
  const trail = page.getByRole('table', { name: 'Audit trail entries, newest first' });
  await expect(trail.getByRole('columnheader', { name: 'Organization' })).toBeVisible();
  await expectAccessible(page);

  // One organisation's trail: the Doctor's sign-in is there, and nothing from another organisation.
  await page.getByLabel('Organization').selectOption({ label: 'Thornhill Community Hospital' });
  await expect(page).toHaveURL(/organizationId=/);
  await page.getByLabel('Person').selectOption({ label: await page.getByLabel('Person').locator('option', { hasText: 'doctor@thornhill-hospital.example' }).innerText() });
  await page.getByLabel('Action').selectOption('sign-in');
  await expect(page).toHaveURL(/action=sign-in/);
  await expect(trail.getByRole('row').nth(1)).toContainText('Thornhill Community Hospital');
  // Every row, read at once and again until the filtered page has replaced the one before.
  await expect.poll(async () => (await trail.getByRole('row').allInnerTexts()).slice(1).filter((row) => !row.includes('Thornhill Community Hospital'))).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/audit-trail-super-admin.png` });
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /organizationId=.+&?.*action=sign-in|action=sign-in.*organizationId=/);
});

test('demo mode shows a sample trail without an export', async ({ page }) => {
  await enterDemo(page, DEMO.administrator, '/audit');
  await expect(page.getByRole('table', { name: 'Audit trail entries, newest first' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  if (shots) await page.screenshot({ path: `${shots}/audit-trail-demo.png` });
});
