import type { Page } from '@playwright/test';

/**
 * Collects what the page's Content-Security-Policy blocked (issue 16): Chromium's console message
 * ("Refused to … because it violates the following Content Security Policy directive …") and the
 * page's own securitypolicyviolation events. Call before the first navigation; read at the end.
 */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy') || message.text().startsWith('CSP violation')) violations.push(`${page.url()}: ${message.text()}`);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}
