import { expect, test } from '@playwright/test';
import { signIn, signInShared } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// Issue 21, notifications for everyone: the doctor's bell shows the seeded unread count; a
// colleague books an appointment with the doctor attending and cancels it (through the API, in a
// second browser), and the notifications appear in the doctor's bell; clicking one follows its link
// and marks it read; "Mark all read" clears the badge; an e-mail choice on /settings is saved.

const DOCTOR = 'doctor@thornhill-hospital.example';
const CASE_MANAGER = 'casemanager@thornhill-hospital.example';

test.describe.configure({ mode: 'serial' });

interface Bell {
  items: { id: string; kind: string; title: string; href: string | null; isRead: boolean }[];
  unread: number;
}

test("a colleague's booking and cancellation reach the doctor's bell, which reads, follows and clears", async ({ page, browser }) => {
  await signInShared(page, DOCTOR);
  const bellApi = async () => (await (await page.request.get('/api/notifications')).json()) as Bell;
  const seeded = await bellApi();
  expect(seeded.unread).toBeGreaterThan(0);
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAccessibleName(`Notifications, ${seeded.unread} unread`);
  await expect(page.getByTestId('notifications-badge')).toHaveText(seeded.unread > 9 ? '9+' : String(seeded.unread));
  await expectAccessible(page);

  // The case manager books a consultation with the doctor attending, then cancels it.
  const colleague = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await colleague.newPage();
  await signIn(other, CASE_MANAGER);
  const origin = new URL(other.url()).origin;
  const staff = (await (await other.request.get('/api/staff')).json()) as { items: { userId: string; name: string; role: string }[] };
  const doctor = staff.items.find((s) => s.name === 'Sipho Ndlovu');
  expect(doctor, 'the doctor is in the staff directory').toBeDefined();
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  const booked = await other.request.post('/api/appointments', {
    headers: { origin },
    data: { title: 'Bell check consultation', startTime: start.toISOString(), endTime: new Date(start.getTime() + 30 * 60_000).toISOString(), attendeeIds: [doctor!.userId] },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const appointment = (await booked.json()) as { id: string; version: number };
  const cancelled = await other.request.patch(`/api/appointments/${appointment.id}`, { headers: { origin }, data: { status: 'Cancelled', expectedVersion: appointment.version } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await colleague.close();

  // Opening the bell asks again: both show, newest first, unread.
  await bell.click();
  const items = page.getByTestId('notification-item');
  await expect(items.first()).toContainText('Appointment cancelled');
  await expect(items.first()).toContainText('Bell check consultation');
  await expect(items.nth(1)).toContainText('Appointment booked');
  await expect(items.first()).toHaveAttribute('data-unread', 'true');
  // (While the menu is open the page behind it, the trigger too, is hidden from screen readers.)
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${seeded.unread + 2} unread`);

  // Clicking it follows its link and marks it read.
  const latest = (await bellApi()).items[0]!;
  expect(latest.kind).toBe('appointment.cancelled');
  await items.first().click();
  // The schedule adds the day it opens on when the appointment is not in this week (a Thursday to Sunday run).
  await expect(page).toHaveURL(new RegExp(`${latest.href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(&date=\\d{4}-\\d{2}-\\d{2})?$`));
  await expect.poll(async () => (await bellApi()).items.find((n) => n.id === latest.id)?.isRead).toBe(true);
  // (The schedule's dialog may already be open, hiding the header from screen readers: read the label.)
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${seeded.unread + 1} unread`);
  // The schedule opens that appointment (cancelled) in its dialog.
  const dialog = page.getByRole('dialog').filter({ hasText: 'Bell check consultation' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Mark all read clears the badge.
  await bell.click();
  await page.getByTestId('notifications-read-all').click();
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');
  expect((await bellApi()).unread).toBe(0);
});

test('an e-mail choice on /settings is saved', async ({ page }) => {
  await signInShared(page, DOCTOR, '/settings');
  const section = page.getByTestId('settings-notification-email');
  const box = section.getByLabel('An appointment I attend is cancelled');
  await expect(box).not.toBeChecked();
  await box.check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(toastLocator(page)).toContainText('E-mail notifications saved');
  expect(((await (await page.request.get('/api/notifications/email-preferences')).json()) as { kinds: string[] }).kinds).toEqual(['appointment.cancelled']);
  await page.reload();
  await expect(page.getByTestId('settings-notification-email').getByLabel('An appointment I attend is cancelled')).toBeChecked();
  await expectAccessible(page);
});
