import { expect, test } from '@playwright/test';
import { toastLocator } from './public-helpers';

// SPEC §2.3, §4, §8: sign-in.

const admin = { email: 'admin@thornhill-hospital.example', password: 'demo-pass-2026' };

test('a correct sign-in shows the Success toast and lands on /dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In | CaseBridge');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(toastLocator(page)).toContainText('Success');
  await expect(toastLocator(page)).toContainText('Logged in successfully');
});

test('a wrong password shows the server message in a destructive alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('both fields are required', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('shows Signing In... with disabled inputs while the request is pending', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Password')).toBeDisabled();
  release();
  await expect(page.getByRole('alert')).toBeVisible();
});

test('a network failure shows a fallback message', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort());
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('the sign-in form works with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  // The page arrives prerendered and its fields wait for the script (decision 0048): a keyboard user
  // starts once the form is live — its Sign In button enabled. (fill() and click() wait by themselves.)
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  // Tab from the top of the page to the e-mail field, type, Tab to the password, type, Enter.
  await page.locator('body').focus();
  const email = page.getByLabel('Email');
  for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await page.keyboard.type(admin.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard');
});

test('links to the demo, the trial, registration and home', async ({ page }) => {
  await page.goto('/login');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Try Demo Access' })).toHaveAttribute('href', '/select-user');
  await expect(main.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/trial-signup');
  await expect(main.getByRole('link', { name: 'Contact us for registration' })).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
});

test('a signed-out deep link goes to sign-in and back; a session that ends mid-use says so and returns', async ({ page, context }) => {
  // Issue 17: /patients bookmarked while signed out is a sign-in away, not a 404.
  await page.goto('/patients?q=Mabaso');
  await expect(page).toHaveURL('/login?redirect=%2Fpatients%3Fq%3DMabaso');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/patients?q=Mabaso');
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Cases' })).toBeVisible();

  // The session ends (signed out elsewhere, expired): the next request is refused. Which request
  // meets the refusal first — the click to /schedule, or a refetch of the page being left — decides
  // where sign-in returns to; both are where the person was.
  await page.waitForLoadState('networkidle');
  await context.clearCookies();
  await page.locator('a[href="/schedule"]').first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2F(schedule|patients%3Fq%3DMabaso)&reason=session-ended$/);
  const returnTo = new URL(page.url()).searchParams.get('redirect')!;
  await expect(page.getByRole('status').filter({ hasText: 'Your session ended — sign in again' })).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(returnTo);
});

test('the redirect parameter never leads to another site', async ({ page }) => {
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fpatients');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('the landing page and /login log no console error (no 401 from a session probe)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'CaseBridge' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.goto('/trial-signup');
  await expect(page.getByRole('button', { name: 'Request Free Trial' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
