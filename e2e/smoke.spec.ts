import { expect, test, type Page } from '@playwright/test';

const admin = {
  email: 'admin@thornhill-hospital.example',
  password: 'demo-pass-2026',
  organization: 'Thornhill Community Hospital',
};

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

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
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expect(page.getByText(admin.organization)).toBeVisible();
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  await signIn(page, admin.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
  await expect(page).toHaveTitle('Sign In | CaseBridge');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('after signing out the dashboard asks to sign in and returns to /login', async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page.getByText('Signed in as')).toBeVisible();
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname !== '/dashboard');

  await page.goto('/dashboard');
  await expect(page.getByText('Please sign in to access your dashboard')).toBeVisible();
  await expect(page).toHaveURL('/login');
});
