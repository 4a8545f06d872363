import { expect, test } from '@playwright/test';
import { choose, toastLocator, uniqueEmail } from './public-helpers';

// SPEC §2.4, §5, §8: 'Contact Us for Registration'.

test('offers the §5 options, alternatives and direct contact details', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us for Registration' })).toBeVisible();
  await page.getByLabel('Platform').click();
  await expect(page.getByRole('option')).toHaveText(['Healthcare', 'Legal', 'Medicolegal', 'Multiple platforms']);
  await page.keyboard.press('Escape');
  await page.getByLabel('Organization type').click();
  await expect(page.getByRole('option')).toHaveCount(7);
  await page.keyboard.press('Escape');
  await page.getByLabel('Number of users').click();
  await expect(page.getByRole('option')).toHaveText(['1-10 users', '11-50 users', '51-100 users', '101-500 users', '500+ users']);
  await page.keyboard.press('Escape');

  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /free 30-day trial/i })).toHaveAttribute('href', '/trial-signup');
  await expect(main.getByRole('link', { name: /Try the demo/ })).toHaveAttribute('href', '/select-user');
  await expect(main.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(main.getByRole('link', { name: /\+27/ })).toHaveAttribute('href', /^tel:\+27/);
});

test('required fields are checked before sending', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Organization name is required')).toBeVisible();
  await expect(page.getByText('Contact person is required')).toBeVisible();
  await expect(page.getByText('Valid email is required')).toBeVisible();
});

test('a sent request shows Sending Request..., the success toast and the confirmation', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/onboarding.submitRegistration**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/register');
  await page.getByLabel('Organization name').fill('Ndlovu & Partners Attorneys');
  await page.getByLabel('Contact person').fill('Sizwe Ndlovu');
  await page.getByLabel('Email').fill(uniqueEmail('contact'));
  await page.getByLabel('Phone').fill('+27 11 555 0123');
  await choose(page, 'Organization type', 'Law Firm');
  await choose(page, 'Platform', 'Legal');
  await choose(page, 'Number of users', '11-50 users');
  await page.getByLabel('Message').fill('We would like to move our litigation matters onto CaseBridge.');
  await page.getByRole('button', { name: 'Send Request' }).click();

  await expect(page.getByRole('button', { name: 'Sending Request...' })).toBeDisabled();
  await expect(page.getByLabel('Organization name')).toBeDisabled();
  release();

  await expect(toastLocator(page)).toContainText('Message Sent Successfully');
  await expect(toastLocator(page)).toContainText('Our team will contact you within 24 hours to set up your account.');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(main.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/trial-signup');
  await expect(main.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
});

test('a failed send shows the destructive Error toast', async ({ page }) => {
  await page.route('**/trpc/onboarding.submitRegistration**', (route) => route.abort());
  await page.goto('/register');
  await page.getByLabel('Organization name').fill('Ndlovu & Partners Attorneys');
  await page.getByLabel('Contact person').fill('Sizwe Ndlovu');
  await page.getByLabel('Email').fill(uniqueEmail('contact-fail'));
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(toastLocator(page)).toContainText('Error');
  await expect(toastLocator(page)).toContainText('Failed to send message. Please try again or contact us directly.');
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled();
});
