import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, serverDatabaseFile, signIn } from './app-helpers';
import { choose, expectAccessible, toastLocator, uniqueEmail } from './public-helpers';

// Users and invitations (issue 7): a seeded Administrator invites someone, resends and revokes,
// changes a member's role, deactivates and reactivates them; the invitee opens the link (shown to the
// Administrator: the e2e server has no mail server, issue 32), sets a password and lands on the dashboard. Plus /users in demo mode, and a non-Administrator.

const ADMIN = 'admin@thornhill-hospital.example';
// A seeded member no other spec signs in as; every change to them is undone before the test ends.
const MEMBER = 'Sizwe Mabena';

/** The invitation link last e-mailed to `email`, read from the e2e server's outbox (no SMTP there). */
function invitationLink(page: Page, email: string): string {
  const db = new Database(serverDatabaseFile(page), { readonly: true, timeout: 5000 });
  try {
    const row = db.prepare('select text_body from email_outbox where to_address = ? order by created_at desc limit 1').get(email) as { text_body: string } | undefined;
    const link = row && /https?:\/\/\S+\/accept-invitation\?token=[a-z2-7]+/.exec(row.text_body)?.[0];
    if (!link) throw new Error(`no invitation e-mail to ${email}`);
    return link;
  } finally {
    db.close();
  }
}

const toast = (page: Page, text: string) => expect(toastLocator(page)).toContainText(text);
const invitationRow = (page: Page, email: string) => page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
const memberRow = (page: Page) => page.getByRole('row').filter({ hasText: MEMBER });

/**
 * The link shown to the Administrator (issue 32: the e2e server has no mail server), which is the
 * one in the outbox; Done closes the dialog.
 */
async function shownLink(page: Page, email: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /^Invitation link for/ });
  await expect(dialog.getByTestId('shared-link-expiry')).toContainText('Expires');
  const link = await dialog.getByLabel('Invitation link').inputValue();
  expect(link).toBe(invitationLink(page, email));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return link;
}

async function invite(page: Page, email: string, role: string) {
  await page.getByRole('link', { name: 'Invite user' }).click();
  await expect(page).toHaveURL('/users/invite');
  await expect(page.getByText('They receive an e-mail')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await choose(page, /^Role/, role);
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await toast(page, `Invitation created for ${email}`);
  await shownLink(page, email);
  await expect(page).toHaveURL('/users');
  await expect(invitationRow(page, email)).toContainText('Pending');
}

test('an Administrator invites, resends, revokes, changes a role and deactivates; the invitee accepts', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signIn(page, ADMIN);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(memberRow(page)).toContainText('Active');

  const invitee = uniqueEmail('invitee');
  await invite(page, invitee, 'Nurse');
  await expectAccessible(page);

  // Resend: a new link, the old one stops working.
  const firstLink = invitationLink(page, invitee);
  await page.getByRole('button', { name: `Resend invitation to ${invitee}` }).click();
  const link = await shownLink(page, invitee);
  expect(link).not.toBe(firstLink);

  const revoked = uniqueEmail('revoked');
  await invite(page, revoked, 'Doctor');
  await page.getByRole('button', { name: `Revoke invitation to ${revoked}` }).click();
  await toast(page, 'Invitation revoked');
  await expect(invitationRow(page, revoked)).toContainText('Revoked');

  // A role with more rights is confirmed first, naming what they gain (issue 32); cancelled, nothing changes.
  await choose(page, `Role of ${MEMBER}`, 'Nurse');
  const confirm = page.getByRole('dialog', { name: `Make ${MEMBER} a Nurse?` });
  await expect(confirm).toContainText('will be able to:');
  await expect(confirm).toContainText("see the organisation's cases");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel(`Role of ${MEMBER}`)).toHaveText('Security Guard');

  // A role with the same rights applies at once; then put it back.
  await choose(page, `Role of ${MEMBER}`, 'Kitchen Worker');
  await toast(page, 'Role updated');
  await expect(page.getByLabel(`Role of ${MEMBER}`)).toHaveText('Kitchen Worker');
  await choose(page, `Role of ${MEMBER}`, 'Security Guard');
  await toast(page, 'Role updated');

  // Deactivate (confirmed), then reactivate.
  await page.getByRole('button', { name: `Deactivate ${MEMBER}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await toast(page, 'Member deactivated');
  await expect(memberRow(page)).toContainText('Inactive');
  await page.getByRole('button', { name: `Reactivate ${MEMBER}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await toast(page, 'Member reactivated');
  await expect(memberRow(page)).toContainText('Active');

  // The invitee, in a browser of their own: the old link is dead, the new one signs them in.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(new URL(firstLink).pathname + new URL(firstLink).search);
  await expect(guest.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await expect(guest.getByRole('heading', { level: 1, name: 'Join Thornhill Community Hospital' })).toBeVisible();
  await expect(guest.getByText('You are invited as Nurse')).toBeVisible();
  await expectAccessible(guest);
  await guest.getByLabel('First name').fill('Lindani');
  // A last name of this run's own, so a rerun against the same database finds one row.
  const lastName = `Khumalo ${Date.now().toString(36)}`;
  await guest.getByLabel('Last name').fill(lastName);
  await guest.getByLabel(/^Password/).fill('welcome-aboard-2026');
  await guest.getByLabel('Confirm password').fill('welcome-aboard-2026');
  await guest.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(guest).toHaveURL('/dashboard');
  await context.close();

  await page.reload();
  await expect(invitationRow(page, invitee)).toContainText('Accepted');
  await expect(page.getByRole('row').filter({ hasText: `Lindani ${lastName}` }).getByLabel(`Role of Lindani ${lastName}`)).toHaveText('Nurse');
});

test('/users in demo mode: an Administrator sees the team and invitations, a Doctor is restricted', async ({ page }) => {
  await enterDemo(page, DEMO.administrator, '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members of the organisation' }).getByRole('row').filter({ hasText: 'Johan Botha' })).toContainText('(you)');
  await expect(page.getByRole('heading', { name: 'Invitations' })).toBeVisible();
  await enterDemo(page, DEMO.doctor, '/users');
  await expect(page.getByText('Access Restricted')).toBeVisible();
});
