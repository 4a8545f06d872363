import { readFile } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { DEMO, PASSWORD, shots, signIn } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// The patient portal (SPEC §2.13): Thabo Mabaso signed in sees his own seeded case, appointments,
// results, medications and profile from the server; Message Doctor reaches his surgeon's inbox;
// Download PDF gives a real PDF; profile edits survive a reload; demo mode shows the same tabs from
// fixtures without a single request to the server. Axe on every tab, screenshots when asked.

// Each test walks several tabs with axe (and screenshots when asked): more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const PATIENT = 'patient@thornhill-hospital.example';
const SURGEON = 'willem.steyn@thornhill-hospital.example'; // the seeded lead doctor of his case
const TABS = ['Overview', 'Appointments', 'Test Results', 'Medications', 'My Account', 'My Profile'] as const;

const tab = (page: Page, name: (typeof TABS)[number]) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

async function openTab(page: Page, name: (typeof TABS)[number]) {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shots}/portal-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/portal-${name}-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Every tab shows its content without serious axe findings. */
async function walkTabs(page: Page, expected: Record<(typeof TABS)[number], string[]>, shotPrefix: string) {
  for (const name of TABS) {
    await openTab(page, name);
    for (const text of expected[name]) await expect(panel(page).getByText(text, { exact: false }).first()).toBeVisible();
    await expect(panel(page).locator('[aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, `${shotPrefix}-${name.toLowerCase().replace(/\s+/g, '-')}`);
  }
}

test('signed in, Thabo Mabaso sees his own case, visits, results, medications, his account and profile in six tabs', async ({ page }) => {
  await signIn(page, PATIENT, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Thabo Mabaso' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([...TABS]);
  for (const action of ['Book Appointment', 'Message Doctor', 'Test Results', 'Medications']) {
    await expect(page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: new RegExp(action) })).toBeVisible();
  }
  await walkTabs(page, {
    Overview: ['Your care: Hip Replacement', 'Willem Steyn', 'Re: Question about the injections', 'Wound swab culture'],
    Appointments: ['Physiotherapy – Thabo Mabaso', 'Wound check – Thabo Mabaso', 'Six-week hip review – Thabo Mabaso', 'Pre-operative assessment – Thabo Mabaso'],
    'Test Results': ['Haemoglobin (day 1 after surgery)', 'Abnormal', 'Pending', 'X-ray right hip (post-operative)'],
    Medications: ['Enoxaparin', 'Paracetamol', 'Cefazolin'],
    'My Account': ['Balance as at', 'Z00.0', 'Download statement (PDF)'],
    'My Profile': ['Bonitas Medical Fund', 'Nomvula Mabaso', '082 417 3390', '12 Apr 1958'],
  }, 'signed-in');
  // Nobody else's care shows: another patient's case is not his.
  await openTab(page, 'Appointments');
  await expect(panel(page).getByText('Anton Kruger')).toHaveCount(0);

  // The quick actions switch tabs.
  await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: /Medications/ }).click();
  await expect(tab(page, 'Medications')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: /Test Results/ }).click();
  await expect(tab(page, 'Test Results')).toHaveAttribute('aria-selected', 'true');
});

test('signed in, Message Doctor reaches his surgeon, who finds it unread in /messages', async ({ page, browser }) => {
  const subject = `Night pain ${Date.now()}`;
  await signIn(page, PATIENT, '/');
  await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: /Message Doctor/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Doctor' });
  await expect(dialog.getByText('Your message goes to Willem Steyn.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('The hip aches at night. May I take an extra paracetamol?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastLocator(page)).toContainText('Message sent to Willem Steyn');
  await expect(page.getByRole('list', { name: 'Your messages' }).getByText(subject)).toBeVisible();

  // Book Appointment: a request with a preferred day, refused for today.
  await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: /Book Appointment/ }).click();
  const book = page.getByRole('dialog', { name: 'Book Appointment' });
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date()));
  await book.getByLabel('Preferred date').fill(today);
  await book.getByLabel('Reason for the visit').fill('The wound is red at the top.');
  await book.getByRole('button', { name: 'Send Request' }).click();
  await expect(book.getByText('Preferred date must be in the future')).toBeVisible();
  const inAWeek = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date(Date.now() + 7 * 86_400_000)));
  await book.getByLabel('Preferred date').fill(inAWeek);
  await book.getByRole('button', { name: 'Send Request' }).click();
  await expect(book).toBeHidden();
  await expect(page.getByRole('list', { name: 'Your messages' }).getByText('Appointment request')).toBeVisible();

  // Reschedule from the Appointments tab.
  await openTab(page, 'Appointments');
  await panel(page).getByRole('button', { name: 'Reschedule Wound check – Thabo Mabaso' }).click();
  const move = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await move.getByLabel('Preferred new date').fill(inAWeek);
  await move.getByLabel('Reason').fill('My daughter cannot drive me that day.');
  await expectAccessible(page);
  await shoot(page, 'signed-in-reschedule');
  await move.getByRole('button', { name: 'Send Request' }).click();
  await expect(move).toBeHidden();
  await expect(toastLocator(page)).toContainText('Reschedule request sent');

  // The surgeon's inbox has the message, unread, with the patient as sender.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await staffPage.goto('/login');
  await staffPage.getByLabel('Email').fill(SURGEON);
  await staffPage.getByLabel('Password').fill(PASSWORD);
  await staffPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(staffPage).toHaveURL('/dashboard');
  await staffPage.goto('/messages');
  await expect(staffPage.getByText(subject).first()).toBeVisible();
  await expect(staffPage.getByText('Reschedule request: Wound check – Thabo Mabaso').first()).toBeVisible();

  // He answers directly, and the answer reaches the patient's portal.
  await staffPage.getByRole('button', { name: new RegExp(`${subject}.*\\(unread\\)`) }).click();
  const opened = staffPage.getByRole('dialog', { name: subject });
  await opened.getByLabel('Reply to Thabo Mabaso').fill('Yes, one extra 500 mg tablet at night is fine.');
  await expectAccessible(staffPage);
  await opened.getByRole('button', { name: 'Send Reply' }).click();
  // The thread stays open with the reply under the message (issue 21).
  await expect(toastLocator(staffPage)).toContainText('Reply sent to Thabo Mabaso');
  await expect(opened.getByText('Yes, one extra 500 mg tablet at night is fine.')).toBeVisible();
  await staff.close();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your messages' }).getByText(`Re: ${subject}`)).toBeVisible();
});

test('signed in, Download PDF gives a one-page PDF of that result', async ({ page }) => {
  await signIn(page, PATIENT, '/');
  await openTab(page, 'Test Results');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Download PDF of X-ray right hip (post-operative)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^test-result-x-ray-right-hip-post-operative-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toMatch(/\/Type \/Pages[\s\S]*\/Count 1/);
  await expect(toastLocator(page)).toContainText('Your result was downloaded');
});

test('signed in, profile edits are checked, saved and survive a reload', async ({ page }) => {
  await signIn(page, PATIENT, '/');
  await openTab(page, 'My Profile');
  await panel(page).getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0958');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Enter a South African phone number', { exact: false }).first()).toBeVisible();
  await dialog.getByLabel('Phone', { exact: true }).fill('021 555 0199');
  await dialog.getByLabel('Scheme').fill('Discovery Health Medical Scheme');
  await expectAccessible(page);
  await shoot(page, 'signed-in-edit-profile');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastLocator(page)).toContainText('Profile updated successfully');
  await page.reload();
  await openTab(page, 'My Profile');
  await expect(panel(page).getByText('021 555 0199')).toBeVisible();
  await expect(panel(page).getByText('Discovery Health Medical Scheme')).toBeVisible();
});

test('demo mode shows the same portal from fixtures, with no request to the server', async ({ page, baseURL }) => {
  await page.goto('/login');
  await page.evaluate((id) => {
    localStorage.setItem('demo_user_id', id.userId);
    localStorage.setItem('demo_user_role', id.role);
    localStorage.setItem('demo_user_name', id.name);
    localStorage.setItem('demo_is_super_admin', 'false');
    localStorage.setItem('demo_platform', id.platform);
    localStorage.setItem('demo_case_terminology', 'patient');
  }, DEMO.patient);
  const calls: string[] = [];
  const origin = new URL(baseURL!).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && (url.pathname.startsWith('/trpc') || url.pathname.startsWith('/api'))) calls.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Thabo Mabaso' })).toBeVisible();
  await walkTabs(page, {
    Overview: ['Your care: Hip Replacement', 'Dr Pieter van der Merwe', 'Re: Question about the injections'],
    Appointments: ['Physiotherapy: Thabo Mabaso', 'Wound check: Thabo Mabaso'],
    'Test Results': ['Wound swab culture', 'Abnormal'],
    Medications: ['Enoxaparin'],
    'My Account': ['Balance as at', 'Download statement (PDF)'],
    'My Profile': ['Bonitas Medical Fund', 'Nomvula Mabaso'],
  }, 'demo');

  await page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: /Message Doctor/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Doctor' });
  await dialog.getByLabel('Subject').fill('Demo question');
  await dialog.getByLabel('Message').fill('Can I shower yet?');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastLocator(page)).toContainText('Message sent to Dr Pieter van der Merwe');
  await openTab(page, 'Overview');
  await expect(page.getByRole('list', { name: 'Your messages' }).getByText('Demo question')).toBeVisible();
  expect(calls).toEqual([]);
});
