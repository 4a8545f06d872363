import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// Issue 22's medicolegal "done when", in Chromium as an Attorney of the Gauteng litigation unit: three
// hospital records added to a new claim through the dialog show as the bundle's index with continuous
// pages, and the bundle downloads as one PDF of the index page and every page. Expected pages from
// the rule in src/shared/domain/hospital-records.ts: order by the first day covered; the index is
// page 1; files of 3, 2 and 4 pages run 2–4, 5–6 and 7–10 of 10.

const ATTORNEY = 'attorney@gauteng-litigation.example';
const stamp = Date.now() % 100_000;

async function pdfOf(pages: number, title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595.28, 841.89]).drawText(`${title}, sheet ${i + 1}`, { x: 50, y: 780 });
  return Buffer.from(await doc.save());
}

const RECORDS = [
  // Added out of date order on purpose: the index puts them in the order of the dates they cover.
  { facility: 'Kalafong Provincial Tertiary Hospital', from: '2023-02-14', to: '2023-03-02', pages: 2, file: 'kalafong-labour-notes.pdf' },
  { facility: 'Laudium Community Health Centre', from: '2023-01-09', to: '2023-02-13', pages: 3, file: 'laudium-referral.pdf' },
  { facility: 'Steve Biko Academic Hospital', from: '2023-03-02', to: '2023-04-18', pages: 4, file: 'steve-biko-nicu.pdf' },
];

test('an attorney adds three hospital records, sees the indexed bundle with continuous pages and downloads it as one PDF', async ({ page }) => {
  test.setTimeout(60_000);
  await signInShared(page, ATTORNEY);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/patient-cases', { data: { patientName: `Nomvula Dlamini${stamp}`, caseType: 'Birth Injury Claim', priority: 'High' }, headers: { origin } });
  expect(created.ok()).toBe(true);
  const caseUrl = `/clients/${(await created.json()).id}`;

  await page.goto(`${caseUrl}?tab=hospital-records`);
  await expect(page.getByRole('tab', { name: 'Hospital records', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No hospital records yet' })).toBeVisible();
  await expectAccessible(page);

  for (const record of RECORDS) {
    await page.getByRole('button', { name: /^Add (hospital record|the first record)$/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add hospital record' });
    await dialog.getByLabel('File').setInputFiles({ name: record.file, mimeType: 'application/pdf', buffer: await pdfOf(record.pages, record.facility) });
    await dialog.getByLabel('Source facility').fill(record.facility);
    await dialog.getByLabel('Records from').fill(record.from);
    await dialog.getByLabel('Records to').fill(record.to);
    await dialog.getByRole('button', { name: 'Add to the bundle' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastLocator(page).filter({ hasText: record.file }).first()).toBeVisible();
  }

  const index = page.getByRole('table', { name: 'Index of the hospital records bundle' });
  const rows = index.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Laudium Community Health Centre');
  await expect(rows.nth(0)).toContainText('2–4');
  await expect(rows.nth(1)).toContainText('Kalafong Provincial Tertiary Hospital');
  await expect(rows.nth(1)).toContainText('5–6');
  await expect(rows.nth(2)).toContainText('Steve Biko Academic Hospital');
  await expect(rows.nth(2)).toContainText('7–10');
  await expect(page.getByTestId('bundle-total-pages')).toHaveText('10');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download bundle (PDF)' }).click();
  const file = await (await download).path();
  const bundle = await PDFDocument.load(readFileSync(file));
  expect(bundle.getPageCount()).toBe(10);
});

test('in demo mode the tab lists the sample records, and the bundle button explains it needs the server', async ({ page }) => {
  test.setTimeout(60_000);
  await enterDemo(page, DEMO.unitAttorney, '/clients/ml-case-01?tab=hospital-records');
  // The demo's fixtures load as their own chunk: on a busy machine that takes a while the first time.
  await expect(page.getByRole('tab', { name: 'Hospital records', selected: true })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Index of the hospital records bundle' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Laudium Community Health Centre');
  await expect(rows.nth(0)).toContainText('2–3');
  await page.getByRole('button', { name: 'Download bundle (PDF)' }).click();
  await expect(toastLocator(page).filter({ hasText: 'The bundle needs the server' }).first()).toBeVisible();

  // A record added in the demo joins the index for the session, after the fixtures' 10 pages.
  await page.getByRole('button', { name: 'Add hospital record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add hospital record' });
  await dialog.getByLabel('File').setInputFiles({ name: 'tembisa-casualty.pdf', mimeType: 'application/pdf', buffer: await pdfOf(2, 'Tembisa') });
  await dialog.getByLabel('Source facility').fill('Tembisa Provincial Tertiary Hospital');
  await dialog.getByLabel('Records from').fill('2023-05-02');
  await dialog.getByLabel('Records to').fill('2023-05-03');
  await dialog.getByRole('button', { name: 'Add to the bundle' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('Tembisa Provincial Tertiary Hospital');
  await expect(rows.nth(3)).toContainText('11–12');
});
