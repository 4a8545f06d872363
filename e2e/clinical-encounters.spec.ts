import { type Page, expect, test } from '@playwright/test';
import { signInShared } from './app-helpers';
import { expectAccessible, toastLocator } from './public-helpers';

// Issue 22, "Done when" (encounters and ICD-10): a doctor records an encounter with vitals and two
// ICD-10 diagnoses found by word search; an out-of-range vital and an unknown code are refused with
// their field named; the Encounters tab passes axe. An Administrator imports a small MIT CSV at
// /settings and the list in use says so.

const DOMAIN = 'thornhill-hospital.example';

// Two axe scans and a dialog's worth of typing: more than the default on a shared, busy machine.
test.describe.configure({ timeout: 60_000 });

/** A case of its own for this run (through the API as the signed-in page). */
async function createCase(page: Page, patientName: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/patient-cases', { data: { patientName, caseType: 'Inpatient' }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

test('a doctor records an encounter with vitals and two ICD-10 diagnoses; bad input is refused at its field', async ({ page }) => {
  await signInShared(page, `doctor@${DOMAIN}`);
  const caseId = await createCase(page, `Encounter Patient ${Date.now() % 100_000}`);
  await page.goto(`/patients/${caseId}?tab=encounters`);
  await expect(page.getByRole('tab', { name: 'Encounters' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No encounters yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Record encounter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record encounter' });
  await dialog.getByLabel('Pulse (bpm)').fill('720');
  await dialog.getByLabel('Systolic pressure (mmHg)').fill('168');
  await dialog.getByLabel('Diastolic pressure (mmHg)').fill('102');
  // The decimal comma, as South Africans write it (issue 31).
  await dialog.getByLabel('Temperature (°C)').fill('36,8');
  await dialog.getByLabel('SpO2 (%)').fill('97');

  const find = dialog.getByLabel('Find a diagnosis by words or code');
  await find.fill('essential hypertension');
  await dialog.getByRole('button', { name: 'I10 Essential (primary) hypertension', exact: true }).click();
  await find.fill('diabetes type 2');
  await dialog.getByRole('button', { name: 'E11.9 Type 2 diabetes mellitus without complications', exact: true }).click();
  const chosen = dialog.getByRole('list', { name: 'Chosen diagnoses' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen.getByRole('listitem').first()).toContainText('Primary');

  await dialog.getByLabel('Assessment').fill('Uncontrolled hypertension; type 2 diabetes.');
  await dialog.getByRole('button', { name: 'Save encounter' }).click();
  // The out-of-range pulse is named at its field, and nothing is saved.
  await expect(dialog.getByText('Pulse must be between 20 and 250 bpm')).toBeVisible();
  await expect(dialog.getByLabel('Pulse (bpm)')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Pulse (bpm)').fill('88');
  await dialog.getByRole('button', { name: 'Save encounter' }).click();
  await expect(toastLocator(page).filter({ hasText: 'Encounter recorded' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const encounters = page.getByRole('list', { name: 'Encounters, newest first' });
  const card = encounters.getByRole('listitem').first();
  await expect(card).toContainText('Consultation');
  await expect(card.getByRole('list', { name: 'Vitals' })).toContainText('BP 168/102 mmHg');
  await expect(card.getByRole('list', { name: 'Vitals' })).toContainText('Pulse 88 bpm');
  await expect(card.getByRole('list', { name: 'Vitals' })).toContainText('Temp 36.8 °C');
  const diagnoses = card.getByRole('list', { name: 'Diagnoses' });
  await expect(diagnoses.getByRole('listitem')).toHaveCount(2);
  await expect(diagnoses.getByRole('listitem').first()).toContainText(/I10.*Essential \(primary\) hypertension.*Primary/);
  await expect(diagnoses.getByRole('listitem').nth(1)).toContainText('E11.9');
  await expectAccessible(page);

  // An unknown code, through the API from the page's own session: 400 naming the field, nothing written.
  const origin = new URL(page.url()).origin;
  const unknown = await page.request.post(`/api/patient-cases/${caseId}/encounters`, {
    headers: { origin },
    data: { type: 'Consultation', occurredAt: new Date().toISOString(), diagnoses: [{ code: 'I10', primary: true }, { code: 'U99.9', primary: false }] },
  });
  expect(unknown.status()).toBe(400);
  expect(Object.keys(((await unknown.json()) as { fields: Record<string, string> }).fields)).toEqual(['diagnoses.1.code']);
  const list = await page.request.get(`/api/patient-cases/${caseId}/encounters`);
  expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(1);
});

test('an Administrator imports a small MIT CSV at /settings and the list in use says so', async ({ page }) => {
  await signInShared(page, `admin@${DOMAIN}`);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'ICD-10 code list' });
  await expect(section).toBeVisible();
  const csv =
    '\ufeffICD10_Code,WHO_Full_Desc,Valid_ICD10_ClinicalUse,Valid_ICD10_Primary\r\n' +
    'I10,Essential (primary) hypertension,Y,Y\r\n' +
    'E11,Type 2 diabetes mellitus,N,Y\r\n' +
    'E11.9,Type 2 diabetes mellitus without complications,Y,Y\r\n' +
    'J18.9,"Pneumonia, unspecified",Y,Y\r\n';
  await section.getByLabel('MIT CSV file').setInputFiles({ name: 'MIT_small.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: 'Import code list' }).click();
  await expect(toastLocator(page).filter({ hasText: 'ICD-10 code list imported' })).toBeVisible();
  const status = section.getByTestId('icd10-status');
  await expect(status).toContainText('Imported MIT');
  await expect(status).toContainText('3 codes');
  await expect(status).toContainText('MIT_small.csv');
  await expectAccessible(page);
  // The imported list answers the search (the encounter test's codes are on it too, whatever the order).
  const found = await page.request.get('/api/icd10?search=pneumonia');
  expect(((await found.json()) as { items: unknown[] }).items).toEqual([{ code: 'J18.9', description: 'Pneumonia, unspecified' }]);
});
