import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../src/server/test-support/pdf-text';
import { signInShared } from './app-helpers';
import { HEALTH_WORDS, healthWordsOn } from './health-words';

// Issue 32: a law firm's director meets no "patient", "medical aid" or "department" on the legal
// platform — in a walk over every screen of the sidebar, every tab of a matter, the dialogs those
// screens open, and the matter's PDF. (The medicolegal platform works on claimants' hospital records,
// where those words belong.) Every legal role's walk (e2e/role-walk.ts) reads its screens for them too.

/**
 * Nothing still loading. (Waiting for the network to go idle cost half a second a screen — a third of
 * this walk — and the screens mark what they load with aria-busy.)
 */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

/** Opens each dialog a button of the main region offers (new, add, record, edit …), reads it and closes it. */
async function dialogsOf(page: Page, where: string, found: string[]): Promise<number> {
  const names = (await page.getByRole('main').getByRole('button').allInnerTexts()).map((n) => n.trim()).filter((n) => /^(new|add|record|edit|upload|log|start|schedule|compose|invite)\b/i.test(n));
  let opened = 0;
  for (const name of [...new Set(names)]) {
    const button = page.getByRole('main').getByRole('button', { name, exact: true }).first();
    if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
    await button.click();
    const dialog = page.getByRole('dialog');
    if (!(await dialog.isVisible().catch(() => false))) {
      await page.keyboard.press('Escape');
      continue;
    }
    opened += 1;
    for (const line of await healthWordsOn(page)) found.push(`${where} › ${name}: ${line}`);
    await page.keyboard.press('Escape');
    // A dialog whose first field holds the focus in a popup (a select) takes two Escapes.
    if (await dialog.isVisible().catch(() => false)) await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  return opened;
}

test('a law-firm director meets no health words on any screen, tab, dialog or PDF of the legal platform', async ({ page }) => {
  test.setTimeout(90_000);
  await signInShared(page, 'director@mokoena-attorneys.example');
  const found: string[] = [];
  const nav = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(nav.getByRole('link', { name: 'Matters' })).toBeVisible();
  const sidebar = await nav.getByRole('link').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
  expect(sidebar).toContain('/clients');
  for (const href of sidebar) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(page);
    for (const line of await healthWordsOn(page)) found.push(`${href}: ${line}`);
    await dialogsOf(page, href, found);
  }

  // A matter and each of its tabs, with the dialogs they open.
  await page.goto('/clients');
  const first = page.getByRole('table', { name: 'Matters' }).getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\/clients\/[^/?]+/);
  const caseId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('tab').first()).toBeVisible();
  let dialogs = 0;
  for (const tab of await page.getByRole('tab').allInnerTexts()) {
    await page.getByRole('tab', { name: tab.trim(), exact: true }).click();
    await settled(page);
    for (const line of await healthWordsOn(page)) found.push(`matter › ${tab.trim()}: ${line}`);
    dialogs += await dialogsOf(page, `matter › ${tab.trim()}`, found);
  }
  expect(dialogs).toBeGreaterThan(3);

  const pdf = await page.request.get(`/api/patient-cases/${caseId}/trial-readiness.pdf`);
  expect(pdf.ok()).toBe(true);
  for (const line of pdfText(await pdf.body()).split('\n')) if (HEALTH_WORDS.test(line)) found.push(`trial-readiness PDF: ${line}`);

  expect(found).toEqual([]);
});
