import { expect, test } from '@playwright/test';
import { nextTotpCode } from './app-helpers';
import { uniqueEmail } from './public-helpers';

// SPEC §2.7, §5, §8: Super Admin registration.

test('all fields are required', async ({ page }) => {
  await page.goto('/superuser-register');
  await page.getByRole('button', { name: 'Create Super Admin Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Super admin secret key is required')).toBeVisible();
});

test('passwords must match and be at least 8 characters', async ({ page }) => {
  await page.goto('/superuser-register');
  await page.getByLabel(/^Password\*?$/).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create Super Admin Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('the server refusal shows in an alert; links to sign-in and home', async ({ page }) => {
  await page.goto('/superuser-register');
  await page.getByLabel('First name').fill('Zodwa');
  await page.getByLabel('Last name').fill('Mkhize');
  await page.getByLabel('Email').fill(uniqueEmail('super'));
  await page.getByLabel(/^Password\*?$/).fill('a-long-password');
  await page.getByLabel('Confirm password').fill('a-long-password');
  await page.getByLabel('Super admin secret key').fill('not-the-secret-key');
  await page.getByRole('button', { name: 'Create Super Admin Account' }).click();
  // The e2e server's SUPER_ADMIN_SECRET is e2e-super-admin-secret-2026 (playwright.config.ts).
  await expect(page.getByRole('alert')).toHaveText('Invalid super admin secret key');
  await expect(page).toHaveURL('/superuser-register');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('a network failure reads Registration failed. Please try again.', async ({ page }) => {
  await page.route('**/trpc/auth.registerSuperuser**', (route) => route.abort());
  await page.goto('/superuser-register');
  await page.getByLabel('First name').fill('Zodwa');
  await page.getByLabel('Last name').fill('Mkhize');
  await page.getByLabel('Email').fill(uniqueEmail('super'));
  await page.getByLabel(/^Password\*?$/).fill('a-long-password');
  await page.getByLabel('Confirm password').fill('a-long-password');
  await page.getByLabel('Super admin secret key').fill('whatever-key');
  await page.getByRole('button', { name: 'Create Super Admin Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Registration failed. Please try again.');
});

test('success with the server secret sets up two-factor sign-in, shows the toast and goes to /dashboard as Super Admin', async ({ page }) => {
  await page.goto('/superuser-register');
  await page.getByLabel('First name').fill('Zodwa');
  await page.getByLabel('Last name').fill('Mkhize');
  await page.getByLabel('Email').fill(uniqueEmail('super'));
  await page.getByLabel(/^Password\*?$/).fill('a-long-password');
  await page.getByLabel('Confirm password').fill('a-long-password');
  await page.getByLabel('Super admin secret key').fill('e2e-super-admin-secret-2026');
  await page.getByRole('button', { name: 'Create Super Admin Account' }).click();
  // Super Admins must use two-factor sign-in: scan (here: read) the key, answer a code, keep the recovery codes.
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Authentication code').fill(await nextTotpCode(page, secret));
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes — continue' }).click();
  await expect(page.locator('[data-slot="toast"]')).toContainText('Super Admin account created successfully! You now have full system access.');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Zodwa Mkhize').first()).toBeVisible();
  await expect(page.getByText('Super Admin').first()).toBeVisible();
});
