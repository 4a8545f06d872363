import { expect, test, type Page } from '@playwright/test';
import { signIn } from './app-helpers';

// The application shell for a real, server-side session (SPEC §2.8, §2.9, §6, §8).

const nurse = { email: 'nurse@thornhill-hospital.example', name: 'Anele Mthembu' };

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a signed-in Nurse gets the shell with the real dashboard figures', async ({ page }) => {
  await signIn(page, nurse.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Nurse Dashboard' })).toBeVisible();
  await expect(page.getByTestId('header-role')).toHaveText('Nurse');
  await expect(page.getByText(nurse.name, { exact: true })).toBeVisible();
  await expect(page.getByText('AM', { exact: true })).toBeVisible();
  await expect(page.getByTestId('platform-badge')).toHaveText('Healthcare Platform');

  // The figures on screen are the server's, for this organisation.
  const response = await page.request.get('/api/dashboard/stats');
  expect(response.ok()).toBe(true);
  const stats = (await response.json()) as { activePatients: number; casesCompleted: number; teamMembers: number; bedOccupancy: number | null };
  const figure = (label: string) => page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: label, exact: true }) }).locator('p').first();
  await expect(figure('Active Patients')).toHaveText(String(stats.activePatients));
  // SPEC §2.9: a Nurse has the clinical view, led by the cases assigned to her.
  const work = (await (await page.request.get('/api/dashboard/workspace')).json()) as { myActiveCases: number };
  await expect(figure('My Active Cases')).toHaveText(String(work.myActiveCases));
  expect(stats.bedOccupancy).not.toBeNull();
  await expect(figure('Bed Occupancy')).toHaveText(`${stats.bedOccupancy}%`);

  // Reading A: a Nurse has the healthcare extras.
  await expect(mainNav(page).getByRole('link', { name: 'Bed Management' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Patient Cases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Cases' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Patient' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(1);

  // SPEC §2.12: cost management is for Administrators, so the Nurse's menu has no link to it
  // (decision 0027: no link to a refusal); typed in, it says so without a failing call.
  await expect(mainNav(page).getByRole('link', { name: 'Cost Management' })).toHaveCount(0);
  await page.goto('/cost-management');
  await expect(page.getByText('Only administrators and super admins can access cost management features.')).toBeVisible();
});

test('a session ended in another tab shows the logged-out toast and lands on /login', async ({ page, context }) => {
  await signIn(page, nurse.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Nurse Dashboard' })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/api/logout');
  await expect(other).toHaveURL('/');
  await other.close();

  await mainNav(page).getByRole('link', { name: 'Schedule' }).click();
  await expect(page.getByText('You are logged out. Logging in again...', { exact: true })).toBeVisible();
  // Issue 17: the sign-in page says why, and returns to the page afterwards.
  await expect(page).toHaveURL('/login?redirect=%2Fschedule&reason=session-ended');
  await expect(page.getByText('Your session ended — sign in again')).toBeVisible();
});

test('a deleted session cookie is noticed on the next navigation', async ({ page, context }) => {
  await signIn(page, nurse.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Nurse Dashboard' })).toBeVisible();
  // The toast lives 500 ms before the page goes to /login; record it as it appears rather than racing it.
  const seen: string[] = [];
  await page.exposeFunction('reportToast', (text: string) => seen.push(text));
  await page.evaluate(() => {
    const report = (window as unknown as { reportToast: (t: string) => void }).reportToast;
    const reported = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-slot="toast"]')) {
        if (!reported.has(toast) && toast.textContent?.includes('You are logged out. Logging in again...')) {
          reported.add(toast);
          report(toast.textContent);
        }
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await context.clearCookies();

  await mainNav(page).getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fmessages&reason=session-ended');
  // One toast, however many calls failed.
  expect(seen).toHaveLength(1);
});

test('Sign Out in the sidebar ends the session', async ({ page }) => {
  await signIn(page, nurse.email);
  await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard');
  await expect(page.getByText('Please sign in to access your dashboard')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('a signed-in Patient has only the portal', async ({ page }) => {
  // Sign-in lands on /dashboard; a Patient's one page is the portal at /.
  await signIn(page, 'patient@thornhill-hospital.example', '/');
  await expect(page.getByRole('heading', { name: 'Welcome, Thabo Mabaso' })).toBeVisible();
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});
