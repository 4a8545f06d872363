import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { formatDate, formatZar } from '../src/shared/format';
import { DEMO, enterDemo, serverDatabaseFile, signInShared } from './app-helpers';
import { choose, expectAccessible, openSelect, toastLocator } from './public-helpers';

// Cost Management (SPEC §2.12, §5, §9): set your own rate, record time on a case and see that case's
// cost change — signed in against the server and in demo mode; a Nurse is told the screen is not hers.

const RATE = 600; // R 600 an hour is R 10 a minute, so one recorded minute is easy to recognise.

/**
 * Moves the start of the running entry on this case back by `minutes`, in the e2e server's own SQLite
 * file, so the test need not wait for billable time to pass.
 */
function backdateRunningEntry(page: Page, patientName: string, minutes: number) {
  const db = new Database(serverDatabaseFile(page), { timeout: 5000 });
  try {
    const changed = db
      .prepare(
        `update time_entries set start_time = ? where end_time is null
           and case_id = (select id from cases where patient_name = ?)`,
      )
      .run(new Date(Date.now() - minutes * 60_000).toISOString(), patientName).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}

/** Today in South Africa as the rate cards show it ('28 Nov 2026', issue 32). */
const today = () => formatDate(new Date());

async function openCosts(page: Page) {
  await page.goto('/cost-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Cost Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Hourly Rates' })).toHaveAttribute('aria-selected', 'true');
}

/** Sets RATE for the named staff member through the 'Update Rate' dialog. */
async function setRate(page: Page, staffOption: RegExp, staffName: string, shots: string) {
  await page.getByRole('button', { name: 'Update Rate' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Update Rate' });
  await expect(dialog.getByLabel('Effective Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(dialog.getByLabel('Hourly Rate (ZAR)')).toHaveAttribute('step', '0.01');
  await expect(dialog.getByRole('button', { name: 'Update Rate' })).toBeDisabled();
  await openSelect(page, dialog.getByLabel('Staff Member'));
  // Only staff: a Patient has no hourly rate (issue 17).
  await expect(page.getByRole('option', { name: /\(Patient\)$/ })).toHaveCount(0);
  await page.getByRole('option', { name: staffOption }).click();
  await expect(dialog.getByRole('button', { name: 'Update Rate' })).toBeDisabled();
  // A negative rate says why Save is greyed out, in the shared schema's words.
  await dialog.getByLabel('Hourly Rate (ZAR)').fill('-5');
  await expect(dialog.getByText('Hourly rate must be more than 0')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Update Rate' })).toBeDisabled();
  await dialog.getByLabel('Hourly Rate (ZAR)').fill(String(RATE));
  await expect(dialog.getByText('Hourly rate must be more than 0')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}-rate-dialog.png` });
  await dialog.getByRole('button', { name: 'Update Rate' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastLocator(page)).toContainText('Rate saved');
  await expect(toastLocator(page)).toContainText(`${staffName}: ${formatZar(RATE * 100)} / hour`);
  const card = page.getByTestId('rate-card').filter({ has: page.getByRole('heading', { name: staffName, exact: true }) });
  await expect(card).toContainText(formatZar(RATE * 100));
  await expect(card).toContainText(`Effective: ${today()}`);
}

const costCard = (page: Page, patientName: string) => page.getByTestId('case-cost-card').filter({ hasText: patientName });

async function startTime(page: Page, caseOption: string, description: string) {
  await choose(page, 'Patient case', caseOption);
  await page.getByLabel('What are you working on?').fill(description);
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(toastLocator(page)).toContainText('Timer started');
}

test('signed in as an Administrator: set your rate, record time on a case, see its cost change', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const shots = testInfo.outputPath('costs-signed-in');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'admin@thornhill-hospital.example');

  // A case of this run's own, so its cost starts at nothing whatever other specs record.
  const patientName = `Cost E2E ${Date.now() % 1e6}${Math.floor(Math.random() * 100)}`;
  const created = await page.evaluate(async (name) => {
    const response = await fetch('/api/patient-cases', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ patientName: name, caseType: 'General Medicine' }) });
    return response.status;
  }, patientName);
  expect(created).toBeLessThan(300);

  await openCosts(page);
  await expectAccessible(page);
  await setRate(page, /^Nadia Jacobs \(Administrator\)$/, 'Nadia Jacobs', shots);
  await page.screenshot({ path: `${shots}-rates-desktop.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Patient Costs' }).click();
  await expect(page.getByRole('heading', { name: 'Record time' })).toBeVisible();
  await expect(costCard(page, patientName)).toHaveCount(0);
  await startTime(page, `${patientName} · General Medicine`, 'Ward round');
  const running = page.getByRole('list', { name: 'Running timers' }).getByRole('listitem').filter({ hasText: patientName });
  await expect(running).toContainText('Ward round');

  // While running, the case has a cost of nothing and an 'Ongoing' entry.
  await expect(costCard(page, patientName).getByTestId('case-total-cost')).toHaveText(formatZar(0));
  await costCard(page, patientName).getByRole('button').click();
  const breakdown = page.getByRole('dialog', { name: 'Detailed Cost Breakdown' });
  const entry = breakdown.getByTestId('time-entry').filter({ hasText: 'Ward round' });
  await expect(entry).toContainText('Ongoing');
  await expect(entry).toContainText('Administrator');
  await expect(entry).toContainText('Nadia Jacobs');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Started two minutes ago (rather than waiting for them): the server bills whole minutes, R 10 each.
  backdateRunningEntry(page, patientName, 2);
  await running.getByRole('button', { name: `Stop the timer on ${patientName}` }).click();
  await expect(toastLocator(page)).toContainText('Timer stopped');
  await expect(running).toHaveCount(0);
  await expect(costCard(page, patientName).getByTestId('case-total-cost')).toHaveText(formatZar((2 * RATE * 100) / 60));
  await expect(costCard(page, patientName)).toContainText('0.0 hours');
  // The Administrator's time is neither Doctor, Nurse nor Case Manager: it is the Other staff part, so the parts sum to the total.
  await expect(costCard(page, patientName).locator('span.grid').filter({ hasText: 'Other staff' }).last()).toContainText(formatZar((2 * RATE * 100) / 60));
  await costCard(page, patientName).getByRole('button').click();
  await expect(entry).not.toContainText('Ongoing');
  await expect(entry).toContainText(`0.0 hours at ${formatZar(RATE * 100)}/hour`);
  await page.screenshot({ path: `${shots}-breakdown.png` });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${shots}-cases-desktop.png`, fullPage: true });

  // Analytics signed in are the organisation's averages, not the demo sample.
  await page.getByRole('tab', { name: 'Cost Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Average Cost per Case' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cost Trend' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Cost by role' })).toContainText('Administrator');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}-analytics-mobile.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Patient Costs' }).click();
  await expect(costCard(page, patientName)).toBeVisible();
  await page.screenshot({ path: `${shots}-cases-mobile.png`, fullPage: true });
});

test('signed in: case costs come a page at a time, by patient name', async ({ page }, testInfo) => {
  const shots = testInfo.outputPath('costs-pages');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'admin@thornhill-hospital.example');
  // Enough cases with recorded time for a second page (24 a page); 'Zz' sorts them last.
  const names = Array.from({ length: 12 }, (_, i) => `Zz Pager ${String(i + 1).padStart(2, '0')}`);
  const statuses = await page.evaluate(async (patientNames) => {
    const post = (url: string, body: object) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const seen: number[] = [];
    for (const patientName of patientNames) {
      const created = await post('/api/patient-cases', { patientName, caseType: 'General Medicine' });
      const started = await post('/api/time-entries', { caseId: ((await created.json()) as { id: string }).id, description: 'Paging check' });
      const stopped = await post(`/api/time-entries/${((await started.json()) as { id: string }).id}/stop`, {});
      seen.push(created.status, started.status, stopped.status);
    }
    return seen;
  }, names);
  expect(statuses.filter((status) => status >= 300)).toEqual([]);

  await openCosts(page);
  await page.getByRole('tab', { name: 'Patient Costs' }).click();
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toContainText(/Page 1 of 2 · \d+ cases with recorded time/);
  await expect(page.getByTestId('case-cost-card')).toHaveCount(24);
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(costCard(page, names[11]!)).toHaveCount(0);

  // A card's label: "<patient>, <case type>: <total>. Show the cost breakdown". One person may have two
  // cases (the registry's returning patient), so a case is told apart by its whole label.
  const cardLabels = async () => page.getByTestId('case-cost-card').getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  const patientsShown = async () => (await cardLabels()).map((label) => label.split(',')[0]!);
  const first = await patientsShown();
  const firstLabels = await cardLabels();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 2');
  await expect(costCard(page, names[11]!)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  // One order across both pages: by patient name, nothing twice.
  const second = await patientsShown();
  const both = [...first, ...second];
  expect(both).toEqual([...both].sort());
  const labels = [...firstLabels, ...(await cardLabels())];
  expect(new Set(labels).size).toBe(labels.length);
  expect(second).toEqual(expect.arrayContaining(names.slice(-3)));
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}-second-page.png`, fullPage: true });

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages).toContainText('Page 1 of 2');
  await expect(page.getByTestId('case-cost-card')).toHaveCount(24);
});

test('in demo mode: the same steps against the fixtures, and the fixed analytics sample', { tag: '@full' }, async ({ page }, testInfo) => {
  test.setTimeout(60_000); // axe five times, screenshots and a fast-forwarded timer
  const shots = testInfo.outputPath('costs-demo');
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterDemo(page, DEMO.administrator);
  await openCosts(page);
  await expectAccessible(page);
  await setRate(page, /^Johan Botha \(Administrator\)$/, 'Johan Botha', shots);

  await page.getByRole('tab', { name: 'Patient Costs' }).click();
  await page.getByLabel('Patient case').click();
  const option = page.getByRole('option').first();
  const optionText = (await option.textContent())!.trim();
  const patientName = optionText.split(' · ')[0]!;
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Case costs' })).toBeVisible();
  const existing = costCard(page, patientName).getByTestId('case-total-cost');
  const before = (await existing.count()) > 0 ? ((await existing.first().textContent()) ?? '') : formatZar(0);
  await startTime(page, optionText, 'Demo round');

  // Five minutes on the page's clock are R 50 at R 600 an hour.
  await page.clock.fastForward('05:00');
  await page.getByRole('button', { name: `Stop the timer on ${patientName}` }).click();
  await expect(toastLocator(page)).toContainText('Timer stopped');
  const cents = Math.round(Number(before.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
  await expect(costCard(page, patientName).getByTestId('case-total-cost')).toHaveText(formatZar(cents + 5000));
  await costCard(page, patientName).getByRole('button').click();
  const entry = page.getByRole('dialog', { name: 'Detailed Cost Breakdown' }).getByTestId('time-entry').filter({ hasText: 'Demo round' });
  await expect(entry).toContainText(`0.1 hours at ${formatZar(RATE * 100)}/hour`);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}-cases-desktop.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Cost Analytics' }).click();
  const figure = (label: string) => page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: label, exact: true }) }).locator('p').first();
  await expect(figure('Average Cost per Case')).toHaveText(formatZar(125000));
  await expect(figure('Average Hours per Case')).toHaveText('8.5');
  await expect(figure('Most Efficient Role')).toHaveText('Nurse');
  await expect(figure('Cost Trend')).toHaveText('increasing');
  const table = page.getByRole('table', { name: 'Cost by role' });
  await expect(table.getByRole('row', { name: /Doctor/ })).toContainText(formatZar(85000));
  await expect(table.getByRole('row', { name: /Kitchen Worker/ })).toContainText('90%');
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}-analytics-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Hourly Rates' }).click();
  await expect(page.getByTestId('rate-card').first()).toBeVisible();
  await page.screenshot({ path: `${shots}-rates-mobile.png`, fullPage: true });

  // My Time in demo mode answers from the fixtures: the entry just recorded is among the past ones.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/my-time');
  await expect(page.getByRole('table', { name: 'Your past time entries, latest first' })).toContainText('Demo round');
  await page.screenshot({ path: `${shots}-my-time-desktop.png`, fullPage: true });
});

test('a signed-in Nurse sees Access Restricted on cost management, and records her own time on My Time', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signInShared(page, 'nurse@thornhill-hospital.example');
  await page.goto('/cost-management');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(page.getByText('Only administrators and super admins can access cost management features.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('costs-nurse-restricted.png') });

  // My Time (issue 17): the timer on a case she may see, her past entries and the week's total; no money.
  const patientName = `My Time E2E ${Date.now() % 1e6}${Math.floor(Math.random() * 100)}`;
  const created = await page.evaluate(async (name) => {
    const response = await fetch('/api/patient-cases', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ patientName: name, caseType: 'Wound Care' }) });
    return response.status;
  }, patientName);
  expect(created).toBeLessThan(300);
  await page.goto('/my-time');
  await expect(page.getByRole('heading', { level: 1, name: 'My Time' })).toBeVisible();
  const week = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'This week', exact: true }) }).locator('p').first();
  const minutesOf = (text: string) => {
    const [, h, m] = /(?:(\d+) h )?(\d+) min/.exec(text) ?? [];
    return Number(h ?? 0) * 60 + Number(m ?? 0);
  };
  const weekBefore = minutesOf((await week.textContent()) ?? '');
  await choose(page, 'Patient case', `${patientName} · Wound Care`);
  await page.getByLabel('What are you working on?').fill('Dressing change');
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(toastLocator(page)).toContainText('Timer started');
  await expect(page.getByTestId('running-timer').filter({ hasText: patientName })).toContainText('Dressing change');
  backdateRunningEntry(page, patientName, 3);
  await page.getByRole('button', { name: `Stop the timer on ${patientName}` }).click();
  await expect(toastLocator(page)).toContainText(`3 min on ${patientName}`);
  const row = page.getByRole('table', { name: 'Your past time entries, latest first' }).getByRole('row').filter({ hasText: patientName });
  await expect(row).toContainText('3 min');
  await expect(row).toContainText('Dressing change');
  const shown = (m: number) => (m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`);
  await expect(week).toHaveText(shown(weekBefore + 3));
  await expect(page.getByRole('main')).not.toContainText(/R\s?\d/);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('my-time-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('my-time-mobile.png'), fullPage: true });
});
