import { expect, test } from '@playwright/test';
import { pdfText } from '../src/server/test-support/pdf-text';
import { signInShared } from './app-helpers';

// Issue 34 in the browser, on the seeded law firm (a VAT vendor): the Director opens a matter,
// records a disbursement on its Fees tab, bills it as a tax invoice with VAT at 15% (R1 000,00 →
// R150,00 VAT, R1 150,00), prints it and receives the payment; nothing is then owed.

test('a disbursement becomes a tax invoice with VAT, printed and paid', async ({ page }) => {
  await signInShared(page, 'director@mokoena-attorneys.example');
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/patient-cases', { data: { patientName: `Fee Client ${Date.now() % 100_000}`, caseType: 'Commercial Contract Dispute' }, headers: { origin } });
  expect(made.status(), await made.text()).toBe(200);
  const caseId = ((await made.json()) as { id: string }).id;
  await page.goto(`/clients/${caseId}?tab=fees`);
  await expect(page.getByRole('heading', { name: 'Work in progress' })).toBeVisible();

  await page.getByRole('button', { name: 'Record disbursement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record disbursement' });
  await dialog.getByLabel('Description').fill('Expert report: forensic accountant');
  await dialog.getByLabel('Amount excl. VAT (R)').fill('1000');
  await dialog.getByLabel(/Add VAT when billed/).check();
  await dialog.getByRole('button', { name: 'Record disbursement' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Bill Expert report: forensic accountant' }).check();
  await page.getByRole('button', { name: 'Issue fee note (1)' }).click();
  const note = page.getByRole('article', { name: /^Fee note \d+$/ });
  // formatZar writes a no-break space after the R and between thousands (\s matches it).
  await expect(note).toContainText(/R\s1\s000,00 \+ VAT R\s150,00 = R\s1\s150,00/);
  await expect(page.getByText('Nothing unbilled on this matter')).toBeVisible();

  const id = ((await (await page.request.get(`/api/patient-cases/${caseId}/fee-notes`)).json()) as { items: { id: string }[] }).items[0]!.id;
  const pdf = pdfText(await (await page.request.get(`/api/fee-notes/${id}/pdf`)).body());
  expect(pdf).toMatch(/Tax invoice \d+/);
  expect(pdf).toMatch(/VAT no\. 4123456789/);

  await note.getByRole('button', { name: 'Receive payment' }).click();
  const receipt = page.getByRole('dialog', { name: /Receive payment on fee note/ });
  await expect(receipt.getByLabel('Amount (R)')).toHaveValue('1150.00');
  await receipt.getByRole('button', { name: 'Receive payment' }).click();
  await expect(receipt).toHaveCount(0);
  await expect(note).toContainText(/Owing\s*R\s0,00/);
  await expect(note.getByRole('button', { name: 'Receive payment' })).toHaveCount(0);
});
