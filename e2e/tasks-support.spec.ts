import { expect, test } from '@playwright/test';
import { signIn } from './app-helpers';
import { choose, expectAccessible } from './public-helpers';

// Issue 7 /tasks and /support against the seeded server. The case manager's tasks page shows the
// same totals as GET /api/dashboard/tasks and its rows lead to their screens; /support opens a chat thread
// beside the list and sends a message; the Super Admin moves the chat on from the same page.

const CASE_MANAGER = 'casemanager@thornhill-hospital.example';
const SUPER_ADMIN = 'superadmin@casebridge.example';
const CHAT = 'Training for night-shift nurses'; // seeded, Open, started by the case manager

test.describe.configure({ mode: 'serial' });

interface Section {
  total: number;
  items: { id: string; patientName?: string; title?: string }[];
}

test("the tasks page lists the case manager's open work, and each row leads to its screen", async ({ page }) => {
  await signIn(page, CASE_MANAGER);
  const api = (await (await page.request.get('/api/dashboard/tasks')).json()) as Record<'assignedCases' | 'appointmentsToday' | 'unreadMessages' | 'openSupportChats', Section>;
  expect(api.assignedCases.total).toBeGreaterThan(0);
  expect(api.openSupportChats.items.map((c) => c.title)).toContain(CHAT);

  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  const sections = { cases: api.assignedCases, appointments: api.appointmentsToday, messages: api.unreadMessages, support: api.openSupportChats };
  for (const [id, section] of Object.entries(sections)) {
    await expect(page.getByTestId(`tasks-${id}-total`)).toHaveText(String(section.total));
    const rows = page.getByTestId(`tasks-${id}`).getByRole('listitem');
    if (section.items.length) await expect(rows).toHaveCount(section.items.length);
    else await expect(page.getByTestId(`tasks-${id}`)).toContainText(/No |You have read all/);
  }
  await expectAccessible(page);

  // A case row opens that case's page (issue 18).
  const first = api.assignedCases.items[0]!;
  await page.getByTestId('tasks-cases').getByRole('link', { name: new RegExp(first.patientName!) }).first().click();
  await expect(page).toHaveURL(`/patients/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.patientName! })).toBeVisible();

  // A support row opens that chat on the support page.
  await page.goBack();
  await page.getByTestId('tasks-support').getByRole('link', { name: new RegExp(CHAT) }).click();
  await expect(page).toHaveURL(/\/support\?chat=/);
  await expect(page.getByTestId('support-thread-title')).toHaveText(CHAT);
});

test('the support page opens a thread beside the list and sends a message; the Super Admin moves it on there', async ({ browser, page }) => {
  await signIn(page, CASE_MANAGER);
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New request' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Support chats' }).first();
  await list.getByRole('button', { name: new RegExp(CHAT) }).click();
  const thread = page.getByTestId('support-page');
  await expect(thread.getByTestId('support-thread-title')).toHaveText(CHAT);
  await expect(list.getByRole('button', { name: new RegExp(CHAT) })).toHaveAttribute('aria-current', 'true');

  const text = `Thursday 19:00 works for us (${Date.now()})`;
  const input = thread.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(thread.locator('li[data-own="true"]').filter({ hasText: text })).toBeVisible();
  await expect(input).toHaveValue('');
  await expectAccessible(page);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, SUPER_ADMIN);
  await admin.goto('/support');
  await expect(admin.getByRole('button', { name: 'New request' })).toHaveCount(0);
  await admin.getByRole('list', { name: 'Support chats' }).first().getByRole('button', { name: new RegExp(CHAT) }).click();
  const adminThread = admin.getByTestId('support-page');
  await expect(adminThread.locator('li[data-own="false"]').filter({ hasText: text })).toBeVisible();
  await choose(admin, 'Chat status', 'In Progress');
  await expect(adminThread.getByTestId('support-status-select')).toHaveText(/In Progress/);
  await adminContext.close();

  await expect(thread.getByTestId('support-thread-status')).toHaveText('In Progress', { timeout: 10_000 });
});
