import { expect, test, type Page } from '@playwright/test';
import { makeSaIdNumber } from '../src/shared/sa/sa-id-number';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { openSelect } from './public-helpers';

// Issue 19 in the browser, as the medicolegal unit's Administrator works it: a person with a valid
// SA ID number (a mistyped one refused with its reason), two cases for that person, the duplicate
// check, an opposing attorney and a next of kin as parties, the header search, and the per-person
// access report. One walk: each step needs the records of the one before.

const ADMIN = 'admin@gauteng-litigation.example';
// A run-unique person: the e2e server's database lives through the whole run.
const stamp = Date.now() % 100_000;
const FIRST = 'Nomathemba';
const LAST = `Khumalo${stamp}`;
const BIRTH = '1984-07-21';
const ID_NUMBER = makeSaIdNumber(BIRTH, 'female', stamp % 5000);
// The same number with the check digit changed: a typing mistake Luhn catches.
const MISTYPED = ID_NUMBER.slice(0, 12) + String((Number(ID_NUMBER[12]) + 1) % 10);

async function openCaseFor(page: Page, caseType: string): Promise<string> {
  await page.goto('/clients');
  // The medicolegal platform's words (issue 32): a matter for a claimant, after the conflict check.
  await page.getByRole('button', { name: 'New Matter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Matter' });
  await dialog.getByRole('button', { name: 'Skip the check' }).click();
  await dialog.getByRole('combobox', { name: /^(Client|Claimant) name/ }).fill(LAST);
  await dialog.getByRole('option', { name: new RegExp(`${FIRST} ${LAST}`) }).click();
  await dialog.getByLabel('Matter type').fill(caseType);
  await dialog.getByRole('button', { name: 'Open Matter' }).click();
  await expect(dialog).toBeHidden();
  // The new case opens (issue 32); back in the list it is first (newest first).
  await expect(page).toHaveURL(/\/clients\/[0-9a-z-]+$/);
  await page.goto('/clients');
  const row = page.getByRole('row').filter({ hasText: caseType }).first();
  await expect(row).toBeVisible();
  const reference = (await row.getByText(/^[A-Z]+-\d{4}-\d{5}$/).first().textContent())!.trim();
  return reference;
}

async function headerSearch(page: Page, term: string, result: RegExp): Promise<void> {
  await page.locator('body').press('/');
  const box = page.getByRole('combobox', { name: 'Quick find' });
  await expect(box).toBeFocused();
  await box.fill(term);
  // The results of this term, not those still shown from the one before.
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await results.getByRole('option', { name: result }).first().click();
}

test('a person with a checked ID number, two cases, the duplicate check, parties, search and the access report', async ({ page }) => {
  test.setTimeout(60_000);
  await signInShared(page, ADMIN);

  // A person: a mistyped ID number is refused with its reason; the right one fills birth date and sex.
  await page.goto('/people');
  await page.getByRole('button', { name: 'New person' }).first().click();
  const create = page.getByRole('dialog', { name: 'New person' });
  await create.getByLabel('First names').fill(FIRST);
  await create.getByLabel('Surname').fill(LAST);
  await create.getByLabel('SA ID number').fill(MISTYPED);
  await expect(create.getByTestId('id-number-feedback')).toContainText('check digit');
  await create.getByLabel('SA ID number').fill(ID_NUMBER);
  await expect(create.getByTestId('id-number-feedback')).toContainText('Valid');
  await expect(create.getByLabel('Date of birth')).toHaveValue(BIRTH);
  await create.getByRole('button', { name: /^(Save|Add person|Create)/ }).click();
  await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}$/);
  const personUrl = page.url();
  await expect(page.getByRole('heading', { name: `${FIRST} ${LAST}` })).toBeVisible();

  // The server refuses the mistyped number too, naming the field and the reason.
  const refused = await page.request.post('/api/people', {
    data: { firstName: 'Test', lastName: 'Refused', idNumber: MISTYPED },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields.idNumber).toContain('check digit');

  // An SA ID number is one person's (issue 32): the same number again is a 409 naming who holds it.
  const duplicate = await page.request.post('/api/people', {
    data: { firstName: 'Other', lastName: 'Person', idNumber: ID_NUMBER },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(duplicate.status()).toBe(409);
  const taken = await duplicate.json();
  expect(taken.fields.idNumber).toContain(`${FIRST} ${LAST}`);
  expect(taken.existing).toEqual({ id: personUrl.split('/').at(-1), name: `${FIRST} ${LAST}` });

  // Escape hands the focus back to the button that opened the dialog (issue 32).
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  // ("Person added" is closed first, as a person would: Escape closes the topmost layer, and a toast is one.)
  for (const close of await page.locator('[data-slot="toast-close"]').all()) await close.click();
  await expect(page.locator('[data-slot="toast"]')).toHaveCount(0);
  await edit.click();
  await expect(page.getByRole('dialog', { name: `Edit ${FIRST} ${LAST}` })).toBeVisible();
  // The form is on screen with the person's details, its first field focused, before Escape.
  await expect(page.getByRole('textbox', { name: 'First names' })).toBeFocused();
  await page.keyboard.press('Escape');
  // On the CI machine a first Escape has twice been lost right after the dialog opened (not seen in
  // twelve tries locally; noted for a closer look): a second one is allowed, the focus rule is what
  // this checks.
  if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(edit).toBeFocused();

  // Two cases for the person, both on the person page.
  const first = await openCaseFor(page, `Birth injury claim ${stamp}`);
  const second = await openCaseFor(page, `Wrongful sterilisation claim ${stamp}`);
  await page.goto(personUrl);
  const cases = page.getByRole('region', { name: /Cases/ }).or(page.locator('section').filter({ has: page.getByRole('heading', { name: /^Cases/ }) }));
  await expect(cases.getByRole('link', { name: first })).toBeVisible();
  await expect(cases.getByRole('link', { name: second })).toBeVisible();

  // The duplicate check: the same ID number, then a similar name with the same birth date.
  await page.goto('/people');
  await page.getByRole('button', { name: 'New person' }).first().click();
  const again = page.getByRole('dialog', { name: 'New person' });
  await again.getByLabel('First names').fill('Thembi');
  await again.getByLabel('Surname').fill('Dube');
  await again.getByLabel('SA ID number').fill(ID_NUMBER);
  await expect(again.getByTestId('person-match').filter({ hasText: `${FIRST} ${LAST}` })).toBeVisible();
  // An SA ID number is one person's (issue 32): the form offers that person and adds no second one.
  await expect(again.getByTestId('id-number-taken')).toContainText(`already ${FIRST} ${LAST}’s`);
  await expect(again.getByTestId('id-number-taken').getByRole('link', { name: `Open ${FIRST} ${LAST}` })).toBeVisible();
  await expect(again.getByRole('button', { name: /^Add (person|as a new person)$/ })).toBeDisabled();
  await again.getByLabel('SA ID number').fill('');
  await again.getByLabel('First names').fill(FIRST);
  await again.getByLabel('Surname').fill(`Kumalo${stamp}`);
  await again.getByLabel('Date of birth').fill(BIRTH);
  await expect(again.getByTestId('person-match').filter({ hasText: `${FIRST} ${LAST}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // Parties on the first case: an opposing attorney and a next of kin, both new to the registry.
  await headerSearch(page, first, new RegExp(first));
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}/);
  const caseUrl = new URL(page.url());
  await page.goto(`${caseUrl.pathname}?tab=parties`);
  for (const [name, role] of [[`Pieter Botha${stamp}`, 'Opposing attorney'], [`Sipho Khumalo${stamp}`, 'Next of kin']] as const) {
    await page.getByRole('button', { name: 'Add party' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add a party' });
    await add.getByRole('combobox', { name: 'Person or organisation' }).fill(name);
    // The registry has answered (nobody by that name) before a new person is made from the name.
    await expect(add.getByText(`No one in the registry matches “${name}”.`)).toBeVisible();
    await add.getByRole('button', { name: `New person “${name}”` }).click();
    const person = page.getByRole('dialog', { name: 'New person' });
    await person.getByRole('button', { name: /^(Save|Add person|Create)/ }).click();
    await expect(person).toBeHidden();
    await openSelect(page, add.getByRole('combobox', { name: /Role/ }));
    await page.getByRole('option', { name: role, exact: true }).click();
    await add.getByRole('button', { name: 'Add party' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: name }).filter({ hasText: role })).toBeVisible();
  }

  // A document on the case, found by its file name from the header search.
  await page.goto(`${caseUrl.pathname}?tab=documents`);
  const fileName = `hospital-records-${stamp}.pdf`;
  await page.getByLabel('File').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% e2e\n') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('list', { name: 'Documents of this case' }).getByText(fileName)).toBeVisible();

  await headerSearch(page, fileName, new RegExp(fileName));
  await expect(page).toHaveURL(new RegExp(`${caseUrl.pathname}\\?tab=documents`));
  await headerSearch(page, ID_NUMBER.slice(0, 10), new RegExp(`${FIRST} ${LAST}`));
  await expect(page).toHaveURL(personUrl);
  await headerSearch(page, second, new RegExp(second));
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}/);

  // The per-person access report lists the reads of both cases.
  await page.goto(`${personUrl}/access-report`);
  const report = page.getByRole('table');
  await expect(report.getByRole('link', { name: first }).first()).toBeVisible();
  await expect(report.getByRole('link', { name: second }).first()).toBeVisible();
});

test('in demo mode the registry, a person page and the header search answer from the fixtures', async ({ page }) => {
  await enterDemo(page, DEMO.managingPartner);
  await page.goto('/people');
  const firstPerson = page.getByRole('table').getByRole('link').first();
  await expect(firstPerson).toBeVisible();
  const name = (await firstPerson.textContent())!.trim();
  await firstPerson.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await headerSearch(page, name.split(' ')[0]!, new RegExp(name.split(' ')[0]!));
  await expect(page).toHaveURL(/\/(people|clients)\//);
});
