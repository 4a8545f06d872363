import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, shots, signInShared } from './app-helpers';
import { choose, expectAccessible } from './public-helpers';

// Education (SPEC §2.10, §3.4, §5, §9): search and the category and type filters narrow the list,
// 'No resources' when nothing matches, and labelled sample resources only when the server has none.

const cards = (page: Page) => page.getByTestId('resource-card');

async function filters(page: Page, mode: string) {
  await page.goto('/education');
  await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText('Sample resources')).toHaveCount(0);
  await expectAccessible(page);
  if (shots) {
    await page.screenshot({ path: `${shots}/education-${mode}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/education-${mode}-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  const all = await cards(page).count();
  await expect(cards(page).first()).toContainText('minutes');

  // Category: every card left carries the chosen category, and fewer than all remain.
  await choose(page, 'Category', 'Compliance');
  const compliance = await cards(page).count();
  expect(compliance).toBeGreaterThan(0);
  expect(compliance).toBeLessThan(all);
  for (const card of await cards(page).all()) await expect(card).toContainText(/compliance/i);

  // Search is a case-insensitive substring on title and description.
  await choose(page, 'Category', 'All categories');
  await expect(cards(page)).toHaveCount(all);
  await page.getByLabel('Search').fill('POPIA');
  // The list filters a render later (a deferred value): count once it has narrowed.
  await expect(cards(page)).not.toHaveCount(all);
  const popia = await cards(page).count();
  expect(popia).toBeGreaterThan(0);
  expect(popia).toBeLessThan(all);
  await page.getByLabel('Search').fill('popia');
  await expect(cards(page)).toHaveCount(popia);

  // Type narrows too; a combination that matches nothing shows the empty state.
  await page.getByLabel('Search').fill('');
  await choose(page, 'Type', 'Video');
  for (const card of await cards(page).all()) await expect(card).toContainText('Video');
  await page.getByLabel('Search').fill(`nothing like this ${Date.now()}`);
  await expect(page.getByRole('heading', { name: 'No resources' })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page);
}

test('signed in: search, category and type filters narrow the resources', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'nurse@thornhill-hospital.example');
  await filters(page, 'signed-in');
});

test('demo mode: search, category and type filters narrow the fixtures', { tag: '@full' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.doctor);
  await filters(page, 'demo');
});

test('signed in with no resources of its own: labelled sample resources are shown', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The seeded litigation unit has no library of its own.
  await signInShared(page, 'attorney@gauteng-litigation.example');
  await page.goto('/education');
  await expect(page.getByRole('list', { name: 'Sample resources' })).toBeVisible();
  await expect(page.getByText('Sample resources', { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/education-samples-desktop.png`, fullPage: true });
});
