import { createHash } from 'node:crypto';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import { FULL_TIER } from './tier';

// "Axe once per screen state" (decision 0046): a screen state — its address, selected tabs, open
// dialog or menu, and width — is scanned once per run, by whichever spec or role walk reaches it
// first, on either worker; a second visit in the same state differs only in its data. The claims
// are files under the run's output folder, which Playwright empties at the start of every run.
// The full tier scans at every call.

/** The screen state now showing, as a key. */
export function screenStateOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const nameOf = (element: Element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      return labelledBy ? document.getElementById(labelledBy)?.textContent : element.getAttribute('aria-label');
    };
    const open = [...document.querySelectorAll('[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]')].map((e) => `${e.getAttribute('role')}:${nameOf(e)}`);
    const tabs = [...document.querySelectorAll('[role="tab"][aria-selected="true"]')].map((e) => e.textContent);
    return `${location.pathname}${location.search}|${tabs.join(',')}|${open.join(',')}|${window.innerWidth}`;
  });
}

/** True when this call should scan `state`: the first in the run (always, in the full tier). */
export function firstScanOf(state: string): boolean {
  if (FULL_TIER) return true;
  const dir = join(test.info().project.outputDir, '.axe-scanned');
  mkdirSync(dir, { recursive: true });
  try {
    closeSync(openSync(join(dir, createHash('sha1').update(state).digest('hex')), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
