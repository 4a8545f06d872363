import type { Page } from '@playwright/test';

// Issue 32: the legal platform speaks law. These words belong to hospitals (and to the medicolegal
// platform, which works on claimants' hospital records), never to a law firm's screens.
export const HEALTH_WORDS = /\bpatients?\b|medical aid|department/i;

/** The lines of the page (text, placeholders, labels, titles) that use a health-only word. */
export async function healthWordsOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('[placeholder],[aria-label],[title]')].map((e) => [e.getAttribute('placeholder'), e.getAttribute('aria-label'), e.getAttribute('title')].filter(Boolean).join(' ')),
    ].join('\n'),
  );
  return text.split('\n').filter((line) => HEALTH_WORDS.test(line)).map((line) => line.trim().slice(0, 120));
}
