import type { Page } from '@playwright/test';

/** What went wrong in the page's script: a failed hydration is reported as an uncaught error. Call before the first navigation. */
export function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
