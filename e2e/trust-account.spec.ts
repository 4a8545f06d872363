import { expect, test } from '@playwright/test';
import { DEMO, enterDemo, serverCallsOf, signInShared } from './app-helpers';

// Issue 34 in the browser, on the seeded law firm: Finance receives R50 000 into trust for a new
// matter's client, is refused a payment that would overdraw it (the balance named), transfers a fee
// note's R4 600 to business (the fee note is then paid), invests R20 000 under s86(4) and credits
// R1 000 interest (R950 to the client, R50 to the Fidelity Fund); then reconciles last month against
// the bank statement, signs it off, and a receipt dated in it is refused. In demo mode the same
// screens answer from the fixtures with no request to the server, the contingency fee included.

const lastMonth = () => {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
};

test('trust money received, refused an overdraft, transferred, invested and reconciled', async ({ page }) => {
  await signInShared(page, 'director@mokoena-attorneys.example');
  const origin = new URL(page.url()).origin;
  const made = await page.request.post('/api/patient-cases', { data: { patientName: `Trust Client ${Date.now() % 100_000}`, caseType: 'Personal Injury' }, headers: { origin } });
  expect(made.status(), await made.text()).toBe(200);
  const caseId = ((await made.json()) as { id: string }).id;
  await page.context().clearCookies();

  await signInShared(page, 'finance@mokoena-attorneys.example');
  const billed = await page.request.post(`/api/patient-cases/${caseId}/fee-notes`, { data: { fixedFees: [{ date: new Date().toISOString().slice(0, 10), description: 'Consultation and advice', amountCents: 400_000 }] }, headers: { origin } });
  expect(billed.status(), await billed.text()).toBe(200);
  await page.goto(`/clients/${caseId}?tab=fees`);
  const trust = page.getByRole('region', { name: 'Trust account' });

  await trust.getByRole('button', { name: 'Receive' }).click();
  let dialog = page.getByRole('dialog', { name: 'Receive into trust' });
  await dialog.getByLabel('Amount (R)').fill('50000');
  await dialog.getByLabel('Received from').fill('T. Mthembu');
  await dialog.getByLabel('Reference').fill('EFT 8812');
  await dialog.getByRole('button', { name: 'Record receipt' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(trust).toContainText(/Held in trust for .*: R\s50\s000,00/);

  await trust.getByRole('button', { name: 'Pay', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Pay from trust' });
  await dialog.getByLabel('Amount (R)').fill('60000');
  await dialog.getByLabel('Paid to').fill('Adv. N. Botha');
  await dialog.getByLabel('Reference').fill('Trial fee');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText(/R\s50\s000,00 is held in the trust bank account for this matter/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await trust.getByRole('button', { name: 'Transfer to business' }).click();
  dialog = page.getByRole('dialog', { name: 'Transfer to business' });
  await expect(dialog.getByLabel('Amount (R)')).toHaveValue('4600.00');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('article', { name: /^Fee note \d+$/ })).toContainText(/Owing\s*R\s0,00/);
  await expect(trust).toContainText(/trust bank R\s45\s400,00/);

  await trust.getByRole('button', { name: 'Invest' }).click();
  dialog = page.getByRole('dialog', { name: 'Invest trust money' });
  await dialog.getByLabel('Bank or institution').fill('Nedbank');
  await dialog.getByLabel('Amount (R)').fill('20000');
  await dialog.getByRole('button', { name: 'Invest' }).click();
  await expect(dialog).toHaveCount(0);
  const investment = page.getByRole('article', { name: 's86(4) investment at Nedbank' });
  await investment.getByRole('button', { name: 'Credit interest' }).click();
  dialog = page.getByRole('dialog', { name: 'Credit interest' });
  await dialog.getByLabel('Amount (R)').fill('1000');
  await dialog.getByRole('button', { name: 'Credit interest' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(investment).toContainText(/Interest R\s1\s000,00, of which R\s50,00 to the Legal Practitioners' Fidelity Fund/);
  await expect(investment).toContainText(/Holds R\s20\s950,00/);

  // Last month: the bank statement agrees with the firm's ledger; signed off, it takes no back-dated entry.
  const month = lastMonth();
  const before = (await (await page.request.get(`/api/trust/reconciliations/${month}`)).json()) as { ledgerBankCents: number; signedOff: boolean };
  await page.goto('/trust');
  await expect(page.getByRole('heading', { name: /^Trust creditors at/ })).toBeVisible();
  if (!before.signedOff) {
    await page.getByLabel(/Trust bank balance on the statement/).fill((before.ledgerBankCents / 100).toFixed(2));
    await page.getByRole('button', { name: 'Save bank balance' }).click();
    await expect(page.getByText('Difference', { exact: true }).locator('..')).toContainText(/R\s0,00/);
    await page.getByRole('button', { name: 'Sign off the month' }).click();
  }
  await expect(page.getByText(/^Signed off by/)).toBeVisible();
  const backDated = await page.request.post('/api/trust/receipts', { data: { caseId, date: `${month}-15`, amountCents: 100, reference: 'Late', from: 'Client' }, headers: { origin } });
  expect(backDated.status()).toBe(409);
});

test('demo mode: the trust creditors, a matter’s ledger, a receipt into trust and its contingency fee, with no request to the server', async ({ page, baseURL }) => {
  const calls = serverCallsOf(page, baseURL!);
  await enterDemo(page, DEMO.managingPartner, '/trust');
  await page.getByLabel('Month').fill(new Date().toISOString().slice(0, 7));
  // The fixtures: R50 000 received for the first matter's client, counsel paid R3 500 from it.
  const creditors = page.getByRole('table', { name: /Trust creditors/ });
  await expect(creditors).toContainText(/R\s46\s500,00/);
  await creditors.getByRole('link').first().click();
  const trust = page.getByRole('region', { name: 'Trust account' });
  await expect(trust).toContainText(/Held in trust for .*: R\s46\s500,00/);
  await trust.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive into trust' });
  await dialog.getByLabel('Amount (R)').fill('1000');
  await dialog.getByLabel('Received from').fill('The client');
  await dialog.getByLabel('Reference').fill('Cash deposit');
  await dialog.getByRole('button', { name: 'Record receipt' }).click();
  await expect(trust).toContainText(/Held in trust for .*: R\s47\s500,00/);
  // The same matter's contingency agreement (100% uplift): the statute's example is capped at 25% of the award.
  const calculator = page.getByRole('form', { name: 'Success fee calculator' });
  await calculator.getByLabel('Award, costs excluded (R)').fill('2000000');
  await calculator.getByLabel('Normal fees, excl. VAT (R)').fill('300000');
  await calculator.getByRole('button', { name: 'Work it out' }).click();
  await expect(calculator).toContainText(/25% of the award \(the cap\)R\s500\s000,00/);
  expect(calls).toEqual([]);
});
