import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, toastLocator } from './public-helpers';

// CRM Integration (SPEC §2.10, §4, §9): the three tabs, and Force Sync going to syncing and back to
// connected after 3 s, plus Disconnect / Connect / Mark Error — signed in and in demo mode.

const PASSWORD = 'demo-pass-2026';
const shots = process.env.SCREENSHOT_DIR;

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
}

async function enterDemoAdministrator(page: Page) {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('demo_user_id', 'hospital_administrator');
    localStorage.setItem('demo_user_role', 'Administrator');
    localStorage.setItem('demo_user_name', 'Johan Botha');
    localStorage.setItem('demo_is_super_admin', 'false');
    localStorage.setItem('demo_platform', 'healthcare');
    localStorage.setItem('demo_case_terminology', 'patient');
  });
  await page.goto('/');
}

const cards = (page: Page) => page.getByTestId('crm-card');
const updated = (page: Page) => expect(toastLocator(page)).toContainText('CRM integration updated successfully');

async function openIntegrations(page: Page) {
  await page.goto('/crm');
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Integration' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Status distribution' })).toBeVisible();
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/crm-analytics-desktop.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(cards(page).first()).toBeVisible();
}

/** The card lifecycle of SPEC §4 on one integration, the same in both modes. */
async function lifecycle(page: Page, mode: string) {
  await openIntegrations(page);
  await expectAccessible(page);
  const name = (await cards(page).first().getByRole('heading').textContent()) ?? '';
  const card = page.getByRole('group', { name });
  const forceSync = card.getByRole('button', { name: 'Force Sync' });

  // Whatever state it starts in, bring it to connected first.
  const status = card.getByTestId('crm-status');
  await expect(status).toHaveText(/\w/);
  if (['disconnected', 'error'].includes((await status.textContent()) ?? '')) {
    await card.getByRole('button', { name: 'Connect' }).click();
    await updated(page);
  }
  await expect(card.getByTestId('crm-status')).toHaveText('connected');

  await forceSync.click();
  await expect(card.getByTestId('crm-status')).toHaveText('syncing');
  await expect(forceSync).toBeDisabled();
  await expect(card.getByTestId('crm-last-sync')).toHaveText('Just now');
  if (shots) {
    await page.screenshot({ path: `${shots}/crm-${mode}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/crm-${mode}-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  // SPEC §9: connected again after 3 s.
  await expect(card.getByTestId('crm-status')).toHaveText('connected', { timeout: 8_000 });
  await expect(forceSync).toBeEnabled();
  await updated(page);

  await card.getByRole('button', { name: 'Mark Error' }).click();
  await expect(card.getByTestId('crm-status')).toHaveText('error');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(card.getByTestId('crm-status')).toHaveText('connected');
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByTestId('crm-status')).toHaveText('disconnected');
  await updated(page);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(card.getByTestId('crm-status')).toHaveText('connected');
}

test('signed in as an Administrator: Force Sync returns to connected', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@thornhill-hospital.example');
  await lifecycle(page, 'signed-in');
});

test('signed in as a Nurse: integrations are shown without controls', async ({ page }) => {
  await signIn(page, 'nurse@thornhill-hospital.example');
  await openIntegrations(page);
  await expect(page.getByRole('button', { name: 'Force Sync' })).toHaveCount(0);
});

test('demo mode: Force Sync returns to connected', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemoAdministrator(page);
  await lifecycle(page, 'demo');
});
