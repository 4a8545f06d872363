import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { firstScanOf, screenStateOf } from './axe-once';

// Shared steps of the public-page specs.

/** The single toast on screen (SPEC §9: one at a time). */
export const toastLocator = (page: Page) => page.locator('[data-slot="toast"]');

/**
 * No serious or critical axe violations on the page as it is now. In the every-change tier a screen
 * state is scanned once per run (e2e/axe-once.ts); the full tier scans at every call.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!firstScanOf(await screenStateOf(page))) return;
  // A pointer left over a just-clicked button would measure its hover colour instead of its resting one.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Opens a Radix select and waits until its list has settled. Once the list is placed, Radix moves
 * the focus to the chosen item and scrolls it into view; a click aimed before that scroll lands on
 * whatever item slid under the pointer. That is the likeliest reading of a failure on a slow CI
 * machine: a role was picked, no "Role updated" came — as if the current role was picked again.
 */
export async function openSelect(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await page.waitForFunction(() => document.activeElement?.closest('[role="listbox"]') != null);
  return list;
}

/** Picks an option of a Radix select found by its label. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  const list = await openSelect(page, page.getByLabel(label));
  await list.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
}

/** The demo keys of SPEC §3.9 as stored in localStorage. */
export function demoKeys(page: Page) {
  return page.evaluate(() => {
    const keys = ['selected_platform', 'demo_user_id', 'demo_user_role', 'demo_user_name', 'demo_is_super_admin', 'demo_platform', 'demo_case_terminology'];
    return Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)]));
  });
}

/** A unique e-mail address per run, so stored requests never collide with an earlier run's. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
