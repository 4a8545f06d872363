import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterDemo, signInShared } from './app-helpers';
import { expectAccessible, openSelect, toastLocator } from './public-helpers';

// Legal documents (issue 7): a legal firm's Administrator uploads a PDF to a case, finds it listed,
// downloads the same bytes and deletes it; a refused file says why. Demo mode lists samples only.

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

async function openUpload(page: Page) {
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  const cases = await openSelect(page, dialog.getByRole('combobox', { name: 'Case' }));
  await cases.getByRole('option').first().click();
  return dialog;
}

test('signed in as a legal Administrator: upload, download and delete a PDF; refused files say why', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInShared(page, 'admin@mokoena-attorneys.example');
  await page.goto('/legal-documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Documents' })).toBeVisible();

  const fileName = `Founding Affidavit ${Date.now()}.pdf`;
  const bytes = Buffer.from(`%PDF-1.4\n% ${fileName}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
  let dialog = await openUpload(page);
  await expect(dialog).toContainText('up to 10 MB');
  await dialog.getByLabel('File').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toastLocator(page)).toContainText(`${fileName} uploaded`);
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText('PDF');
  await expect(row).toContainText('Charlene van Wyk');
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(Buffer.compare(await readFile(await download.path()), bytes)).toBe(0);

  // A type the browser can tell is refused before sending; a PNG calling itself .pdf only the server can.
  dialog = await openUpload(page);
  await dialog.getByLabel('File').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(dialog.getByRole('alert')).toContainText('This type of file is not accepted');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await dialog.getByLabel('File').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: PNG });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText("The file's content is not a PDF");
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'scan.pdf' })).toHaveCount(0);

  await row.getByRole('button', { name: `Delete ${fileName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete document?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toastLocator(page)).toContainText('Document deleted');
  await expect(row).toHaveCount(0);
});

test('demo mode: sample documents are listed, file actions are off with a note', async ({ page }) => {
  await enterDemo(page, DEMO.managingPartner, '/legal-documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Documents' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Supply Agreement (signed).pdf' })).toBeVisible();
  await expect(page.getByText('Demo mode shows sample documents')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Document' })).toBeDisabled();
});
