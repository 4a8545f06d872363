import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '../src/server/auth/password';
import { PASSWORD_RESET_LIFETIME_MINUTES } from '../src/shared/domain/password-reset';
import { formatDate, formatSaTime } from '../src/shared/format';
import { serverDatabaseFile, signIn } from './app-helpers';
import { expectAccessible } from './public-helpers';

// Issue 32, "Done when": on an install without a mail server (the e2e server has no SMTP_URL), an
// Administrator resets a colleague's password from the Administration section of the sidebar: they
// confirm, are shown the link with its expiry, copy it and give it to the colleague, who sets a new
// password with it and signs in. The audit trail names the colleague and says the link was shown.

const ADMIN = 'admin@thornhill-hospital.example';
const OLD_PASSWORD = 'an-old-passphrase-2026';
const NEW_PASSWORD = 'copper-kettle-on-the-stoep';

/** A Clinical Staff member of the seeded hospital, made for this run (no other spec signs in as them). */
async function createColleague(page: Page): Promise<{ email: string; name: string }> {
  const email = `copied-link-${Date.now()}@thornhill-hospital.example`;
  const lastName = `Mokoena ${Date.now().toString(36)}`;
  const passwordHash = await hashPassword(OLD_PASSWORD);
  const db = new Database(serverDatabaseFile(page), { timeout: 5000 });
  try {
    const { organization_id } = db
      .prepare('select m.organization_id from memberships m join users u on u.id = m.user_id where u.email = ?')
      .get(ADMIN) as { organization_id: string };
    const now = new Date().toISOString();
    const userId = randomUUID();
    db.prepare(
      `insert into users (id, email, password_hash, first_name, last_name, department, profile_image_url, is_super_admin, is_active, last_seen_at, created_at, updated_at)
       values (?, ?, ?, 'Thandi', ?, null, null, 0, 1, null, ?, ?)`,
    ).run(userId, email, passwordHash, lastName, now, now);
    db.prepare(`insert into memberships (id, organization_id, user_id, role, status, created_at, updated_at) values (?, ?, ?, 'Clinical Staff', 'active', ?, ?)`).run(
      randomUUID(), organization_id, userId, now, now,
    );
  } finally {
    db.close();
  }
  return { email, name: `Thandi ${lastName}` };
}

/** "Expires …" as the dialog says it: 30 minutes after the link was made, in the app's SA date style. */
const expiryOf = (madeAt: number) => {
  const at = new Date(madeAt + PASSWORD_RESET_LIFETIME_MINUTES * 60_000).toISOString();
  return `Expires ${formatDate(at)}, ${formatSaTime(at)}`;
};

test('an Administrator without a mail server resets a colleague’s password by copying the link; the colleague signs in with the new one', async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The colleague exists before the Administrator signs in: the dashboard's member list is read (and
  // kept by the client) at sign-in, as a colleague added earlier would be.
  await page.goto('/login');
  const colleague = await createColleague(page);
  await signIn(page, ADMIN);

  // Users is in the sidebar's Administration section.
  const administration = page.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'Administration' });
  await administration.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Asked first, naming what happens; then shown the link, with its expiry.
  await page.getByRole('button', { name: `Send ${colleague.name} a password reset link` }).click();
  const confirm = page.getByRole('dialog', { name: `Create a password reset link for ${colleague.name}?` });
  await expect(confirm).toContainText('No mail server is set up');
  const before = Date.now();
  await confirm.getByRole('button', { name: 'Create link' }).click();
  const shown = page.getByRole('dialog', { name: `Password reset link for ${colleague.name}` });
  await expect(shown).toBeVisible();
  const after = Date.now();
  const expiry = (await shown.getByTestId('shared-link-expiry').innerText()).trim();
  expect([expiryOf(before), expiryOf(after)]).toContain(expiry);
  await expectAccessible(page);

  await shown.getByRole('button', { name: 'Copy link' }).click();
  await expect(shown.getByRole('status')).toHaveText('The link is copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/reset-password\?token=[a-z2-7]{32}$/);
  expect(link).toBe(await shown.getByLabel('Password reset link').inputValue());
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The colleague, in a browser of their own, opens the link they were given.
  const theirs = await browser.newContext();
  const guest = await theirs.newPage();
  const url = new URL(link);
  await guest.goto(url.pathname + url.search);
  await expect(guest.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await guest.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await guest.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await guest.getByRole('button', { name: 'Set new password' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
  await guest.goto('/login');
  await guest.getByLabel('Email').fill(colleague.email);
  await guest.getByLabel('Password').fill(NEW_PASSWORD);
  await guest.getByRole('button', { name: 'Sign In' }).click();
  await expect(guest).toHaveURL('/dashboard');
  await theirs.close();

  // The trail names the colleague (not an id) and says the link was shown.
  await administration.getByRole('link', { name: 'Audit Trail' }).click();
  await page.getByLabel('Action').selectOption('password-reset');
  await expect(page).toHaveURL(/action=password-reset/);
  const row = page.getByRole('table', { name: 'Audit trail entries, newest first' }).getByRole('row').filter({ hasText: 'Link shown to the sender' }).first();
  await expect(row).toContainText(colleague.name);
  await expect(row).toContainText('Password reset');
});
