import { expect, test } from '@playwright/test';
import { DEMO, enterDemo, serverCallsOf, signInShared } from './app-helpers';

// Issue 34 in the browser, on the seeded law firm (a VAT vendor): the Director bills a new client a
// fixed fee of R1 000 (R1 150 with VAT), then on the Fees screen finds the work in progress, the
// client among the aged debtors with their statement (amount due R1 150), downloads the CSV, sets
// their own monthly target and sees the fee against it. Other specs bill the same firm: the checks
// look for this client's row and this fee earner's target, not the firm's totals. In demo mode the
// same screen answers from the fixtures with no request to the server.

test('the fee reports: work in progress, an aged debtor with a statement, a target and fees against it', async ({ page }) => {
  await signInShared(page, 'director@mokoena-attorneys.example');
  const origin = new URL(page.url()).origin;
  const client = `Debtor Client ${Date.now() % 100_000}`;
  const made = await page.request.post('/api/patient-cases', { data: { patientName: client, caseType: 'Commercial Contract Dispute' }, headers: { origin } });
  expect(made.status(), await made.text()).toBe(200);
  const caseId = ((await made.json()) as { id: string }).id;
  const billed = await page.request.post(`/api/patient-cases/${caseId}/fee-notes`, {
    data: { fixedFees: [{ date: new Date().toISOString().slice(0, 10), description: 'Letter of demand', amountCents: 100_000 }] },
    headers: { origin },
  });
  expect(billed.status(), await billed.text()).toBe(200);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fees' }).click();
  await expect(page).toHaveURL('/fees');
  await expect(page.getByRole('heading', { name: 'Fees', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Work in progress by matter and fee earner/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Aged debtors' }).click();
  const row = page.getByRole('row', { name: new RegExp(client) });
  // formatZar writes a no-break space after the R and between thousands (\s matches it).
  await expect(row).toContainText(/R\s1\s150,00/);
  await row.getByRole('button', { name: `Statement of ${client}` }).click();
  const statement = page.getByRole('dialog', { name: `Statement: ${client}` });
  await expect(statement).toContainText(/Amount due R\s1\s150,00/);
  await expect(statement.getByRole('link', { name: 'Statement PDF' })).toHaveAttribute('href', /\/api\/fee-statements\/.+\/pdf$/);
  await statement.getByRole('button', { name: 'Close' }).first().click();
  const csv = await (await page.request.get('/api/reports/aged-debtors?format=csv')).text();
  expect(csv.split('\r\n')[0]).toBe('Client,Fee notes,Current,30 days,60 days,90 days,120+ days,Total (ZAR)');
  expect(csv).toContain(`${client},1,1150.00,0.00,0.00,0.00,0.00,1150.00`);

  await page.getByRole('tab', { name: 'Targets' }).click();
  const target = page.getByRole('textbox', { name: 'Monthly target of Kagiso Mokoena (R)' });
  await target.fill('50000');
  await page
    .getByRole('row', { name: /Kagiso Mokoena/ })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('Target saved').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Fees by fee earner' }).click();
  await expect(page.getByRole('row', { name: /Kagiso Mokoena/ })).toContainText(/% of R\s50\s000,00/);
});

test('demo mode: the fixtures’ work in progress, a target set and the fees against it, with no request to the server', async ({ page, baseURL }) => {
  const calls = serverCallsOf(page, baseURL!);
  await enterDemo(page, DEMO.managingPartner, '/fees');
  await expect(page.getByRole('heading', { name: 'Fees', level: 1 })).toBeVisible();
  // The fixtures' first matter: a sheriff's fee (R450) and counsel's fee (R3 500) unbilled.
  await expect(page.getByRole('region', { name: /Work in progress by matter and fee earner/ })).toContainText(/R\s3\s950,00/);
  await page.getByRole('tab', { name: 'Targets' }).click();
  await page.getByRole('textbox', { name: 'Monthly target of Grace Naidoo (R)' }).fill('80000');
  await page
    .getByRole('row', { name: /Grace Naidoo/ })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('Target saved').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Fees by fee earner' }).click();
  await expect(page.getByRole('row', { name: /Grace Naidoo/ })).toContainText(/% of R\s80\s000,00/);
  expect(calls).toEqual([]);
});
