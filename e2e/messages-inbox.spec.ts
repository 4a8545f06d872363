import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signInShared } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// Messages (SPEC §2.10, §4, §5, §8): compose a broadcast, search it, open an unread message and see
// the unread count drop — signed in against the server and in demo mode against the fixtures.

const unreadCount = async (page: Page) => {
  const text = await page.getByTestId('unread-count').textContent();
  return Number(/(\d+)/.exec(text ?? '')?.[1]);
};

/** Issue 17: the sidebar's Messages badge says the same unread count as the page (demo: SPEC §2.8's fixed 3). */
async function expectBadge(page: Page, count: number) {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
  if (count > 0) await expect(link).toContainText(`, ${count} unread`);
  else await expect(link).not.toContainText('unread');
}

async function openMessages(page: Page) {
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByTestId('unread-count')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
}

async function compose(page: Page, subject: string) {
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  // SPEC §5: subject and content are required.
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill(`Ward round moved to 09:30 (${subject}).`);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastLocator(page)).toContainText('Message sent successfully');
  await expect(dialog).toBeHidden();
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search messages').fill(text);
}

async function readOne(page: Page, subject: string | null) {
  const before = await unreadCount(page);
  const unread = subject
    ? page.getByRole('button', { name: new RegExp(`${subject}.*\\(unread\\)`) })
    : page.locator('button[data-unread]').first();
  const title = (await unread.locator('span.truncate').first().textContent())?.replace(' (unread)', '') ?? '';
  await unread.click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unread-count')).toContainText(`${before - 1} unread`);
}

test('signed in: a broadcast from the doctor arrives unread for the nurse and reading it drops the count', async ({ page, context }) => {
  const subject = `Theatre list ${Date.now()}`;
  await signInShared(page, 'doctor@thornhill-hospital.example');
  await openMessages(page);
  await compose(page, subject);
  await searchFor(page, subject.toUpperCase());
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(1);
  await searchFor(page, `no such message ${Date.now()}`);
  await expect(page.getByRole('heading', { name: 'No messages' })).toBeVisible();

  await context.clearCookies();
  await signInShared(page, 'nurse@thornhill-hospital.example');
  await openMessages(page);
  await expectAccessible(page);
  if (shots) {
    await page.screenshot({ path: `${shots}/messages-signed-in-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/messages-signed-in-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await expectBadge(page, await unreadCount(page));
  await searchFor(page, subject);
  await readOne(page, subject);
  await expect(page.getByRole('button', { name: new RegExp(subject) })).not.toContainText('(unread)');
  await expectBadge(page, await unreadCount(page));
});

test('demo mode: compose from the fixtures and read an unread message', { tag: '@full' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.administrator);
  await openMessages(page);
  await expectAccessible(page);
  await readOne(page, null);
  await expectBadge(page, 3);
  const subject = `Demo note ${Date.now()}`;
  await compose(page, subject);
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()).toContainText(subject);
  await page.getByRole('button', { name: 'Compose' }).click();
  await expectAccessible(page);
  if (shots) {
    await page.screenshot({ path: `${shots}/messages-demo-compose-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/messages-demo-compose-mobile.png` });
  }
});

test('signed in: a failed mark-read stays silent and the message opens anyway', async ({ page, context }) => {
  // An unread message of its own, whatever other specs have read in the shared database.
  await signInShared(page, 'doctor@thornhill-hospital.example');
  await openMessages(page);
  await compose(page, `Bed huddle ${Date.now()}`);
  await context.clearCookies();
  await signInShared(page, 'nurse@thornhill-hospital.example');
  await page.route(/\/trpc\/[^?]*messages\.markRead/, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
  await openMessages(page);
  const before = await unreadCount(page);
  const unread = page.locator('button[data-unread]').first();
  await unread.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unread-count')).toContainText(`${before} unread`);
  await expect(toastLocator(page)).toHaveCount(0);
});
