import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// Issue 21's calendar: the front desk (the Case Manager books for it) sees tomorrow's clinics of three
// doctors side by side, moves one by dragging (the API then holds the new time), is warned when a move
// double-books the doctor and cancels that move, and cancels an appointment from its dialog — on a
// device set to New York, so every time shown is South African. Then the demo's week view.

test.use({ timezoneId: 'America/New_York' });

/** Tomorrow's SA day, 'YYYY-MM-DD'. */
const tomorrowSa = () => new Date(Date.now() + 2 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
const sa = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`).toISOString();

interface Appointment {
  id: string;
  title: string;
  startTime: string;
  endTime: string;
  status: string;
  version: number;
}

async function drag(page: Page, title: string, minutes: number) {
  const event = page.locator('.rbc-event').filter({ hasText: title }).first();
  await event.scrollIntoViewIfNeeded();
  const hour = (await page.locator('.rbc-time-gutter .rbc-timeslot-group').first().boundingBox())!.height;
  const box = (await event.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(8, box.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 4, { steps: 2 });
  await page.mouse.move(x, y + (hour * minutes) / 60, { steps: 8 });
  await page.mouse.up();
}

test('the front desk sees three doctors side by side, drags, is warned of a double booking, and cancels', async ({ page }) => {
  await signInShared(page, 'casemanager@thornhill-hospital.example');
  const day = tomorrowSa();
  const staff = (await (await page.request.get('/api/staff')).json()) as { items: { userId: string; name: string }[] };
  const ndlovu = staff.items.find((s) => s.name === 'Sipho Ndlovu')!;
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const book = async (title: string, from: string, to: string) => {
    const response = await page.request.post('/api/appointments', {
      data: { title, startTime: sa(day, from), endTime: sa(day, to), appointmentType: 'Consultation', attendeeIds: [ndlovu.userId] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as Appointment;
  };
  const first = await book(`Review A ${run}`, '11:00', '11:30');
  const second = await book(`Review B ${run}`, '12:00', '12:30');
  const current = async (id: string) =>
    ((await (await page.request.get(`/api/appointments?from=${sa(day, '00:00')}&to=${sa(day, '23:59')}`)).json()) as Appointment[]).find((a) => a.id === id)!;

  await page.goto(`/schedule?view=people&date=${day}`);
  const headers = page.locator('.rbc-time-header .rbc-header');
  for (const doctor of ['Anisha Govender', 'Sipho Ndlovu', 'Willem Steyn']) await expect(headers.filter({ hasText: doctor })).toHaveCount(1);
  await expect(page.locator('.rbc-event').filter({ hasText: 'Cardiology clinic' })).toContainText('10:00–12:00');
  await expect(page.locator('.rbc-event').filter({ hasText: `Review A ${run}` })).toContainText('11:00–11:30');

  // Half an hour later: back to back with B, no warning; the API holds the new time.
  await drag(page, `Review A ${run}`, 30);
  await expect(toastLocator(page)).toContainText('Appointment moved');
  await expect.poll(async () => (await current(first.id)).startTime).toBe(sa(day, '11:30'));
  await expect(page.locator('.rbc-event').filter({ hasText: `Review A ${run}` })).toContainText('11:30–12:00');

  // Onto B: the same doctor would be double-booked — warned by name, and the move is called off.
  await drag(page, `Review A ${run}`, 30);
  const warning = page.getByRole('dialog', { name: 'Double booking' });
  await expect(warning).toContainText(`Sipho Ndlovu already has 'Review B ${run}' 12:00–12:30`);
  await expectAccessible(page);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  expect((await current(first.id)).startTime).toBe(sa(day, '11:30'));

  // Cancel B from its dialog.
  await page.locator('.rbc-event').filter({ hasText: `Review B ${run}` }).first().click();
  const dialog = page.getByRole('dialog', { name: `Review B ${run}` });
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toastLocator(page)).toContainText('Appointment cancelled');
  await expect.poll(async () => (await current(second.id)).status).toBe('Cancelled');
  expect((await current(second.id)).version).toBe(second.version + 1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test('demo: the week view, and a move that shows up', { tag: '@full' }, async ({ page }) => {
  await enterDemo(page, DEMO.administrator, '/schedule?view=week');
  const review = page.locator('.rbc-event').filter({ hasText: 'Stroke admission' }).first();
  await expect(review).toBeVisible();
  await review.click();
  const dialog = page.getByRole('dialog', { name: /Stroke admission/ });
  const start = await dialog.getByLabel('Start time').inputValue();
  await dialog.getByLabel('Start time').fill(`${start.slice(0, 10)}T15:00`);
  await dialog.getByLabel('End time').fill(`${start.slice(0, 10)}T16:30`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastLocator(page)).toContainText('Appointment updated');
  await expect(page.locator('.rbc-event').filter({ hasText: 'Stroke admission' }).first()).toContainText('15:00–16:30');
  await expectAccessible(page);
});
