import { expect, test } from '@playwright/test';
import { choose, toastLocator, uniqueEmail } from './public-helpers';

// SPEC §2.6, §3.7, §5, §8: the trial request.

test('an empty submit shows the four messages of §5', async ({ page }) => {
  await page.goto('/trial-signup');
  await page.getByRole('button', { name: 'Request Free Trial' }).click();
  for (const message of ['Organization name is required', 'Organization type is required', 'Contact person name is required', 'Valid email is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel('Organization name')).toBeFocused();
});

test('a valid request shows Request Submitted!, and is stored: the same e-mail again is refused', async ({ page }) => {
  const email = uniqueEmail('trial');
  const fill = async () => {
    await page.getByLabel('Organization name').fill('Karoo Valley Clinic');
    await choose(page, 'Platform', 'Healthcare');
    await choose(page, 'Organization type', 'Clinic');
    await page.getByLabel('Contact person name').fill('Anele Dube');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+27 23 555 0199');
    await page.getByLabel('City').fill('Beaufort West');
    await choose(page, 'Province', 'Western Cape');
    await page.getByLabel('Estimated beds').fill('24');
    await page.getByLabel('Estimated staff').fill('60');
    await choose(page, 'How did you hear about us?', 'Referral');
    await page.getByLabel('Specific needs').fill('Bed management and staff scheduling.');
  };

  await page.goto('/trial-signup');
  await expect(page.getByRole('heading', { name: "What's Included" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
  await fill();
  await page.getByRole('button', { name: 'Request Free Trial' }).click();

  await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible();
  await expect(toastLocator(page)).toContainText('Trial Request Submitted');
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Already have an account? Sign In' })).toHaveAttribute('href', '/api/login');

  // The server kept the request: a second one for the same e-mail is a duplicate.
  await page.goto('/trial-signup');
  await fill();
  await page.getByRole('button', { name: 'Request Free Trial' }).click();
  await expect(toastLocator(page)).toContainText('Submission Failed');
  await expect(toastLocator(page)).toContainText('already awaiting review');
  await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toHaveCount(0);
});

test('beds and staff must be whole numbers', async ({ page }) => {
  await page.goto('/trial-signup');
  await page.getByLabel('Estimated beds').fill('12.5');
  await page.getByRole('button', { name: 'Request Free Trial' }).click();
  await expect(page.getByText('Estimated beds must be a whole number')).toBeVisible();
});

test('a server failure shows the Submission Failed toast', async ({ page }) => {
  await page.route('**/trpc/onboarding.submitTrial**', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/trial-signup');
  await page.getByLabel('Organization name').fill('Karoo Valley Clinic');
  await choose(page, 'Platform', 'Healthcare');
  await choose(page, 'Organization type', 'Hospital');
  await page.getByLabel('Contact person name').fill('Anele Dube');
  await page.getByLabel('Email').fill(uniqueEmail('trial-fail'));
  await page.getByRole('button', { name: 'Request Free Trial' }).click();
  await expect(toastLocator(page)).toContainText('Submission Failed');
  await expect(toastLocator(page)).toContainText('Failed to submit trial request. Please try again.');
});

test('Back to Home links to /', async ({ page }) => {
  await page.goto('/trial-signup');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});
