import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { choose, expectAccessible, toastLocator } from './public-helpers';

// Bed Management (SPEC §2.11, §5, §8): add a bed, assign a patient, release it, edit it — signed in
// against the server and in demo mode against the fixtures. Each run uses its own ward, so the
// counts it reads are its own whatever other specs do to the shared database.

const figure = (page: Page, label: string) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: label, exact: true }) }).locator('p').first();

async function expectToast(page: Page, title: string, description: string) {
  const toast = toastLocator(page);
  await expect(toast).toContainText(title);
  await expect(toast).toContainText(description);
}

/** Issue 17: every status has its card, so the parts add up to Total Beds (Reserved had none). */
async function expectCounts(page: Page, total: number, available: number, occupied: number, reserved: number, maintenance: number) {
  await expect(figure(page, 'Total Beds')).toHaveText(String(total));
  await expect(figure(page, 'Available')).toHaveText(String(available));
  await expect(figure(page, 'Occupied')).toHaveText(String(occupied));
  await expect(figure(page, 'Reserved')).toHaveText(String(reserved));
  await expect(figure(page, 'Maintenance')).toHaveText(String(maintenance));
}

/** The whole life of one bed on the screen, the same in both modes. */
async function bedLifecycle(page: Page, shots: string) {
  test.setTimeout(60_000); // some twenty steps, each waiting for the server or the fixtures, and four axe scans
  await page.goto('/bed-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Bed Management' })).toBeVisible();
  await expect(figure(page, 'Total Beds')).toBeVisible();
  await expectAccessible(page);

  const suffix = `${Date.now() % 1e6}${Math.floor(Math.random() * 100)}`;
  const bedNumber = `E${suffix}`;
  const ward = `E2E Ward ${suffix}`;

  // Add: Bed Number and Ward are required; type and status default to General / Available.
  await page.getByRole('button', { name: 'Add Bed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Bed' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Bed Number is required')).toBeVisible();
  await expect(dialog.getByText('Ward is required')).toBeVisible();
  await expect(dialog.getByLabel('Bed Type')).toHaveText('General');
  await expect(dialog.getByLabel('Status')).toHaveText('Available');
  await dialog.getByLabel('Assigned Nurse').click();
  await expect(page.getByRole('option', { name: 'No assignment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Bed Number').fill(bedNumber);
  await dialog.getByLabel('Ward').fill(ward);
  await dialog.getByLabel('Notes').fill('Window side');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Bed created successfully');
  await expect(dialog).toBeHidden();

  // The ward filter offers the new ward and the cards count only its beds.
  await choose(page, 'Filter by ward', ward);
  await expectCounts(page, 1, 1, 0, 0, 0);
  const card = page.getByTestId('bed-card').filter({ hasText: `Bed ${bedNumber}` });
  await expect(card).toContainText(ward);
  await expect(card).toContainText('General');
  await expect(card).toContainText('Window side');
  await expect(card.getByText('Available', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Release/ })).toHaveCount(0);

  // Assign: the button waits for a patient id.
  await card.getByRole('button', { name: /Assign/ }).click();
  const assign = page.getByRole('dialog', { name: `Assign Patient to Bed ${bedNumber}` });
  await expect(assign).toBeVisible();
  await expect(assign.getByPlaceholder('Enter patient ID or hospital number')).toBeVisible();
  await expect(assign.getByRole('button', { name: 'Assign Patient' })).toBeDisabled();
  await assign.getByLabel('Patient ID').fill(`HN-${suffix}`);
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}-assign.png` });
  await assign.getByRole('button', { name: 'Assign Patient' }).click();
  await expectToast(page, 'Success', 'Patient assigned to bed successfully');
  await expect(card.getByText('Occupied', { exact: true })).toBeVisible();
  await expect(card).toContainText(`HN-${suffix}`);
  await expect(card.getByRole('button', { name: /Assign/ })).toHaveCount(0);
  await expectCounts(page, 1, 0, 1, 0, 0);
  await page.getByRole('tab', { name: 'Occupied' }).click();
  await expect(page.getByTestId('bed-card').filter({ hasText: `Bed ${bedNumber}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Available' }).click();
  await expect(page.getByText('No beds found')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shots}-desktop.png`, fullPage: true });

  // Release: asked first, naming the bed and the patient; then back to Available.
  await card.getByRole('button', { name: /Release/ }).click();
  const confirm = page.getByRole('dialog', { name: `Release bed ${bedNumber}?` });
  await expect(confirm).toContainText(`HN-${suffix}`);
  await confirm.getByRole('button', { name: 'Release bed' }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, 'Success', 'Bed released successfully');
  await expect(card.getByText('Available', { exact: true })).toBeVisible();
  await expectCounts(page, 1, 1, 0, 0, 0);

  // Edit: pre-filled, any status may be chosen; Reserved has neither Assign nor Release, and its own card and tab.
  await card.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bed' });
  await expect(edit.getByLabel('Bed Number')).toHaveValue(bedNumber);
  await choose(page, 'Status', 'Reserved');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Bed updated successfully');
  await expect(card.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Assign|Release/ })).toHaveCount(0);
  await expectCounts(page, 1, 0, 0, 1, 0);
  await page.getByRole('tab', { name: 'Reserved' }).click();
  await expect(page.getByTestId('bed-card').filter({ hasText: `Bed ${bedNumber}` })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}-mobile.png`, fullPage: true });
}

test('signed in as an Administrator: add a bed, assign a patient, release it, edit it', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'admin@thornhill-hospital.example');
  await bedLifecycle(page, testInfo.outputPath('beds-signed-in'));
});

test('in demo mode: the same steps against the fixtures', { tag: '@full' }, async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.administrator);
  await bedLifecycle(page, testInfo.outputPath('beds-demo'));
});

test('assigning a bed that is no longer Available shows the server conflict', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'admin@thornhill-hospital.example');
  const suffix = `${Date.now() % 1e6}${Math.floor(Math.random() * 100)}`;
  await page.goto('/bed-management');
  await page.getByRole('button', { name: 'Add Bed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Bed' });
  await dialog.getByLabel('Bed Number').fill(`C${suffix}`);
  await dialog.getByLabel('Ward').fill(`E2E Conflict ${suffix}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Bed created successfully');
  await choose(page, 'Filter by ward', `E2E Conflict ${suffix}`);
  const card = page.getByTestId('bed-card').filter({ hasText: `Bed C${suffix}` });
  await card.getByRole('button', { name: /Assign/ }).click();

  // Someone else takes the bed meanwhile, in another tab of the same session.
  const other = await page.context().newPage();
  await other.goto('/bed-management');
  await choose(other, 'Filter by ward', `E2E Conflict ${suffix}`);
  await other.getByRole('button', { name: `Assign patient to bed C${suffix}` }).click();
  await other.getByLabel('Patient ID').fill('OTHER');
  await other.getByRole('button', { name: 'Assign Patient' }).click();
  await expectToast(other, 'Success', 'Patient assigned to bed successfully');
  await other.close();

  const assign = page.getByRole('dialog', { name: `Assign Patient to Bed C${suffix}` });
  await assign.getByLabel('Patient ID').fill('HN-LATE');
  await assign.getByRole('button', { name: 'Assign Patient' }).click();
  await expectToast(page, 'Error', `Bed C${suffix} is Occupied; only an Available bed can be assigned`);
});
