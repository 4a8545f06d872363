import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signIn } from './app-helpers';
import { choose, expectAccessible, toastLocator, uniqueEmail } from './public-helpers';

// Trial review (issue 7) as the seeded Super Admin: two requests arrive through the public trial
// endpoint; one is rejected with a reason, the other approved; the new organisation shows in
// /system-settings with its 30-day trial, and the invitation e-mail waits in the outbox (no SMTP).

async function submitTrial(page: Page, organizationName: string, email: string) {
  const res = await page.request.post('/api/trial-signup', {
    headers: { origin: new URL(page.url() || 'http://127.0.0.1').origin },
    data: { organizationName, organizationType: 'Private Practice', contactPersonName: 'Anele Dube', email, phone: '+27 23 555 0199', city: 'Beaufort West', province: 'Western Cape', estimatedBeds: 8, howDidYouHear: 'Referral', specificNeeds: 'A bed board for our small ward.' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a Super Admin rejects one trial with a reason and approves another', async ({ page, baseURL }) => {
  const stamp = Date.now();
  const approvedName = `Karoo Valley Practice ${stamp}`;
  const rejectedName = `Test Lab ${stamp}`;
  const approvedEmail = uniqueEmail('karoo');
  await page.goto(baseURL!);
  await submitTrial(page, approvedName, approvedEmail);
  await submitTrial(page, rejectedName, uniqueEmail('testlab'));

  await signIn(page, 'superadmin@casebridge.example');
  await page.goto('/trial-signups');
  await expect(page.getByRole('heading', { level: 1, name: 'Trial Signups' })).toBeVisible();
  const card = (name: string) => page.getByTestId('trial-request').filter({ has: page.getByRole('heading', { name }) });
  await expect(card(approvedName)).toContainText('Private Practice');
  await expect(card(approvedName)).toContainText('A bed board for our small ward.');
  await expectAccessible(page);

  // Reject: the reason is required.
  await page.getByRole('button', { name: `Reject ${rejectedName}` }).click();
  const reject = page.getByRole('dialog', { name: `Reject trial for ${rejectedName}?` });
  await reject.getByRole('button', { name: 'Reject trial' }).click();
  await expect(reject.getByText('A reason is required')).toBeVisible();
  await reject.getByLabel('Reason (required)').fill('Please apply again with your practice number.');
  await reject.getByRole('button', { name: 'Reject trial' }).click();
  await expect(toastLocator(page)).toContainText('Trial rejected');
  await expect(card(rejectedName)).toHaveCount(0);

  // Approve: the dialog says what will happen.
  await page.getByRole('button', { name: `Approve ${approvedName}` }).click();
  const approve = page.getByRole('dialog', { name: `Approve trial for ${approvedName}?` });
  await expect(approve).toContainText('30-day trial for at most 10 users');
  await expect(approve).toContainText(approvedEmail);
  await approve.getByRole('button', { name: 'Approve trial' }).click();
  await expect(toastLocator(page)).toContainText('Trial approved');
  await expect(card(approvedName)).toHaveCount(0);

  await page.getByRole('tab', { name: /Rejected/ }).click();
  await expect(card(rejectedName)).toContainText('Please apply again with your practice number.');
  await page.getByRole('tab', { name: /Approved/ }).click();
  await expect(card(approvedName)).toContainText(`Organization created: ${approvedName}`);

  // The organisation and the invitation in /system-settings.
  await page.goto('/system-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: approvedName });
  await expect(row).toContainText('30 days left');
  await expect(row).toContainText('0 / 10');
  await expect(page.getByText('Outbox only.')).toBeVisible();
  const message = page.getByTestId('outbox-message').filter({ hasText: `Your CaseBridge trial for ${approvedName} is approved` });
  await expect(message).toContainText(`To ${approvedEmail}`);
  await message.locator('summary').click();
  await expect(message.locator('pre')).toContainText('/accept-invitation?token=');
  await expectAccessible(page);
});

test('in demo mode the Super Admin reviews the sample requests in the browser', { tag: '@full' }, async ({ page }) => {
  await enterDemo(page, DEMO.superAdmin, '/trial-signups');
  // Three healthcare requests and a law firm's (issue 17: trials on every platform).
  await expect(page.getByRole('tab', { name: /Pending/ })).toContainText('4');
  await expect(page.getByTestId('trial-request').filter({ hasText: 'Ndlovu & Partners Attorneys' })).toContainText('Legal');
  await page.getByRole('button', { name: 'Approve Karoo Family Clinic' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve trial' }).click();
  await expect(toastLocator(page)).toContainText('Trial approved');
  await expect(page.getByRole('tab', { name: /Approved/ })).toContainText('2');
  if (shots) await page.screenshot({ path: `${shots}/trial-signups-demo.png`, fullPage: true });
  await page.goto('/system-settings');
  await expect(page.getByRole('row').filter({ hasText: 'Karoo Family Clinic' })).toContainText('30 days left');
  await expect(page.getByTestId('outbox-message').first()).toContainText('anna@karoo-clinic.example');
  if (shots) await page.screenshot({ path: `${shots}/system-settings-demo.png`, fullPage: true });

  // Beside the trials, the contact-us requests with a status the Super Admin changes (issue 17).
  await page.goto('/contact-requests');
  await expect(page.getByRole('tab', { name: /New/ })).toContainText('1');
  await choose(page, 'Status of Mbombela Medical Centre', 'In Progress');
  await expect(toastLocator(page)).toContainText('Mbombela Medical Centre is now in progress.');
  await expect(page.getByRole('tab', { name: /In Progress/ })).toContainText('2');
});
