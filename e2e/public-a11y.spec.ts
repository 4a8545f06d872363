import { expect, test } from '@playwright/test';
import { expectAccessible, toastLocator } from './public-helpers';

// The accessibility bar: every public page passes axe with no serious or critical violations.

const PAGES = [
  { path: '/', heading: /CaseBridge/ },
  { path: '/login', heading: 'Sign In' },
  { path: '/register', heading: 'Contact Us for Registration' },
  { path: '/trial-signup', heading: 'Start your free 30-day trial' },
  { path: '/superuser-register', heading: 'Super Admin Registration' },
  { path: '/user-select?platform=healthcare', heading: 'Choose your demo role' },
  { path: '/select-user?platform=legal', heading: 'Choose your demo role' },
  { path: '/user-select?platform=medicolegal', heading: 'Choose your demo role' },
  { path: '/no-such-page', heading: '404 Page Not Found' },
];

for (const { path, heading } of PAGES) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  });
}

test('the landing platform dialog is accessible', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try Demo Access' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});

test('forms showing their validation messages are accessible', async ({ page }) => {
  await page.goto('/trial-signup');
  await page.getByRole('button', { name: 'Request Free Trial' }).click();
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/superuser-register');
  await page.getByRole('button', { name: 'Create Super Admin Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectAccessible(page);
});

test('a destructive toast is accessible', async ({ page }) => {
  await page.route('**/trpc/onboarding.submitRegistration**', (route) => route.abort());
  await page.goto('/register');
  await page.getByLabel('Organization name').fill('Ndlovu & Partners Attorneys');
  await page.getByLabel('Contact person').fill('Sizwe Ndlovu');
  await page.getByLabel('Email').fill('sizwe@example.org');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(toastLocator(page)).toBeVisible();
  await expectAccessible(page);
});

test('a mobile-width landing page is accessible and does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
