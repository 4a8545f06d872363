import { expect, test, type Page } from '@playwright/test';
import { DEMO, PASSWORD, enterDemo, signIn, signInShared } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// Issue 7 /settings against the seeded server: one person signed in on two browsers. A password
// change here signs the other out at its next request; the sessions list shows both and can sign
// either out. The clinical account is used by no other spec, and its password is put back.

const EMAIL = 'clinical@thornhill-hospital.example';
const NEW_PASSWORD = 'physio-ward-new-2026';

test.describe.configure({ mode: 'serial' });

const sessionRows = (page: Page) => page.getByRole('table', { name: 'Your signed-in sessions' }).locator('tbody tr');

async function changePassword(page: Page, current: string, next: string) {
  const section = page.getByTestId('settings-password');
  await section.getByLabel('Current password').fill(current);
  await section.getByLabel(/^New password/).fill(next);
  await section.getByLabel('Confirm new password').fill(next);
  await section.getByRole('button', { name: 'Change password' }).click();
}

async function signInWith(page: Page, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
}

test('a password change signs the other browser out; sessions can be listed and signed out', async ({ browser, page }) => {
  test.setTimeout(60_000); // two browsers, five sign-ins and three argon2 password changes, on a shared 2-core machine
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, EMAIL);
  await signIn(page, EMAIL);

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByTestId('settings-profile').getByLabel('First name')).toHaveValue('Riaan');
  await expect(page.getByTestId('settings-profile').getByLabel('Email')).toHaveValue(EMAIL);
  await expect(sessionRows(page)).toHaveCount(2);
  await expect(sessionRows(page).filter({ hasText: 'This device' })).toHaveCount(1);
  await expectAccessible(page);

  // The form's own rules, then the server's: a wrong current password is named on its field.
  const section = page.getByTestId('settings-password');
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await section.getByLabel('Confirm new password').fill('something else');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Passwords do not match')).toBeVisible();
  await changePassword(page, 'not-my-password', NEW_PASSWORD);
  await expect(section.getByText('Current password is incorrect')).toBeVisible();
  await expect(sessionRows(page)).toHaveCount(2);

  await changePassword(page, PASSWORD, NEW_PASSWORD);
  await expect(toastLocator(page)).toContainText('1 other session was signed out');
  await expect(sessionRows(page)).toHaveCount(1);

  // The other browser is signed out at its next request.
  // The "You are logged out" toast shows for half a second before the sign-in page: a loaded machine
  // can miss that window, so the test reads what stays — the sign-in page saying why.
  await other.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(other).toHaveURL(/\/login\?redirect=%2Fsettings&reason=session-ended/);
  await expect(other.getByText('Your session ended — sign in again')).toBeVisible();
  await signInWith(other, NEW_PASSWORD);
  await page.reload();
  await expect(sessionRows(page)).toHaveCount(2);

  // Sign the other browser out from the list.
  await sessionRows(page).filter({ hasNotText: 'This device' }).getByRole('button', { name: /^Sign out / }).click();
  await expect(toastLocator(page)).toContainText('Session signed out');
  await expect(sessionRows(page)).toHaveCount(1);
  await other.getByRole('link', { name: 'Messages' }).first().click();
  await expect(other).toHaveURL(/\/login/, { timeout: 10_000 });

  // Put the seeded password back, then sign this browser out from its own row.
  await changePassword(page, NEW_PASSWORD, PASSWORD);
  await expect(toastLocator(page)).toContainText('Password changed');
  await sessionRows(page).getByRole('button', { name: 'Sign out this device' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWith(page, PASSWORD);
  await otherContext.close();
});

test('a Patient has settings too, outside the shell; in demo mode the changes are refused with a reason', async ({ page }) => {
  await enterDemo(page, DEMO.patient, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to portal' })).toBeVisible();
  await expect(page.getByTestId('settings-profile').getByLabel('First name')).toHaveValue('Thabo');
  await expect(sessionRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toastLocator(page)).toContainText('Settings cannot be changed in demo mode.');
});

test('a private calendar link: made on /settings, read as iCalendar without a session, 404 once revoked', async ({ page }) => {
  await signInShared(page, 'doctor@thornhill-hospital.example');
  await page.goto('/settings');
  const section = page.getByTestId('settings-calendar-feed');
  await expect(section.getByRole('heading', { name: 'Calendar on your phone' })).toBeVisible();
  await expect(section).toContainText('Anyone with the link sees your appointments');
  await section.getByRole('button', { name: /Create private link|Make a new link/ }).click();
  const field = section.getByLabel('Your private calendar link');
  await expect(field).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(section.getByTestId('calendar-feed-state')).toContainText('active since');
  await expectAccessible(page);

  // A calendar app has no session: fetch the address with none (this server, whatever host the link names).
  const path = new URL(await field.inputValue()).pathname;
  const anonymous = await page.context().browser()!.newContext();
  const feed = await anonymous.request.get(new URL(path, page.url()).href);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('X-WR-CALNAME:CaseBridge — ');

  await section.getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(toastLocator(page)).toContainText('Link revoked');
  await expect(section.getByTestId('calendar-feed-state')).toContainText('no private calendar link');
  await expect(field).toHaveCount(0);
  expect((await anonymous.request.get(new URL(path, page.url()).href)).status()).toBe(404);
  await anonymous.close();
});
