import { expect, test } from '@playwright/test';
import { demoKeys } from './public-helpers';

// SPEC §2.1, §2.2: the landing page at / for a visitor without an identity, and the 404 page.

test.describe('landing page', () => {
  test('has the header, hero and closing links of §2.2', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('CaseBridge');
    await expect(page).toHaveTitle(/CaseBridge/);

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Try Demo', exact: true })).toHaveAttribute('href', '/select-user');

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Start Free 30-Day Trial' }).first()).toHaveAttribute('href', '/trial-signup');
    await expect(main.getByRole('link', { name: 'Sign In to Account' })).toHaveAttribute('href', '/login');
    await expect(main.getByRole('link', { name: 'Demo Platform' })).toHaveAttribute('href', '/user-select?platform=healthcare');
    await expect(page.getByRole('heading', { name: 'Demo Access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Alternative Access' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('sets the SEO and social tags of §2.1', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /South African/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /case management/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /CaseBridge/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
  });

  test('the Try Demo Access dialog stores the platform and opens the role picker', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try Demo Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a demo platform' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveCount(4); // three platforms and Close
    await dialog.getByRole('button', { name: /^Legal/ }).click();
    await expect(page).toHaveURL('/user-select');
    expect((await demoKeys(page)).selected_platform).toBe('legal');
    await expect(page.getByText('Legal Platform')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Legal demo roles' }).locator(':scope > li')).toHaveCount(8);
  });

  test('the dialog closes with Escape and returns focus to its trigger', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Try Demo Access' });
    await trigger.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the Demo Access section repeats the three platform choices', async ({ page }) => {
    await page.goto('/');
    for (const name of ['Healthcare', 'Legal', 'Medicolegal']) {
      await expect(page.getByRole('button', { name: `Explore ${name} Demo` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Explore Medicolegal Demo' }).click();
    await expect(page).toHaveURL('/user-select');
    expect((await demoKeys(page)).selected_platform).toBe('medicolegal');
    await expect(page.getByRole('list', { name: 'Medicolegal demo roles' }).locator(':scope > li')).toHaveCount(8);
  });

  test('Patient Portal stores the patient demo identity and loads /', async ({ page }) => {
    await page.goto('/');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Patient Portal' }).click()]);
    await expect(page).toHaveURL('/');
    const keys = await demoKeys(page);
    expect(keys).toMatchObject({
      demo_user_id: 'patient1',
      demo_user_role: 'Patient',
      demo_is_super_admin: 'false',
      demo_platform: 'healthcare',
      demo_case_terminology: 'patient',
    });
    expect(keys.demo_user_name).toBeTruthy();
  });

  test('Sign In to Existing Account navigates through /api/login to the sign-in page', async ({ page }) => {
    await page.goto('/');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.getByRole('button', { name: 'Sign In to Existing Account' }).click();
    await expect(page).toHaveURL('/login');
    expect(requests).toContain('/api/login');
  });
});

test('an unknown path shows the 404 page with the brand and a way back home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('404 Page Not Found');
  await expect(page.getByRole('banner').getByRole('link', { name: 'CaseBridge' })).toHaveAttribute('href', '/');
  await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CaseBridge' })).toBeVisible();
});
