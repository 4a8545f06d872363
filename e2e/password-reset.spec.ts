import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '../src/server/auth/password';
import { serverDatabaseFile } from './app-helpers';
import { expectAccessible } from './public-helpers';

// Issue 16, password reset in the browser: /login → "Forgot password?" → ask for a link → read it from
// the e2e server's outbox (no SMTP there) → open it → a common password is refused → a new password
// → "Password changed" → sign in with it. The account is made for this run, so no other spec's
// sign-in is disturbed.

const ORGANISATION_ADMIN = 'admin@thornhill-hospital.example';
const OLD_PASSWORD = 'an-old-passphrase-2026';
const NEW_PASSWORD = 'copper-kettle-on-the-stoep';

test.use({ viewport: { width: 1280, height: 800 } });

/** A Nurse of the seeded Thornhill hospital, written straight into the server's database. */
async function createMember(page: Page): Promise<string> {
  const email = `reset-${Date.now()}@thornhill-hospital.example`;
  const passwordHash = await hashPassword(OLD_PASSWORD);
  const db = new Database(serverDatabaseFile(page), { timeout: 5000 });
  try {
    const { organization_id } = db
      .prepare('select m.organization_id from memberships m join users u on u.id = m.user_id where u.email = ?')
      .get(ORGANISATION_ADMIN) as { organization_id: string };
    const now = new Date().toISOString();
    const userId = randomUUID();
    db.prepare(
      `insert into users (id, email, password_hash, first_name, last_name, department, profile_image_url, is_super_admin, is_active, last_seen_at, created_at, updated_at)
       values (?, ?, ?, 'Palesa', 'Molefe', null, null, 0, 1, null, ?, ?)`,
    ).run(userId, email, passwordHash, now, now);
    db.prepare(`insert into memberships (id, organization_id, user_id, role, status, created_at, updated_at) values (?, ?, ?, 'Nurse', 'active', ?, ?)`).run(
      randomUUID(), organization_id, userId, now, now,
    );
  } finally {
    db.close();
  }
  return email;
}

/** The reset link last e-mailed to `email`, read from the outbox as its owner would read the mail. */
function resetLinkMailedTo(page: Page, email: string): string {
  const db = new Database(serverDatabaseFile(page), { readonly: true, timeout: 5000 });
  try {
    const row = db.prepare("select text_body from email_outbox where to_address = ? and kind = 'password-reset' order by created_at desc limit 1").get(email) as
      | { text_body: string }
      | undefined;
    const link = row && /https?:\/\/\S+\/reset-password\?token=[a-z2-7]+/.exec(row.text_body)?.[0];
    if (!link) throw new Error(`no password reset e-mail to ${email}`);
    return link;
  } finally {
    db.close();
  }
}

test('a member who forgot their password asks for a link, sets a new password with it and signs in', async ({ page }, testInfo) => {
  await page.goto('/login');
  const email = await createMember(page);
  await page.screenshot({ path: testInfo.outputPath('login.png') });

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('forgot-password.png'), fullPage: true });

  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('If an account uses this e-mail address, we have sent it a link');
  await page.screenshot({ path: testInfo.outputPath('forgot-password-sent.png'), fullPage: true });

  const link = new URL(resetLinkMailedTo(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('reset-password.png'), fullPage: true });

  // A password from the common list is refused by the server, on the field.
  await page.getByLabel(/^New password/).fill('Password123');
  await page.getByLabel(/^Confirm new password/).fill('Password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/This password is too common/)).toBeVisible();

  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your password has been changed. Sign in with your new password.');
  await page.screenshot({ path: testInfo.outputPath('reset-password-done.png'), fullPage: true });

  // The link worked once.
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^New password/).fill('another-copper-kettle');
  await page.getByLabel(/^Confirm new password/).fill('another-copper-kettle');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
});
