import { expect, test, type Page } from '@playwright/test';
import { shots, signIn } from './app-helpers';
import { choose, expectAccessible, toastLocator } from './public-helpers';

// SPEC §2.14 live support and the §2.10 Super Admin bell, against the seeded server: a nurse asks,
// the Super Admin sees the bell, takes the chat In Progress and answers; the nurse's thread shows it.

const NURSE = 'nurse@thornhill-hospital.example';
const SUPER_ADMIN = 'superadmin@casebridge.example';
const TITLE = `Ward printer offline ${Date.now()}`;

test.describe.configure({ mode: 'serial' });

const panel = (page: Page) => page.getByTestId('live-support-panel');

async function openWidget(page: Page) {
  await page.getByRole('button', { name: 'Open Live Support' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Live Support' })).toBeVisible();
}

test('a nurse opens Live Support, requests help and writes in the thread', async ({ page }) => {
  await signIn(page, NURSE);
  await openWidget(page);
  await expect(panel(page).getByText('Get help from our team')).toBeVisible();
  await expectAccessible(page);

  await panel(page).getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Support' });
  // SPEC §5: title and category are required.
  await dialog.getByRole('button', { name: 'Start Chat' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(`  ${TITLE}  `);
  await choose(page, 'Category', 'Technical Issue');
  await choose(page, 'Priority', 'Urgent');
  await dialog.getByRole('button', { name: 'Start Chat' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastLocator(page)).toContainText('Support request sent');

  // The new chat opens in its thread, with 'Support request: {title}' as the own first message.
  await expect(panel(page).getByTestId('support-thread-title')).toHaveText(TITLE);
  await expect(panel(page).getByTestId('support-thread-status')).toHaveText('Open');
  const input = panel(page).getByRole('textbox', { name: 'Message' });
  await input.fill('It shows a red light since this morning.');
  await input.press('Enter');
  const own = panel(page).locator('li[data-own="true"]');
  await expect(own.filter({ hasText: `Support request: ${TITLE}` })).toBeVisible();
  await expect(own.filter({ hasText: 'It shows a red light since this morning.' })).toBeVisible();
  await expect(input).toHaveValue('');

  await panel(page).getByRole('button', { name: 'Back' }).click();
  const row = panel(page).getByRole('button', { name: new RegExp(TITLE) });
  await expect(row).toContainText('Urgent');
  await expect(row).toContainText('Open');
  await expect(row).toContainText('Technical');
  if (shots) await page.screenshot({ path: `${shots}/support-widget-desktop.png` });
});

test('the Super Admin sees it on the bell, takes it In Progress and answers; the nurse reads the answer', async ({ browser, page }) => {
  // The nurse keeps the thread open: the answer must arrive by the 2-second poll.
  const nurseContext = await browser.newContext();
  const nurse = await nurseContext.newPage();
  await signIn(nurse, NURSE);
  await openWidget(nurse);
  await panel(nurse).getByRole('button', { name: new RegExp(TITLE) }).click();
  await expect(panel(nurse).getByTestId('support-thread-title')).toHaveText(TITLE);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, SUPER_ADMIN);
  const bell = page.getByTestId('support-bell');
  await expect(page.getByTestId('support-bell-badge')).toBeVisible();
  await bell.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(/super users? online/)).toBeVisible();
  const item = menu.getByRole('menuitem', { name: new RegExp(TITLE) }).first();
  await expect(item).toContainText('Just now');
  // Opening clears the badge.
  await expect(page.getByTestId('support-bell-badge')).toBeHidden();
  if (shots) await page.screenshot({ path: `${shots}/support-bell-desktop.png` });
  await item.click();

  // The bell opens the chat in the Live Support panel; no 'New' for a Super Admin.
  await expect(panel(page).getByText('Manage support requests')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'New' })).toHaveCount(0);
  await expect(panel(page).getByTestId('support-thread-title')).toHaveText(TITLE);
  await choose(page, 'Chat status', 'In Progress');
  await expect(page.getByTestId('support-status-select')).toHaveText(/In Progress/);
  await expect(toastLocator(page)).toContainText(`"${TITLE}" is now In Progress`);
  const input = panel(page).getByRole('textbox', { name: 'Message' });
  await input.fill('A technician is on the way to ward 3.');
  await input.press('Enter');
  await expect(panel(page).locator('li[data-own="true"]').filter({ hasText: 'A technician is on the way' })).toBeVisible();
  await expectAccessible(page);

  // The reload after the reload-free badge: still cleared (remembered on the server).
  await page.reload();
  await expect(page.getByTestId('support-bell')).toBeVisible();
  await expect(page.getByTestId('support-bell-badge')).toBeHidden();

  await expect(panel(nurse).locator('li[data-own="false"]').filter({ hasText: 'A technician is on the way to ward 3.' })).toBeVisible({ timeout: 10_000 });
  await expect(panel(nurse).getByTestId('support-thread-status')).toHaveText('In Progress', { timeout: 10_000 });
  if (shots) {
    await nurse.setViewportSize({ width: 390, height: 844 });
    await nurse.screenshot({ path: `${shots}/support-thread-mobile.png` });
  }
  await nurseContext.close();
});
