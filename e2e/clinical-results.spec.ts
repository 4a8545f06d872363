import { type Page, expect, test } from '@playwright/test';
import { DEMO, enterDemo, shots, signIn, signInShared } from './app-helpers';
import { expectAccessible, openSelect, toastLocator } from './public-helpers';

// Issue 22, "Done when": a nurse records a result and a medication on a Thornhill case whose Patient
// has a portal account (Thabo Mabaso's hip replacement, db/seed/seed-patient-records.ts), and that
// patient then signs in and sees both in the portal — the result with its value, unit and flag, the
// medication with its route. A Case Manager reads the tab without the buttons. Axe on the new tab.
// Issue 31: the prescription is a doctor's, who is warned of Thabo's recorded penicillin allergy first,
// and the nurse's result reaches the portal once the doctor releases it.

test.describe.configure({ timeout: 60_000 });

const NURSE = 'nurse@thornhill-hospital.example';
const DOCTOR = 'doctor@thornhill-hospital.example';
const MANAGER = 'casemanager@thornhill-hospital.example';
const PATIENT = 'patient@thornhill-hospital.example';

/** A Radix select: open it by its label, pick the option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  const list = await openSelect(page, page.getByLabel(label, { exact: true }));
  await list.getByRole('option', { name: option }).click();
}

async function portalCaseId(page: Page): Promise<string> {
  const res = await page.request.get('/api/patient-cases?search=Thabo%20Mabaso&pageSize=50');
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; status: string; caseType: string }[] };
  const kase = items.find((c) => c.status === 'In Progress' && c.caseType === 'Hip Replacement');
  expect(kase, 'the seeded portal case').toBeDefined();
  return kase!.id;
}

async function openResultsTab(page: Page, caseId: string) {
  await page.goto(`/patients/${caseId}?tab=results`);
  // A fresh context loads the whole app cold; on a busy machine that takes longer than the default wait.
  await expect(page.getByRole('tab', { name: 'Results & medications' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a nurse records a result and a medication; the patient sees both in the portal', async ({ browser }) => {
  const stamp = Date.now().toString(36).slice(-4);
  const test_ = `Potassium ${stamp}`;
  const drug = `Amoxicillin ${stamp}`;

  const nursePage = await (await browser.newContext()).newPage();
  await signInShared(nursePage, NURSE);
  const caseId = await portalCaseId(nursePage);
  await openResultsTab(nursePage, caseId);
  const panel = nursePage.getByRole('tabpanel');
  // The seeded record shows: the hip replacement's results and medications.
  await expect(panel.getByRole('table', { name: 'Results, newest first' })).toContainText('Wound swab culture');
  await expect(panel.getByRole('table', { name: 'Medications, active first' })).toContainText('Enoxaparin');
  await expectAccessible(nursePage);

  // A result with value, unit, range, flag.
  await panel.getByRole('button', { name: 'Add result' }).click();
  const resultDialog = nursePage.getByRole('dialog', { name: 'Add a result' });
  // Saving empty names the missing fields, and nothing is written.
  await resultDialog.getByRole('button', { name: 'Save result' }).click();
  await expect(resultDialog.getByText('Name the test')).toBeVisible();
  await expect(resultDialog.getByText('Enter the value')).toBeVisible();
  await resultDialog.getByLabel('Test', { exact: true }).fill(test_);
  await resultDialog.getByLabel('Value', { exact: true }).fill('6.1');
  await resultDialog.getByLabel('Unit (optional)').fill('mmol/L');
  await resultDialog.getByLabel('Reference range (optional)').fill('3.5–5.1');
  await choose(nursePage, 'Flag (optional)', 'High');
  await resultDialog.getByLabel('Report PDF (optional)').setInputFiles({
    name: `potassium-${stamp}.pdf`, mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await resultDialog.getByRole('button', { name: 'Save result' }).click();
  await expect(resultDialog).toBeHidden();
  await expect(toastLocator(nursePage).filter({ hasText: 'Result recorded' })).toBeVisible();
  const resultRow = panel.getByRole('table', { name: 'Results, newest first' }).getByRole('row').filter({ hasText: test_ });
  await expect(resultRow).toContainText('6.1 mmol/L');
  await expect(resultRow).toContainText('3.5–5.1');
  await expect(resultRow).toContainText('High');
  await expect(resultRow).toContainText('Anele Mthembu');
  await expect(resultRow.getByRole('link', { name: new RegExp(`Download the report of ${test_}`) })).toBeVisible();

  // Issue 31: a nurse gives doses; prescribing is the doctor's.
  await expect(panel.getByRole('button', { name: 'Add medication' })).toHaveCount(0);
  const doctorPage = await (await browser.newContext()).newPage();
  await signInShared(doctorPage, DOCTOR);
  await openResultsTab(doctorPage, caseId);
  const doctorPanel = doctorPage.getByRole('tabpanel');
  await doctorPanel.getByRole('button', { name: 'Add medication' }).click();
  const medDialog = doctorPage.getByRole('dialog', { name: 'Add a medication' });
  await medDialog.getByLabel('Medication', { exact: true }).fill(drug);
  await medDialog.getByLabel('Dose', { exact: true }).fill('500 mg');
  await choose(doctorPage, 'Route', /^Oral/);
  await medDialog.getByLabel('Frequency', { exact: true }).fill('Three times a day');
  await medDialog.getByRole('button', { name: 'Save medication' }).click();
  // Thabo's recorded penicillin allergy (db/seed/seed-registry.ts): amoxicillin is a penicillin.
  await expect(medDialog.getByTestId('allergy-warning')).toContainText('Recorded allergy: Penicillin (severe)');
  await medDialog.getByRole('button', { name: 'Prescribe anyway' }).click();
  await expect(medDialog).toBeHidden();
  const medRow = doctorPanel.getByRole('table', { name: 'Medications, active first' }).getByRole('row').filter({ hasText: drug });
  await expect(medRow).toContainText('500 mg');
  await expect(medRow).toContainText('Oral');
  await expect(medRow).toContainText('Active');
  await expect(medRow).toContainText('Doctor');
  // Issue 31: the nurse's result is held from the portal until the doctor releases it.
  const heldRow = doctorPanel.getByRole('table', { name: 'Results, newest first' }).getByRole('row').filter({ hasText: test_ });
  await expect(heldRow).toContainText('Held from portal');
  await heldRow.getByRole('button', { name: `Release ${test_} to the patient` }).click();
  await expect(heldRow).toContainText('Released');
  await expectAccessible(doctorPage);
  if (shots) await doctorPage.screenshot({ path: `${shots}/case-results-tab-desktop.png`, fullPage: true });
  await nursePage.reload();
  await expect(nursePage.getByRole('tab', { name: 'Results & medications' })).toHaveAttribute('aria-selected', 'true');

  // The timeline has both.
  await nursePage.getByRole('tab', { name: 'Timeline' }).click();
  await expect(nursePage.getByRole('tabpanel')).toContainText(`Result recorded: ${test_} 6.1 mmol/L (High)`);
  await expect(nursePage.getByRole('tabpanel')).toContainText(`Medication started: ${drug}`);

  // A Case Manager reads the tab, without the buttons that write.
  const managerPage = await (await browser.newContext()).newPage();
  await signInShared(managerPage, MANAGER);
  await openResultsTab(managerPage, caseId);
  await expect(managerPage.getByRole('tabpanel')).toContainText(test_);
  await expect(managerPage.getByRole('tabpanel').getByRole('button', { name: 'Add result' })).toHaveCount(0);
  await expect(managerPage.getByRole('tabpanel').getByRole('button', { name: `Stop ${drug}` })).toHaveCount(0);

  // The patient signs in and finds both in the portal, with the new fields.
  const patientPage = await (await browser.newContext()).newPage();
  await signIn(patientPage, PATIENT, '/');
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Welcome, Thabo Mabaso' })).toBeVisible();
  await patientPage.getByRole('tab', { name: 'Test Results', exact: true }).click();
  const portalResult = patientPage.getByRole('list', { name: 'Your test results' }).getByRole('listitem').filter({ hasText: test_ });
  await expect(portalResult).toContainText('6.1 mmol/L');
  await expect(portalResult).toContainText('Flag: High');
  await expect(portalResult).toContainText('Reference range: 3.5–5.1');
  await patientPage.getByRole('tab', { name: 'Medications', exact: true }).click();
  const portalMed = patientPage.getByRole('list', { name: 'Your medications' }).getByRole('listitem').filter({ hasText: drug });
  await expect(portalMed).toContainText('500 mg');
  await expect(portalMed).toContainText('Three times a day · Oral');
  await expect(portalMed).toContainText('Active');
  await expectAccessible(patientPage);

  // The nurse stops the medication; it stays, marked stopped by her; the patient sees it stopped.
  await nursePage.getByRole('tab', { name: 'Results & medications' }).click();
  await nursePage.getByRole('tabpanel').getByRole('button', { name: `Stop ${drug}` }).click();
  const stopDialog = nursePage.getByRole('dialog', { name: `Stop ${drug}` });
  await stopDialog.getByRole('button', { name: 'Stop medication' }).click();
  await expect(stopDialog).toBeHidden();
  const stoppedRow = nursePage.getByRole('tabpanel').getByRole('table', { name: 'Medications, active first' }).getByRole('row').filter({ hasText: drug });
  await expect(stoppedRow).toContainText('Stopped');
  await expect(stoppedRow).toContainText('by Anele Mthembu');
  await patientPage.reload();
  await patientPage.getByRole('tab', { name: 'Medications', exact: true }).click();
  await expect(patientPage.getByRole('list', { name: 'Your medications' }).getByRole('listitem').filter({ hasText: drug })).toContainText('Stopped');
});

test('demo mode: a doctor adds a medication to the portal case from fixtures, with no request to the server', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/trpc/')) apiCalls.push(path);
  });
  await enterDemo(page, DEMO.doctor, '/patients/hc-case-01?tab=results');
  const panel = page.getByRole('tabpanel');
  // The demo's chunk loads lazily, cold in this context: allow a busy machine its time.
  await expect(panel.getByRole('table', { name: 'Results, newest first' })).toContainText('Wound swab culture');
  await expect(panel.getByRole('table', { name: 'Medications, active first' })).toContainText('Enoxaparin');
  await panel.getByRole('button', { name: 'Add medication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a medication' });
  await dialog.getByLabel('Medication', { exact: true }).fill('Ceftriaxone');
  await dialog.getByLabel('Dose', { exact: true }).fill('1 g');
  await choose(page, 'Route', /^IV/);
  await dialog.getByLabel('Frequency', { exact: true }).fill('Once daily');
  await dialog.getByRole('button', { name: 'Save medication' }).click();
  // Issue 31: Thabo's recorded penicillin allergy, and cephalosporins may cross-react.
  await expect(dialog.getByTestId('allergy-warning')).toContainText('Ceftriaxone is one of the cephalosporins, which may cross-react');
  await dialog.getByRole('button', { name: 'Prescribe anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('table', { name: 'Medications, active first' }).getByRole('row').filter({ hasText: 'Ceftriaxone' })).toContainText('Active');
  await expectAccessible(page);
  expect(apiCalls).toEqual([]);
});
