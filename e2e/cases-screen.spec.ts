import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { choose, expectAccessible, openSelect, toastLocator } from './public-helpers';

// The Cases screen at /patients (SPEC §2.10, §4, §5, §8): create a case, change its status, and
// narrow the list by search and status — signed in against the server and in demo mode against the
// fixtures. Each test names its case uniquely, so other specs' writes to the shared database don't matter.

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const dataRows = (page: Page) => page.getByRole('table', { name: 'Patient Cases' }).locator('tbody tr');

async function createCase(page: Page, patientName: string, caseType: string) {
  await page.getByRole('button', { name: 'New Patient Case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Patient Case' });
  // Both required fields say so before anything is sent.
  await dialog.getByRole('button', { name: 'Create Case' }).click();
  await expect(dialog.getByText('Patient name is required')).toBeVisible();
  await expect(dialog.getByText('Case type is required')).toBeVisible();
  await dialog.getByLabel('Patient name').fill(patientName);
  await dialog.getByLabel('Case type').fill(caseType);
  // The messages go as the fields are filled in.
  await expect(dialog.getByText('Patient name is required')).toHaveCount(0);
  await expect(dialog.getByText('Case type is required')).toHaveCount(0);
  await expect(dialog.getByLabel('Priority')).toHaveText('Medium');
  await dialog.getByLabel('Scheduled date and time').fill('2027-03-15T10:30');
  await dialog.getByLabel('Description').fill('Created by the e2e run');
  await dialog.getByRole('button', { name: 'Create Case' }).click();
  await expect(toastLocator(page)).toContainText('Patient case created successfully');
  await expect(dialog).toHaveCount(0);
  // The new case opens (issue 32); back to the list for what follows.
  await expect(page).toHaveURL(/\/patients\/[0-9a-z-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: patientName })).toBeVisible();
  await page.goto('/patients');
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

for (const mode of ['signed in', 'demo'] as const) {
  test.describe(`cases (${mode})`, () => {
    test.beforeEach(async ({ page }) => {
      if (mode === 'signed in') await signInShared(page, 'admin@thornhill-hospital.example');
      else await enterDemo(page, DEMO.administrator);
      await page.goto('/patients');
      await expect(page.getByRole('heading', { level: 1, name: 'Patient Cases' })).toBeVisible();
    });

    test('create a case, change its status, and narrow the list by search and status', async ({ page }) => {
      const name = uniqueName('Naledi Mokoena');
      await createCase(page, name, 'Orthopaedic Review');

      // Search is on the server: only the new case matches its unique name.
      await searchFor(page, name);
      await expect(dataRows(page)).toHaveCount(1);
      const row = dataRows(page).first();
      await expect(row).toContainText(name);
      await expect(row).toContainText('Orthopaedic Review');
      await expect(row).toContainText('Medium');
      await expect(page.getByLabel(`Status of ${name}`)).toHaveText('Scheduled');

      await choose(page, `Status of ${name}`, 'Completed');
      await expect(toastLocator(page)).toContainText('Case status updated successfully');
      await expect(page.getByLabel(`Status of ${name}`)).toHaveText('Completed');

      // The status filter narrows further: the case shows under Completed, not under Scheduled.
      await choose(page, /^Status$/, 'Scheduled');
      await expect(page).toHaveURL(/status=Scheduled/);
      await expect(page.getByRole('heading', { name: 'No cases found' })).toBeVisible();
      await choose(page, /^Status$/, 'Completed');
      await expect(dataRows(page)).toHaveCount(1);
      await expect(dataRows(page).first()).toContainText(name);

      // A search nothing matches shows the empty state; clearing it brings the list back.
      await searchFor(page, `${name} nothing-matches`);
      await expect(page.getByRole('heading', { name: 'No cases found' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill('');
      await choose(page, /^Status$/, 'All statuses');
      await expect(dataRows(page).nth(1)).toBeVisible();
    });

    test('the screen is accessible at desktop and mobile width', async ({ page }, testInfo) => {
      await expect(dataRows(page).first()).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`cases-${mode.replace(' ', '-')}-desktop.png`),
        fullPage: true,
      });

      await page.getByRole('button', { name: 'New Patient Case' }).click();
      await expect(page.getByRole('dialog', { name: 'New Patient Case' })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`cases-${mode.replace(' ', '-')}-dialog.png`),
      });
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(dataRows(page).first()).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`cases-${mode.replace(' ', '-')}-mobile.png`),
        fullPage: true,
      });
    });
  });
}

test('the legal platform calls them matters, in the list and the dialog (issue 32)', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('demo_user_id', 'managing_partner');
    localStorage.setItem('demo_user_role', 'Director');
    localStorage.setItem('demo_user_name', 'Grace Naidoo');
    localStorage.setItem('demo_is_super_admin', 'false');
    localStorage.setItem('demo_platform', 'legal');
    localStorage.setItem('demo_case_terminology', 'client');
  });
  // The hospital's path sends a law firm to its own.
  await page.goto('/patients');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Matters' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Matters' });
  await expect(table.getByRole('columnheader', { name: 'Client' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Matter type' })).toBeVisible();
  // The case team is named as a law firm names it (decision 0027): no doctors or nurses here.
  // Counsel is briefed as a party, never a slot of the firm's own people (issue 32).
  await expect(table.getByText('Assisting attorney:').first()).toBeVisible();
  await expect(table.getByText('Advocate:')).toHaveCount(0);
  await expect(table.getByText(/\b(Doctor|Nurse):/)).toHaveCount(0);
  await expect(table.getByText(/^\d+%$|^Not scheduled$/)).toHaveCount(0);
  await page.getByRole('button', { name: 'New Matter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Matter' });
  // The conflict check comes first on the legal platforms (issue 32); this test is about the form.
  await dialog.getByRole('button', { name: 'Skip the check' }).click();
  await dialog.getByRole('button', { name: 'Open Matter' }).click();
  await expect(dialog.getByText('Client name is required')).toBeVisible();
  await expect(dialog.getByLabel('Client name')).toBeFocused();
});

test('a failed create or status change shows the error toast', async ({ page }) => {
  await signInShared(page, 'admin@thornhill-hospital.example');
  await page.goto('/patients');
  const firstStatus = page.getByRole('table', { name: 'Patient Cases' }).getByRole('combobox').first();
  await expect(firstStatus).toBeVisible();
  // The server cannot be reached for writes from here on.
  await page.route(/\/trpc\/[^?]*cases\.(create|update)/, (route) => route.abort());

  await page.getByRole('button', { name: 'New Patient Case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Patient Case' });
  await dialog.getByLabel('Patient name').fill(uniqueName('Unsent'));
  await dialog.getByLabel('Case type').fill('Consultation');
  await dialog.getByRole('button', { name: 'Create Case' }).click();
  await expect(toastLocator(page)).toContainText('Failed to create patient case');
  await expect(toastLocator(page)).toContainText('Error');
  // The dialog stays open with what was typed, so nothing is lost.
  await expect(dialog).toBeVisible();
  // Escape would close the toast first (the topmost layer): Cancel closes the dialog.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  const current = (await firstStatus.textContent())?.trim();
  await openSelect(page, firstStatus);
  await page
    .getByRole('option', {
      name: current === 'Completed' ? 'Scheduled' : 'Completed',
      exact: true,
    })
    .click();
  await expect(toastLocator(page)).toContainText('Failed to update case status');
});

test('more cases than a page holds get a pager', async ({ page }) => {
  await signInShared(page, 'admin@thornhill-hospital.example');
  await page.goto('/patients');
  // The seeded hospital has more than 20 cases: two pages at least.
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText('Page 1 of');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(dataRows(page)).toHaveCount(20);
  const firstOnPageOne = await dataRows(page).first().textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText('Page 2 of');
  await expect(dataRows(page).first()).not.toHaveText(firstOnPageOne ?? '');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Page 1 of');
});

test('a search with many matches counts a few pages ahead: "80+ cases match", "Page 1 of 5+"', async ({ page }, testInfo) => {
  await signInShared(page, 'admin@thornhill-hospital.example');
  // 90 cases of one surname, more than the 4 pages (80 cases) a search counts ahead.
  const surname = `Ngcobo${Date.now() % 100000}`;
  const statuses = await page.evaluate(async (name) => {
    const seen: number[] = [];
    for (let i = 0; i < 90; i++) {
      const res = await fetch('/api/patient-cases', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ patientName: `Lindiwe ${name}`, caseType: 'Follow-up' }) });
      seen.push(res.status);
    }
    return seen;
  }, surname);
  expect(statuses.filter((status) => status >= 300)).toEqual([]);

  await page.goto(`/patients?q=${surname.toLowerCase()}`);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  const pageOf = pager.getByText(/^Page \d+ of \d+\+?$/);
  await expect(page.getByText('80+ cases match')).toBeVisible();
  await expect(pageOf).toHaveText('Page 1 of 5+');
  await expect(dataRows(page)).toHaveCount(20);
  await page.screenshot({ path: testInfo.outputPath('search-counted-ahead.png'), fullPage: true });
  // Page 2 counts four pages beyond itself: all 90, exactly.
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pageOf).toHaveText('Page 2 of 5');
  await expect(page.getByText('90 cases match')).toBeVisible();
  for (const expected of ['Page 3 of 5', 'Page 4 of 5', 'Page 5 of 5']) {
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pageOf).toHaveText(expected);
  }
  await expect(dataRows(page)).toHaveCount(10);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test("a law firm's Administrator adds a case type of its own; the new-matter dialog offers it beside the platform's (issue 32)", async ({ page }) => {
  await signInShared(page, 'admin@mokoena-attorneys.example');
  const own = uniqueName('Arbitration');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Matter types' });
  await section.getByLabel('Add your own').fill(own);
  await section.getByRole('button', { name: 'Add' }).click();
  await expect(section.getByRole('list', { name: 'Case types' })).toContainText(own);

  await page.goto('/clients');
  await page.getByRole('button', { name: 'New Matter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Matter' });
  await dialog.getByRole('button', { name: 'Skip the check' }).click();
  const offered = await dialog.getByLabel('Matter type').evaluate((input) => [...((input as HTMLInputElement).list?.options ?? [])].map((o) => o.value));
  expect(offered).toContain('Personal Injury (RAF Claim)');
  expect(offered).toContain(own);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Removed again: it is no longer offered, and no matter changes.
  await page.goto('/settings');
  await section.getByRole('button', { name: `Remove ${own}` }).click();
  await expect(section.getByRole('list', { name: 'Case types' })).not.toContainText(own);
});
