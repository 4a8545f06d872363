import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signInShared } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// CRM Integration (SPEC §2.10, §4, §9): the three tabs, and Force Sync going to syncing and back to
// connected after 3 s, plus Disconnect / Connect / Mark Error — signed in and in demo mode. An
// organisation with none (the litigation unit, seeded and in the demo) gets the catalogue of §3.5's
// sample entries, whose Connect adds a real integration.

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
  await signInShared(page, 'admin@thornhill-hospital.example');
  await lifecycle(page, 'signed-in');
});

test('signed in as a Nurse: integrations are shown without controls', async ({ page }) => {
  await signInShared(page, 'nurse@thornhill-hospital.example');
  await openIntegrations(page);
  await expect(page.getByRole('button', { name: 'Force Sync' })).toHaveCount(0);
});

test('demo mode: Force Sync returns to connected', { tag: '@full' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.administrator);
  await lifecycle(page, 'demo');
});

const offered = (page: Page) => page.getByTestId('crm-catalogue-card');

/** The catalogue the litigation unit sees: its four systems, all disconnected and not yet added. */
async function openCatalogue(page: Page) {
  await page.goto('/crm');
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Integration' })).toBeVisible();
  await expect(page.getByText('No integrations yet: the Integrations tab lists')).toBeVisible();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('list', { name: 'Available integrations' })).toBeVisible();
  await expect(page.getByText('No integrations yet', { exact: true })).toBeVisible();
  await expect(offered(page)).toHaveCount(4);
  for (const name of ['Salesforce Health Cloud', 'Microsoft Dynamics 365', 'Zoho CRM', 'Clio Manage']) {
    const card = page.getByRole('group', { name });
    await expect(card.getByTestId('crm-status')).toHaveText('disconnected');
    await expect(card).toContainText('Available · not yet added');
  }
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page);
}

/** Connect on a catalogue card adds that integration, connected, and the catalogue gives way to it. */
async function connectFromCatalogue(page: Page, name: string, mode: string) {
  await page.getByRole('group', { name }).getByRole('button', { name: 'Connect' }).click();
  await updated(page);
  const card = cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card.getByTestId('crm-status')).toHaveText('connected');
  await expect(card.getByTestId('crm-last-sync')).toHaveText('Just now');
  await expect(offered(page)).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/crm-catalogue-${mode}-connected-desktop.png`, fullPage: true });

  // A real row: still there, still connected, after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(card.getByTestId('crm-status')).toHaveText('connected');
  await expect(offered(page)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('No integrations yet: the Integrations tab lists')).toHaveCount(0);
}

test('signed in with no integrations: the catalogue, read-only for an Attorney; Connect adds a real one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'attorney@gauteng-litigation.example');
  await openCatalogue(page);
  await expect(page.getByRole('button', { name: 'Connect' })).toHaveCount(0);
  await expect(page.getByText('an administrator or director can connect them')).toBeVisible();

  await page.context().clearCookies();
  await signInShared(page, 'admin@gauteng-litigation.example');
  await openCatalogue(page);
  await expect(page.getByRole('button', { name: 'Connect' })).toHaveCount(4);
  if (shots) {
    await page.screenshot({ path: `${shots}/crm-catalogue-signed-in-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/crm-catalogue-signed-in-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await connectFromCatalogue(page, 'Microsoft Dynamics 365', 'signed-in');
});

test('demo mode with no integrations: the same catalogue, and Connect adds one', { tag: '@full' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.unitAdministrator);
  await openCatalogue(page);
  await connectFromCatalogue(page, 'Clio Manage', 'demo');
});
