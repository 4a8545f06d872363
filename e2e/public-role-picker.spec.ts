import { expect, test } from '@playwright/test';
import { DEMO_ROLES } from '../src/shared/demo-roles';
import { PLATFORMS, PLATFORM_CONFIG } from '../src/shared/platform';
import { demoKeys } from './public-helpers';

// SPEC §2.5, §3.8, §3.9: the role picker at /user-select and /select-user.

for (const platform of PLATFORMS) {
  test(`${platform}: 8 role cards with 3 permissions and '+1 more'`, async ({ page }) => {
    await page.goto(`/user-select?platform=${platform}`);
    const config = PLATFORM_CONFIG[platform];
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your demo role' })).toBeVisible();
    await expect(page.getByText(config.badge)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    const cards = page.getByRole('list', { name: `${config.name} demo roles` }).locator(':scope > li');
    await expect(cards).toHaveCount(8);
    for (const [index, role] of DEMO_ROLES[platform].entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: role.name })).toBeVisible();
      await expect(card).toContainText(role.title);
      await expect(card).toContainText(role.description);
      const permissions = card.getByRole('list', { name: `${role.name} permissions` });
      for (const phrase of role.permissions.slice(0, 3)) await expect(permissions).toContainText(phrase);
      await expect(permissions).not.toContainText(role.permissions[3]);
      await expect(permissions).toContainText('+1 more');
      await expect(card.getByRole('button', { name: `Login as ${role.name}`, exact: true })).toBeVisible();
    }
  });

  test(`${platform}: 'Login as' stores the demo identity and loads /`, async ({ page }) => {
    const role = DEMO_ROLES[platform][1]!;
    await page.goto(`/select-user?platform=${platform}`);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: `Login as ${role.name}`, exact: true }).click()]);
    await expect(page).toHaveURL('/');
    expect(await demoKeys(page)).toMatchObject({
      demo_user_id: role.id,
      demo_user_role: role.productRole,
      demo_user_name: role.personName,
      demo_is_super_admin: 'false',
      demo_platform: platform,
      demo_case_terminology: platform === 'healthcare' ? 'patient' : 'client',
    });
  });
}

test('without ?platform= the stored selected_platform applies, else healthcare', async ({ page }) => {
  await page.goto('/select-user');
  await expect(page.getByRole('list', { name: 'Healthcare demo roles' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('selected_platform', 'medicolegal'));
  await page.goto('/select-user');
  await expect(page.getByRole('list', { name: 'Medicolegal demo roles' })).toBeVisible();

  // The query parameter wins over the stored choice; an unknown value is ignored.
  await page.goto('/user-select?platform=legal');
  await expect(page.getByRole('list', { name: 'Legal demo roles' })).toBeVisible();
  await page.goto('/user-select?platform=dentistry');
  await expect(page.getByRole('list', { name: 'Medicolegal demo roles' })).toBeVisible();
});

test('the platform switcher changes the roles shown', async ({ page }) => {
  await page.goto('/user-select?platform=healthcare');
  await page.getByRole('navigation', { name: 'Demo platform' }).getByRole('link', { name: 'Legal', exact: true }).click();
  await expect(page).toHaveURL('/user-select?platform=legal');
  await expect(page.getByRole('list', { name: 'Legal demo roles' }).locator(':scope > li')).toHaveCount(8);
});
