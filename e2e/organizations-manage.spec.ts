import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signIn } from './app-helpers';
import { choose, expectAccessible, toastLocator } from './public-helpers';

// Organizations (SPEC §2.10, §4, §5, §8): create with validation, edit pre-filled, deactivate with a
// confirm — as the seeded Super Admin against the server and as the demo Super Admin. Each run
// creates its own uniquely named organisation, so other specs' rows never matter.

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function lifecycle(page: Page, mode: string) {
  const name = `Polokwane Care Centre ${Date.now()}`;
  await page.goto('/organizations');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible();
  await expectAccessible(page);
  if (shots) {
    await page.screenshot({ path: `${shots}/organizations-${mode}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/organizations-${mode}-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Create, with the §5 rules first.
  await page.getByRole('button', { name: 'New Organization' }).click();
  const create = page.getByRole('dialog', { name: 'Create Organization' });
  await expect(create.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await expect(create.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(create.getByLabel('Total Beds')).toHaveAttribute('min', '0');
  await create.getByRole('button', { name: 'Create Organization' }).click();
  await expect(create.getByText('Organization name is required')).toBeVisible();
  await create.getByLabel('Organization Name').fill(name);
  await create.getByLabel('Email').fill('not-an-email');
  await create.getByLabel('Total Beds').fill('-4');
  await create.getByRole('button', { name: 'Create Organization' }).click();
  await expect(create.getByText('Enter a valid email address')).toBeVisible();
  await expect(create.getByText('Total beds cannot be negative')).toBeVisible();
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/organizations-${mode}-create-desktop.png` });
  await create.getByLabel('Email').fill('info@polokwane-care.example');
  await create.getByLabel('Total Beds').fill('24');
  await choose(page, 'Type', 'Clinic');
  await choose(page, 'Province', 'Limpopo');
  await create.getByLabel('City').fill('Polokwane');
  await create.getByLabel('Phone').fill('+27 15 291 4000');
  await create.getByRole('button', { name: 'Create Organization' }).click();
  await expect(toastLocator(page)).toContainText('Organization created successfully');
  await expect(create).toBeHidden();
  await expect(row(page, name)).toContainText('Active');

  // Edit: the dialog opens pre-filled.
  await row(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Organization' });
  await expect(edit.getByLabel('Organization Name')).toHaveValue(name);
  await expect(edit.getByLabel('Email')).toHaveValue('info@polokwane-care.example');
  await expect(edit.getByLabel('Total Beds')).toHaveValue('24');
  await expect(edit.getByLabel('Province')).toHaveText('Limpopo');
  await edit.getByLabel('City').fill('Mokopane');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastLocator(page)).toContainText('Organization updated successfully');
  await expect(edit).toBeHidden();
  await expect(row(page, name)).toContainText('Mokopane, Limpopo');

  // Deactivate, after a confirm.
  await row(page, name).getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate organization?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toastLocator(page)).toContainText('Organization deactivated successfully');
  await expect(row(page, name)).toContainText('Inactive');
  await expect(row(page, name).getByRole('button', { name: `Deactivate ${name}` })).toHaveCount(0);
}

test('signed in as the Super Admin: create, edit and deactivate an organization', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'superadmin@casebridge.example');
  await lifecycle(page, 'signed-in');
});

test('demo Super Admin: create, edit and deactivate an organization', { tag: '@full' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.superAdmin);
  await lifecycle(page, 'demo');
});
