import { expect, test } from '@playwright/test';

// Screenshots of every public page at desktop and phone sizes, for a person to look at.
// Opt-in: SCREENSHOT_DIR=/some/dir npx playwright test e2e/public-screenshots.spec.ts

const dir = process.env.SCREENSHOT_DIR;
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'trial-signup', path: '/trial-signup' },
  { name: 'superuser-register', path: '/superuser-register' },
  { name: 'user-select-healthcare', path: '/user-select?platform=healthcare' },
  { name: 'select-user-legal', path: '/select-user?platform=legal' },
  { name: 'user-select-medicolegal', path: '/user-select?platform=medicolegal' },
  { name: '404', path: '/no-such-page' },
];

test.describe('public page screenshots', () => {
  test.skip(!dir, 'set SCREENSHOT_DIR to take screenshots');

  for (const size of SIZES) {
    for (const { name, path } of PAGES) {
      test(`${name} at ${size.name}`, async ({ page }) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({ path: `${dir}/${name}-${size.name}.png`, fullPage: true });
        // Tall phone pages are also saved a screen at a time, readable without zooming.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, part = 1; size.name === 'phone' && y < height; y += size.height, part++) {
          const clip = { x: 0, y, width: size.width, height: Math.min(size.height, height - y) };
          await page.screenshot({ path: `${dir}/${name}-${size.name}-${part}.png`, fullPage: true, clip });
        }
      });
    }

    test(`platform dialog at ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/');
      await page.getByRole('button', { name: 'Try Demo Access' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${dir}/landing-dialog-${size.name}.png` });
    });

    test(`trial validation and toast at ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.route('**/trpc/onboarding.submitRegistration**', (route) => route.abort());
      await page.goto('/trial-signup');
      await page.getByRole('button', { name: 'Request Free Trial' }).click();
      await expect(page.getByText('Valid email is required')).toBeVisible();
      await page.screenshot({ path: `${dir}/trial-signup-errors-${size.name}.png`, fullPage: true });
      await page.goto('/register');
      await page.getByLabel('Organization name').fill('Ndlovu & Partners Attorneys');
      await page.getByLabel('Contact person').fill('Sizwe Ndlovu');
      await page.getByLabel('Email').fill('sizwe@example.org');
      await page.getByRole('button', { name: 'Send Request' }).click();
      await expect(page.locator('[data-slot="toast"]')).toBeVisible();
      await page.screenshot({ path: `${dir}/register-toast-${size.name}.png` });
    });
  }
});
