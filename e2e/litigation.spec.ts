import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { choose } from './public-helpers';
import { formatCalendarDay } from '../src/shared/format';

// Issue 20's "done when", in Chromium as an Attorney of the state litigation unit: a court matter
// and a trial date, an expert whose Rule 36(9) due dates follow the trial when it moves, an offer
// and a court order that move the dashboard's settlement rate, the s3 checklist item ticked, and
// the readiness PDF. One walk: each step needs the records of the one before.
//
// Due dates counted by hand (court days: not Saturday, Sunday or a public holiday):
// - trial Fri 2027-05-14 → 36(9)(a) 15 court days before: 13–10 May (4), 7–3 May (9), 30–28 Apr
//   (12; Tue 27 Apr Freedom Day skipped), 26, 23, 22 Apr (15) → 2027-04-22; 36(9)(b) 10 before →
//   Fri 2027-04-30.
// - trial moved to Fri 2027-05-21 → (a) 20–17 May (4), 14–10 May (9), 7–3 May (14), 30 Apr (15)
//   → 2027-04-30; (b) 20–17, 14–10, 7 May (10) → 2027-05-07.

const ATTORNEY = 'attorney@gauteng-litigation.example';
const stamp = Date.now() % 100_000;
const CLIENT = `Lerato Molefe${stamp}`;
const CASE_NUMBER = `2026/${String(stamp).padStart(6, '0')}`;
const EXPERT = `Dr Themba Zungu${stamp}`;
const S3_ITEM = 'Notice in terms of s3 of Act 40 of 2002 received and assessed (in time, complete)';

/** The organisation's settlement rate as the server counts it (the State unit's dashboard shows its exposure instead, issue 32). */
async function settlementRate(page: Page): Promise<string> {
  const stats = (await (await page.request.get('/api/dashboard/stats')).json()) as { settlementRate: number | null };
  return stats.settlementRate === null ? '—' : `${stats.settlementRate}%`;
}

async function openTab(page: Page, caseUrl: string, tab: string) {
  await page.goto(`${caseUrl}?tab=${tab}`);
}

test('an attorney runs a claim: court matter, trial date, expert deadlines that follow it, settlement, checklist and readiness PDF', async ({ page }) => {
  test.setTimeout(60_000);
  await signInShared(page, ATTORNEY);
  const rateBefore = await settlementRate(page);

  // A new claim of the unit.
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/patient-cases', { data: { patientName: CLIENT, caseType: 'Birth Injury Claim', priority: 'High' }, headers: { origin } });
  expect(created.ok()).toBe(true);
  const caseUrl = `/clients/${(await created.json()).id}`;

  // The court matter.
  await openTab(page, caseUrl, 'court');
  await page.getByRole('button', { name: 'Record court matter' }).click();
  const matter = page.getByRole('dialog', { name: 'Record court matter' });
  await matter.getByRole('combobox', { name: 'Court', exact: true }).fill('High Court');
  await matter.getByRole('combobox', { name: 'Division or seat' }).fill('Gauteng Division, Pretoria');
  await matter.getByLabel('Case number').fill(CASE_NUMBER);
  await matter.getByLabel('Claim (rands)').fill('25 000 000');
  await choose(page, 'Stage', 'Trial-ready');
  await matter.getByRole('button', { name: 'Record court matter' }).click();
  await expect(matter).toBeHidden();
  await expect(page.getByText(CASE_NUMBER).first()).toBeVisible();
  await expect(page.getByText('R 25 000 000,00').first()).toBeVisible();

  // The trial date.
  await page.getByRole('button', { name: 'Set down a hearing' }).first().click();
  const hearing = page.getByRole('dialog', { name: 'Set down a hearing' });
  await choose(page, 'Type', 'Trial');
  await hearing.getByLabel('Starts').fill('2027-05-14T10:00');
  await hearing.getByRole('button', { name: 'Set down' }).click();
  await expect(hearing).toBeHidden();

  // An expert of ours: the 36(9) due dates count from the trial.
  await openTab(page, caseUrl, 'experts');
  await page.getByRole('button', { name: /Add (an )?expert/ }).first().click();
  const add = page.getByRole('dialog', { name: 'Add an expert witness' });
  await add.getByRole('combobox', { name: 'Expert' }).fill(EXPERT);
  await expect(add.getByText(`No one in the registry matches “${EXPERT}”.`)).toBeVisible();
  await add.getByRole('button', { name: `New person “${EXPERT}”` }).click();
  const person = page.getByRole('dialog', { name: 'New person' });
  await person.getByRole('button', { name: /^(Save|Add person|Create)/ }).click();
  await expect(person).toBeHidden();
  await add.getByLabel('Discipline').fill('Paediatric neurologist');
  await add.getByRole('button', { name: 'Add expert' }).click();
  await expect(add).toBeHidden();
  const dueDates = page.getByRole('list', { name: `Rule 36(9) due dates of ${EXPERT}` });
  await expect(dueDates).toContainText('2027-04-22');
  await expect(dueDates).toContainText('2027-04-30');

  // The trial moves a week: the due dates follow.
  await openTab(page, caseUrl, 'court');
  await page.getByRole('button', { name: /^Change the trial of / }).click();
  const change = page.getByRole('dialog', { name: /Trial: change or record the outcome/ });
  await change.getByLabel('Starts').fill('2027-05-21T10:00');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(change).toBeHidden();
  await openTab(page, caseUrl, 'experts');
  await expect(dueDates).toContainText('2027-05-07');
  await expect(dueDates).not.toContainText('2027-04-22');
  // … and so do the tasks the deadlines put on the case.
  const deadlines = await (await page.request.get(`/api/patient-cases/${caseUrl.split('/').pop()}/deadlines`)).json();
  expect(deadlines.items.filter((d: { rule: string }) => d.rule.startsWith('rule-36')).map((d: { due: string }) => d.due).sort()).toEqual(['2027-04-30', '2027-05-07']);

  // An offer from the other side, accepted; then a court order making it an order of court.
  await openTab(page, caseUrl, 'settlement');
  for (const [kind, from, amount] of [['Offer', 'Opposing side', '4 500 000'], ['Court order', 'The court', '4 500 000']] as const) {
    await page.getByRole('button', { name: /^Log (an )?event/ }).first().click();
    const log = page.getByRole('dialog', { name: 'Log a settlement event' });
    await choose(page, 'Kind', kind);
    await choose(page, 'From', from);
    await log.getByLabel('Amount').fill(amount);
    await log.getByRole('button', { name: /^Log event/ }).click();
    await expect(log).toBeHidden();
    if (kind === 'Offer') await page.getByRole('button', { name: 'Accept the offer of R 4 500 000,00' }).click();
  }
  await expect(page.getByRole('list', { name: 'Settlement events, newest first' }).getByRole('listitem')).toHaveCount(2);
  const rateAfter = await settlementRate(page);
  expect(rateAfter).not.toBe(rateBefore);

  // The s3 notice ticked, by name.
  await openTab(page, caseUrl, 'checklist');
  const items = page.getByRole('list', { name: 'Checklist items' });
  // The box follows the server's answer (not an optimistic tick): click, then wait for it.
  const s3 = items.getByRole('listitem').filter({ hasText: S3_ITEM }).getByRole('checkbox');
  await s3.click();
  await expect(s3).toBeChecked();
  await expect(items.getByRole('listitem').filter({ hasText: S3_ITEM })).toContainText('Priya Naidoo');

  // The readiness PDF.
  await openTab(page, caseUrl, 'court');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download readiness PDF' }).click();
  const pdf = await download;
  const file = await pdf.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
});

// Issue 32 (decision 0056): a matter without a court matter says so on its deadlines and offers to
// record one; the s3 notice marked served; then summons served closes the prescription deadline
// (service interrupts prescription, Prescription Act s15) and the timeline says so. Past days, so the
// walk reads the same whatever day it runs.
test('summons served closes the prescription deadline; a matter without a court matter offers to record one', async ({ page }) => {
  test.setTimeout(45_000);
  const [debtDueOn, knowledgeOn, noticeServedOn, summonsServedOn] = ['2026-03-02', '2026-02-20', '2026-05-04', '2026-10-15'];
  await signInShared(page, ATTORNEY);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/patient-cases', { data: { patientName: `Deadline Client${stamp}`, caseType: 'Birth Injury Claim', priority: 'High' }, headers: { origin } });
  expect(created.ok()).toBe(true);
  const caseUrl = `/clients/${(await created.json()).id}`;

  await openTab(page, caseUrl, 'court');
  const none = page.getByRole('note', { name: 'No court matter' });
  await expect(none).toContainText('No court matter is recorded for this matter yet');
  await none.getByRole('button', { name: 'Record the court matter' }).click();
  const record = page.getByRole('dialog', { name: 'Record court matter' });
  await record.getByRole('combobox', { name: 'Court', exact: true }).fill('High Court');
  await record.getByRole('combobox', { name: 'Division or seat' }).fill('Gauteng Division, Pretoria');
  await record.getByLabel('Case number').fill(`2026/9${String(stamp).padStart(5, '0')}`);
  await choose(page, 'Stage', 'Letter of demand');
  await record.getByLabel('Debt became due on').fill(debtDueOn);
  await record.getByLabel('Date of knowledge').fill(knowledgeOn);
  await record.getByRole('button', { name: 'Record court matter' }).click();
  await expect(record).toBeHidden();
  await expect(none).toBeHidden();

  const list = page.getByRole('list', { name: 'Deadlines of this case' });
  const prescription = list.getByRole('listitem', { name: /^Prescription/ });
  const s3 = list.getByRole('listitem', { name: /^Act 40 of 2002 s3/ });
  await expect(prescription.locator('[data-status]')).toHaveAttribute('data-status', 'open');

  // The s3 notice was served on the organ of state before summons: marked met on that day.
  await s3.getByRole('button', { name: /^Mark Act 40 of 2002 s3/ }).click();
  await page.getByRole('menuitem', { name: 'Mark met…' }).click();
  const met = page.getByRole('dialog', { name: 'Mark deadline met' });
  await met.getByLabel('Met on').fill(noticeServedOn);
  await met.getByRole('button', { name: 'Mark met' }).click();
  await expect(met).toBeHidden();
  await expect(s3).toContainText(`Met on ${formatCalendarDay(noticeServedOn)}`);

  // Summons served: prescription is met on the day of service, the s3 notice stays met.
  await page.locator('[data-slot="card"]').filter({ hasText: 'Case no.' }).getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit court matter' });
  await edit.getByLabel('Summons served on').fill(summonsServedOn);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(prescription.locator('[data-status]')).toHaveAttribute('data-status', 'met');
  await expect(prescription).toContainText(`Met on ${formatCalendarDay(summonsServedOn)}: summons served`);
  await expect(s3.locator('[data-status]')).toHaveAttribute('data-status', 'met');

  await openTab(page, caseUrl, 'timeline');
  await expect(page.getByText(/^Deadline met: Prescription/).first()).toBeVisible();
  await expect(page.getByText(/^Deadline marked met on .*Act 40 of 2002 s3/).first()).toBeVisible();
});

test('in demo mode the Court, Experts and Settlement tabs answer from the fixtures', { tag: '@full' }, async ({ page }) => {
  await enterDemo(page, DEMO.unitAttorney, '/clients/ml-case-01?tab=court');
  await expect(page.getByText('Gauteng Division, Pretoria').first()).toBeVisible();
  await page.goto('/clients/ml-case-01?tab=experts');
  await expect(page.getByRole('list', { name: /^Rule 36\(9\) due dates of / }).first()).toBeVisible();
  await page.goto('/clients/ml-case-01?tab=settlement');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('[data-slot="card"]').filter({ hasText: 'Settlement Rate' }).first()).toBeVisible();
});
