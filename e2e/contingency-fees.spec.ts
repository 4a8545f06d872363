import { expect, test } from '@playwright/test';
import { signInShared } from './app-helpers';

// Issue 34 in the browser, on the seeded law firm (a VAT vendor): the Director records a contingency-fee
// agreement on a matter's Fees tab — an uplift above 100% is refused by name — then works out the success
// fee on the statute's example: R2 000 000 award, R300 000 normal fees, 100% uplift → uplifted R600 000,
// cap R500 000, fee R500 000 with the VAT inside it (R434 782,61 + VAT R65 217,39; decision 0066).

test('a contingency-fee agreement and its success fee, capped at 25% of the award', async ({ page }) => {
  await signInShared(page, 'director@mokoena-attorneys.example');
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/patient-cases', { data: { patientName: `Contingency Client ${Date.now() % 100_000}`, caseType: 'Personal Injury' }, headers: { origin } });
  expect(made.status(), await made.text()).toBe(200);
  const caseId = ((await made.json()) as { id: string }).id;
  await page.goto(`/clients/${caseId}?tab=fees`);
  const card = page.getByRole('region', { name: 'Contingency agreement' });
  await expect(card.getByText('No contingency-fee agreement on this matter.')).toBeVisible();

  await card.getByRole('button', { name: 'Record agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record the contingency-fee agreement' });
  await dialog.getByLabel('Uplift above normal fees (%)').fill('120');
  await dialog.getByLabel('Normal-fee basis').fill('Attorney-and-client tariff, R2 500/hour');
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: 'Record agreement' }).click();
  // The field's error (the dialog's description names the limit too).
  await expect(dialog.getByText(/^The uplift is a whole percentage from 0 to 100/)).toBeVisible();
  await dialog.getByLabel('Uplift above normal fees (%)').fill('100');
  await dialog.getByRole('button', { name: 'Record agreement' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(card).toContainText('100%');
  await expect(card.getByText('s3 checklist complete')).toBeVisible();
  await expect(card.getByText('Version 1')).toBeVisible();

  const calculator = card.getByRole('form', { name: 'Success fee calculator' });
  await calculator.getByLabel('Award, costs excluded (R)').fill('2000000');
  await calculator.getByLabel('Normal fees, excl. VAT (R)').fill('300000');
  await calculator.getByRole('button', { name: 'Work it out' }).click();
  // formatZar writes a no-break space after the R and between thousands (\s matches it).
  await expect(calculator).toContainText(/Normal fees \+ 100%R\s600\s000,00/);
  await expect(calculator).toContainText(/25% of the award \(the cap\)R\s500\s000,00/);
  await expect(calculator).toContainText(/Success fee incl\. VATR\s500\s000,00R\s434\s782,61 \+ VAT R\s65\s217,39/);
  await expect(calculator).toContainText('Limited by 25% of the award');
});
