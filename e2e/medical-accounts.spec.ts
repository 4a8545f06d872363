import { expect, test } from '@playwright/test';
import { pdfText } from '../src/server/test-support/pdf-text';
import { signInShared } from './app-helpers';

// Issue 33, the account cycle in the browser on the seeded hospital. A doctor turns an encounter into
// a charge with its diagnoses carried over. The administrator opens the account waiting to be claimed —
// a dependant's, held by the main member — where validation names the missing authorisation; fixes it;
// claims it (the fake switch, e2e/fake-switch.mjs, accepts each line); captures the scheme's remittance
// — one line paid, one short-paid, one not paid — moves the short payment to the patient and writes the
// unpaid line off, takes the patient's card payment, prints the family's statement with its age
// analysis and finds the holder in the aged debtors. The portal patient reads their own statement.

test('a doctor turns an encounter into a charge with its diagnoses carried over', async ({ page }) => {
  await signInShared(page, 'doctor@thornhill-hospital.example');
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/patient-cases', { data: { patientName: `Charge Patient ${Date.now() % 100_000}`, caseType: 'Inpatient' }, headers: { origin } });
  const caseId = ((await made.json()) as { id: string }).id;
  const encounter = await page.request.post(`/api/patient-cases/${caseId}/encounters`, {
    headers: { origin },
    data: { type: 'Consultation', occurredAt: new Date().toISOString(), diagnoses: [{ code: 'I10', primary: true }, { code: 'E11.9', primary: false }] },
  });
  expect(encounter.status(), await encounter.text()).toBe(200);
  await page.goto(`/patients/${caseId}?tab=charges`);
  await page.getByRole('button', { name: 'Charge from latest encounter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record charge' });
  await expect(dialog.getByText('I10', { exact: false }).first()).toBeVisible();
  await expect(dialog.getByText('E11.9', { exact: false }).first()).toBeVisible();
  await dialog.getByLabel('Tariff code').fill('0191');
  await dialog.getByRole('button', { name: /^0191 / }).click();
  await dialog.getByRole('button', { name: 'Record charge' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: '0191' });
  await expect(row).toContainText('I10, E11.9');
  await expect(row.getByText('PMB')).toBeVisible(); // hypertension and diabetes are on the Chronic Disease List
});

test('an account goes from claim to remittance, shortfall, payment and aged debtors', async ({ page }) => {
  await signInShared(page, 'admin@thornhill-hospital.example');
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Not yet claimed' }).click();
  const table = page.getByRole('region', { name: 'Accounts, newest first' });
  await table.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Account \d+$/ })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).innerText()).replace('Account ', '');
  // A dependant's account, held by the main member.
  await expect(page.getByText(/\(dependant 01\)/)).toBeVisible();
  const problems = page.getByRole('list', { name: 'Problems the scheme would reject' });
  await expect(problems).toContainText('This code needs an authorisation number');
  await page.getByRole('button', { name: 'Add authorisation' }).click();
  const auth = page.getByRole('dialog', { name: 'Authorisation number' });
  await auth.getByLabel('Authorisation number').fill('AUTH-E2E-1');
  await auth.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Nothing the scheme would reject/)).toBeVisible();

  const pdf = await page.request.get(page.url().replace('/accounts/', '/api/accounts/') + '/pdf');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdfText(await pdf.body())).toMatch(/BHF practice no\. \d{7}/);

  await page.getByRole('button', { name: 'Claim from the scheme' }).click();
  await expect(page.getByText(/Claim batch \d+ sent/).first()).toBeVisible();
  const lines = page.getByRole('region', { name: 'Account lines' });
  await expect(lines.getByText('Accepted', { exact: true })).toHaveCount(3);

  // The remittance, by account.
  await page.goto('/accounts');
  await page.getByRole('tab', { name: 'Remittances' }).click();
  await page.getByRole('button', { name: 'Capture remittance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Capture remittance' });
  await dialog.getByLabel('Reference').fill(`ERA-E2E-${Date.now()}`);
  const choice = dialog.getByLabel('Add an account awaiting payment');
  const option = await choice.locator('option', { hasText: `${number} · ` }).getAttribute('value');
  await choice.selectOption(option!);
  await expect(dialog.getByLabel('Scheme')).not.toHaveValue('');
  await dialog.getByLabel(`Paid on account ${number} line 1`).fill('350');
  await dialog.getByLabel(`Paid on account ${number} line 2`).fill('40');
  await dialog.getByLabel(`Reason code, account ${number} line 2`).fill('05');
  await dialog.getByLabel(`Paid on account ${number} line 3`).fill('0');
  await dialog.getByLabel(`Reason, account ${number} line 3`).fill('No authorisation on file');
  await dialog.getByRole('button', { name: 'Capture' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Remittance captured').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Accounts' }).click();
  await page.getByRole('region', { name: 'Accounts, newest first' }).getByRole('link', { name: number, exact: true }).click();
  await expect(lines.getByText('Paid', { exact: true })).toBeVisible();
  await expect(lines.getByText('Short-paid')).toBeVisible();
  await expect(lines.getByText('No authorisation on file')).toBeVisible();
  await lines.getByRole('row').filter({ hasText: 'Short-paid' }).getByRole('button', { name: 'To patient' }).click();
  await expect(lines.getByText(/R\s15,00 to the patient/)).toBeVisible();
  await lines.getByRole('row').filter({ hasText: 'Rejected' }).getByRole('button', { name: 'Write off' }).click();
  await expect(lines.getByText('Written off', { exact: true })).toBeVisible();

  // The patient pays more than they owe: refused, named; then what they owe.
  await page.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  await pay.getByLabel('Amount (R)').fill('20');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay.getByText(/More than the R\s15,00 the patient owes/)).toBeVisible();
  await pay.getByLabel('Amount (R)').fill('15');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(/^Receipt \d+$/).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Payments' })).toContainText(/receipt \d+ · Card · R\s15,00/);

  // The family's statement: the main member's, with the dependant's account, aged.
  const statement = pdfText(await (await page.request.get(await page.getByRole('link', { name: 'Statement PDF' }).getAttribute('href') ?? '')).body());
  expect(statement).toMatch(/\(dependant 01\)/);
  expect(statement).toMatch(/Age analysis/);
  expect(statement).toMatch(/Current.*30 days.*60 days.*90 days.*120\+ days/s);

  await page.goto('/accounts');
  await page.getByRole('tab', { name: 'Aged debtors' }).click();
  await expect(page.getByRole('region', { name: 'Aged debtors, largest balance first' })).toBeVisible();
});

test("the portal patient reads their own statement under My Account", async ({ page }) => {
  await signInShared(page, 'patient@thornhill-hospital.example', '/');
  await page.getByRole('tab', { name: 'My Account' }).click();
  await expect(page.getByText(/Balance as at/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download statement (PDF)' })).toBeVisible();
  const pdf = await page.request.get('/api/portal/statement.pdf');
  expect(pdfText(await pdf.body())).toMatch(/Statement as at/);
});
