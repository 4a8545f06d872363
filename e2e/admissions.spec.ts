import { expect, test, type Page } from '@playwright/test';
import { signInShared } from './app-helpers';
import { choose, expectAccessible, toastLocator } from './public-helpers';

// Issue 22: a nurse admits a person of the registry to a bed, transfers them, discharges them with
// a summary, and the ward census shows each step. The run makes its own person, wards and beds, so
// what it reads is its own whatever other specs do to the shared database.

async function post(page: Page, url: string, data: object) {
  const response = await page.request.post(url, { data, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

const wardCard = (page: Page, ward: string) => page.getByTestId('census-ward').filter({ has: page.getByRole('heading', { name: ward, exact: true }) });

test('a nurse admits, transfers and discharges a patient; the census follows each step', async ({ page }) => {
  test.setTimeout(60_000); // some thirty steps on a shared machine, two of them axe scans
  await signInShared(page, 'nurse@thornhill-hospital.example');
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  const [first, last] = ['Lindiwe', `Census${run}`];
  const name = `${first} ${last}`;
  const wardA = `E2E Admit A ${run}`;
  const wardB = `E2E Admit B ${run}`;
  await post(page, '/api/people', { firstName: first, lastName: last });
  const bedA = await post(page, '/api/beds', { bedNumber: `AA${run}`.slice(0, 20), ward: wardA });
  const bedB = await post(page, '/api/beds', { bedNumber: `BB${run}`.slice(0, 20), ward: wardB });

  // The census is in the sidebar and reachable from the bed board.
  await page.goto('/bed-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Bed Management' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Ward Census' })).toBeVisible();

  // Admit: the person found by name in the registry, the bed chosen from the Available ones.
  await page.getByRole('button', { name: 'Admit patient' }).click();
  const admit = page.getByRole('dialog', { name: 'Admit patient' });
  await admit.getByRole('combobox', { name: /Patient/ }).fill(last);
  await admit.getByRole('option', { name: new RegExp(name) }).click();
  await expect(admit.getByTestId('picked-person')).toContainText(name);
  await choose(page, /^Bed$/, `Bed ${bedA.bedNumber} · ${wardA}`);
  await expect(admit.getByLabel('Case')).toHaveText('Open a new Inpatient admission case');
  await expectAccessible(page);
  await admit.getByRole('button', { name: 'Admit', exact: true }).click();
  await expect(toastLocator(page)).toContainText('Patient admitted');
  await expect(admit).toBeHidden();

  const card = (bedNumber: string) => page.getByTestId('bed-card').filter({ has: page.getByRole('heading', { name: `Bed ${bedNumber}`, exact: true }) });
  await expect(card(bedA.bedNumber)).toContainText('Occupied');
  await expect(card(bedA.bedNumber)).toContainText(name);

  await page.getByRole('link', { name: 'Ward census', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ward Census' })).toBeVisible();
  await expect(wardCard(page, wardA)).toContainText('1 of 1 beds occupied (100%)');
  await expect(wardCard(page, wardA).getByRole('link', { name: `Open the case of ${name}` })).toBeVisible();
  await expect(wardCard(page, wardA)).toContainText('Admitted today');
  await expect(wardCard(page, wardB)).toContainText('0 of 1 beds occupied (0%)');
  await expect(page.getByRole('img', { name: /Line chart of occupied beds per ward/ })).toBeVisible();
  await expectAccessible(page);

  // Transfer: to the other ward's bed; the bed left behind goes to Cleaning.
  await page.goto('/bed-management');
  await card(bedA.bedNumber).getByRole('button', { name: `Transfer ${name} from bed ${bedA.bedNumber}` }).click();
  const transfer = page.getByRole('dialog', { name: `Transfer ${name}` });
  await choose(page, /^New bed$/, new RegExp(`^Bed ${bedB.bedNumber} · ${wardB}`));
  // Issue 31: a transfer says why.
  await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(transfer.getByText('Give the reason for the transfer')).toBeVisible();
  await transfer.getByLabel('Reason').fill('Isolation: suspected TB');
  await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(toastLocator(page)).toContainText('Patient transferred');
  await expect(card(bedA.bedNumber)).toContainText('Cleaning');
  await expect(card(bedB.bedNumber)).toContainText(name);

  await page.goto('/ward-census');
  await expect(wardCard(page, wardA)).toContainText('0 of 1 beds occupied');
  await expect(wardCard(page, wardB)).toContainText('1 of 1 beds occupied');
  await expect(wardCard(page, wardB)).toContainText(name);

  // Discharge: the bed to Available, with a summary that lands on the case's documents.
  await page.goto('/bed-management');
  await card(bedB.bedNumber).getByRole('button', { name: `Discharge ${name} from bed ${bedB.bedNumber}` }).click();
  const discharge = page.getByRole('dialog', { name: `Discharge ${name}?` });
  await discharge.getByLabel(/Available: ready for the next patient/).check();
  // Issue 31: where the patient went; the case is completed and a GP letter made.
  await discharge.getByLabel('Home', { exact: true }).check();
  await discharge.getByLabel('Notes for the GP (optional)').fill('Recovered after IV antibiotics. Review at the clinic in two weeks.');
  await discharge.getByRole('button', { name: 'Discharge', exact: true }).click();
  await expect(toastLocator(page)).toContainText('Patient discharged');
  await expect(card(bedB.bedNumber)).toContainText('Available');

  await page.goto('/ward-census');
  await expect(wardCard(page, wardB)).toContainText('0 of 1 beds occupied');
  await expect(wardCard(page, wardB)).toContainText('No patients in this ward.');
});
