import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { choose, expectAccessible, openSelect, toastLocator } from './public-helpers';

// The Schedule screen (SPEC §2.10, §4, §5, §8): book an appointment (the end must follow the start),
// see it listed, change its status, and the upcoming list of at most 5 — signed in against the
// server and in demo mode against the fixtures. Titles are unique per run.

/** A datetime-local value some days ahead, at the given hour (read as SA time by the form). */
function localInput(daysAhead: number, hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() + daysAhead);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

const appointmentsTable = (page: Page) => page.getByRole('table', { name: 'Appointments' });

for (const mode of ['signed in', 'demo'] as const) {
  test.describe(`schedule (${mode})`, () => {
    test.beforeEach(async ({ page }) => {
      if (mode === 'signed in') await signInShared(page, 'admin@thornhill-hospital.example');
      else await enterDemo(page, DEMO.administrator);
      await page.goto('/schedule');
      await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    });

    test('book an appointment, with the end-after-start check, and change its status', async ({ page }) => {
      const title = `Pre-op consult ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      await page.getByRole('button', { name: 'New Appointment' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Appointment' });

      await dialog.getByRole('button', { name: 'Create Appointment' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      await expect(dialog.getByText('Start time is required')).toBeVisible();
      await expect(dialog.getByText('End time is required')).toBeVisible();

      await dialog.getByLabel('Title').fill(title);
      await expect(dialog.getByLabel('Type')).toHaveText('Consultation');
      await dialog.getByLabel('Start time').fill(localInput(2, 10));
      await dialog.getByLabel('End time').fill(localInput(2, 9));
      await dialog.getByRole('button', { name: 'Create Appointment' }).click();
      // SPEC §5: the message sits on the end field, which is marked invalid.
      await expect(dialog.getByText('End time must be after the start time')).toBeVisible();
      await expect(dialog.getByLabel('End time')).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByLabel('Start time')).toHaveAttribute('aria-invalid', 'false');

      await dialog.getByLabel('End time').fill(localInput(2, 11));
      await choose(page, 'Type', 'Follow-up');
      await dialog.getByLabel('Location').fill('Consulting Room 4');
      await dialog.getByLabel('Description').fill('Booked by the e2e run');
      await dialog.getByRole('button', { name: 'Create Appointment' }).click();
      await expect(toastLocator(page)).toContainText('Appointment created successfully');
      await expect(dialog).toHaveCount(0);

      const row = appointmentsTable(page).locator('tbody tr').filter({ hasText: title });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Follow-up');
      await expect(row).toContainText('Consulting Room 4');
      await expect(page.getByLabel(`Status of ${title}`)).toHaveText('Scheduled');

      await choose(page, `Status of ${title}`, 'In Progress');
      await expect(toastLocator(page)).toContainText('Appointment status updated successfully');
      await expect(page.getByLabel(`Status of ${title}`)).toHaveText('In Progress');

      // SPEC §9: the upcoming list never shows more than 5.
      const upcoming = page.getByRole('list', { name: 'Upcoming appointments' }).locator('li');
      await expect(upcoming.first()).toBeVisible();
      expect(await upcoming.count()).toBeLessThanOrEqual(5);
    });

    test('the screen is accessible at desktop and mobile width', async ({ page }, testInfo) => {
      await expect(appointmentsTable(page)).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`schedule-${mode.replace(' ', '-')}-desktop.png`),
        fullPage: true,
      });

      await page.getByRole('button', { name: 'New Appointment' }).click();
      await expect(page.getByRole('dialog', { name: 'New Appointment' })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`schedule-${mode.replace(' ', '-')}-dialog.png`),
      });
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(appointmentsTable(page)).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: testInfo.outputPath(`schedule-${mode.replace(' ', '-')}-mobile.png`),
        fullPage: true,
      });
    });
  });
}

test('a failed booking or status change shows the error toast', async ({ page }) => {
  await signInShared(page, 'admin@thornhill-hospital.example');
  await page.goto('/schedule');
  const firstStatus = appointmentsTable(page).getByRole('combobox').first();
  await expect(firstStatus).toBeVisible();
  // The server cannot be reached for writes from here on.
  await page.route(/\/trpc\/[^?]*appointments\.(create|update)\b/, (route) => route.abort());

  await page.getByRole('button', { name: 'New Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Appointment' });
  await dialog.getByLabel('Title').fill('Unsent appointment');
  await dialog.getByLabel('Start time').fill(localInput(3, 9));
  await dialog.getByLabel('End time').fill(localInput(3, 10));
  await dialog.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(toastLocator(page)).toContainText('Failed to create appointment');
  await expect(dialog).toBeVisible();
  // Escape would close the toast first (the topmost layer): Cancel closes the dialog.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  const current = (await firstStatus.textContent())?.trim();
  await openSelect(page, firstStatus);
  await page
    .getByRole('option', {
      name: current === 'Cancelled' ? 'Scheduled' : 'Cancelled',
      exact: true,
    })
    .click();
  await expect(toastLocator(page)).toContainText('Failed to update appointment status');
});

test.describe('on a device set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  // Issue 17: a booking typed as 10:00 is South African time whatever the device's zone — it is
  // stored as 08:00Z (SAST is UTC+2 all year) and listed as 10:00, not shifted to 12:00.
  test('a 10:00 booking is stored as 08:00Z and listed at 10:00', async ({ page }) => {
    await signInShared(page, 'admin@thornhill-hospital.example');
    await page.goto('/schedule');
    const title = `UTC device ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Start time').fill(`${day}T10:00`);
    await dialog.getByLabel('End time').fill(`${day}T11:00`);
    await dialog.getByRole('button', { name: 'Create Appointment' }).click();
    await expect(dialog).toHaveCount(0);

    const row = appointmentsTable(page).locator('tbody tr').filter({ hasText: title });
    await expect(row).toContainText('10:00 – 11:00');
    const stored = ((await (await page.request.get('/api/appointments')).json()) as { title: string; startTime: string; endTime: string }[]).find(
      (a) => a.title === title,
    );
    expect(stored?.startTime).toBe(`${day}T08:00:00.000Z`);
    expect(stored?.endTime).toBe(`${day}T09:00:00.000Z`);
  });
});
