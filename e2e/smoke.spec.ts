import { expect, test } from '@playwright/test';
import { signIn } from './app-helpers';

const admin = {
  email: 'admin@thornhill-hospital.example',
  organization: 'Thornhill Community Hospital',
};

test('the landing page shows the product name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'CaseBridge' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/login');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('404 Page Not Found');
  await page.getByRole('link', { name: 'Go to the homepage' }).click();
  await expect(page).toHaveURL('/');
});

test('signing in lands on the dashboard with the user and organisation', async ({ page }) => {
  await signIn(page, admin.email);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome back', { exact: false })).toBeVisible();
  await expect(page.getByText(admin.organization)).toBeVisible();
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  // The shared signIn expects to arrive; this one must not, so the form is filled here.
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
  await expect(page).toHaveTitle('Sign In | CaseBridge');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('after signing out the dashboard asks to sign in and returns to /login', async ({ page }) => {
  await signIn(page, admin.email);
  await expect(page.getByText('Welcome back', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname !== '/dashboard');

  await page.goto('/dashboard');
  await expect(page.getByText('Please sign in to access your dashboard')).toBeVisible();
  await expect(page).toHaveURL('/login');
});
