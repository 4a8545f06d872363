import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { serverDatabaseFile, signIn } from './app-helpers';
import { expectAccessible } from './public-helpers';

// Issue 8: a closed case past its retention period is de-identified by an Administrator at /retention.

const ADMIN = 'admin@gauteng-litigation.example';

test('an Administrator de-identifies a closed case past its retention period', async ({ page }) => {
  await signIn(page, ADMIN);
  // The seed's cases are recent: close one seven years ago, in the e2e server's own database.
  const db = new Database(serverDatabaseFile(page), { timeout: 5000 });
  const closedAt = new Date(Date.now() - 7 * 365.25 * 86_400_000).toISOString();
  const target = db
    .prepare(
      `select c.id, c.patient_name as name from cases c join organizations o on o.id = c.organization_id
       where o.slug = 'gauteng-state-litigation' and c.deidentified_at is null order by c.created_at limit 1`,
    )
    .get() as { id: string; name: string };
  // Retention counts from the first completion (issue 16), so that moves back too.
  db.prepare("update cases set status = 'Completed', completed_at = ?, first_completed_at = ? where id = ?").run(closedAt, closedAt, target.id);
  db.close();

  await page.goto('/retention');
  await expect(page.getByRole('heading', { name: 'Record Retention' })).toBeVisible();
  await expect(page.getByText(/Closed matters are kept 6 years/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `De-identify ${target.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'De-identify this matter?' });
  await dialog.getByRole('button', { name: 'De-identify' }).click();
  await expect(page.locator('[data-slot="toast"]')).toContainText(`De-identified case ${target.id.slice(0, 8)}`);
  await expect(page.getByRole('button', { name: `De-identify ${target.name}` })).toHaveCount(0);
});
