import { expect, test, type Page } from '@playwright/test';
import { shots, signInShared } from './app-helpers';
import { expectAccessible, openSelect, toastLocator } from './public-helpers';

// Issue 21, messages to people: the doctor writes to one nurse about a case; the nurse reads it (and
// sees it on the case's Messages tab), the case manager does not; the nurse's reply threads under it.

const DOCTOR = 'doctor@thornhill-hospital.example';
const NURSE = 'nurse@thornhill-hospital.example';
const CASE_MANAGER = 'casemanager@thornhill-hospital.example';

async function as(page: Page, email: string) {
  await page.context().clearCookies();
  await signInShared(page, email);
}

async function openMessages(page: Page, search: string) {
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await page.getByLabel('Search messages').fill(search);
}

test('a direct message about a case reaches only the named nurse, shows on the case, and her reply threads under it', async ({ page }) => {
  test.setTimeout(60_000); // three people sign in (argon2 each the first time on this server), axe twice
  const subject = `Wound check ${Date.now()}`;
  await as(page, NURSE);
  const nurse = (await (await page.request.get('/api/auth/user')).json()) as { firstName: string; lastName: string };
  const nurseName = `${nurse.firstName} ${nurse.lastName}`;

  await as(page, DOCTOR);
  const cases = (await (await page.request.get('/api/patient-cases?pageSize=50')).json()) as { items: { id: string; patientName: string; restricted: boolean }[] };
  const kase = cases.items.find((c) => !c.restricted)!;
  expect(kase).toBeDefined();

  await page.goto('/messages');
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await openSelect(page, dialog.getByLabel('About a case (optional)'));
  await page.getByRole('option', { name: new RegExp(kase.patientName) }).first().click();
  await expect(dialog.getByRole('radio', { name: 'The case team' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'People' }).check();
  await dialog.getByLabel('Find people').fill(nurseName);
  await dialog.getByRole('checkbox', { name: new RegExp(nurseName) }).first().check();
  await expect(dialog.getByText(`Chosen: ${nurseName}`)).toBeVisible();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Please check the dressing before the ward round.');
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/messages-people-compose.png` });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastLocator(page)).toContainText('Message sent successfully');
  await page.getByLabel('Search messages').fill(subject);
  const row = page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(subject) });
  await expect(row).toContainText(`To: ${nurseName}`);

  await as(page, CASE_MANAGER);
  await openMessages(page, subject);
  await expect(page.getByRole('heading', { name: 'No messages' })).toBeVisible();

  await as(page, NURSE);
  await openMessages(page, subject);
  await page.getByRole('button', { name: new RegExp(`${subject}.*\\(unread\\)`) }).click();
  const thread = page.getByRole('dialog', { name: subject });
  await expect(thread).toContainText('Please check the dressing');
  await thread.getByRole('textbox', { name: /^Reply to / }).fill('Done: clean and dry.');
  await thread.getByRole('button', { name: 'Send Reply' }).click();
  await expect(thread.getByRole('list', { name: 'Messages in this thread' }).getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('list', { name: 'Messages in this thread' }).getByRole('listitem').nth(1)).toContainText('Done: clean and dry.');
  await thread.getByRole('button', { name: 'Close' }).click();
  await expect(thread).toBeHidden();
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(subject) })).toContainText('1 reply');

  await page.goto(`/patients/${kase.id}?tab=messages`);
  const onCase = page.getByRole('list', { name: `Thread: ${subject}` });
  await expect(onCase.getByRole('listitem')).toHaveCount(2);
  await expect(onCase.getByRole('listitem').nth(0)).toContainText(`To: ${nurseName}`);
  await expect(onCase.getByRole('listitem').nth(1)).toContainText('Done: clean and dry.');
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/messages-people-case-tab.png`, fullPage: true });
});
