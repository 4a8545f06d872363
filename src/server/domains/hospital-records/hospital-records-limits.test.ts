import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../../../db/time';
import { addTeamMember, createCase } from '../../test-support/case-file-factories';
import { blackPng, blankPagesPdf } from '../../test-support/hostile-files';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { checkImagePixels } from './record-file';

// Hospital records that would stall the server (issue 28, decision 0043). The security review's files:
// a ~100 KB PNG declaring 6000 × 6000 pixels (13.5 s of decoding on the event loop) and a 67 KB PDF
// of 5,000 pages. The limits are the written ones: 25 megapixels an image, 2,000 pages a PDF, 10,000
// pages a bundle; the need-to-know check comes before any byte is parsed.

let t: TestApp;
let unit: string;
let kase: string;
const cookies: Record<string, string> = {};
const FIELDS = { sourceFacility: 'Chris Hani Baragwanath Hospital', recordsFrom: '2024-03-01', recordsTo: '2024-03-09' };

function multipart(fields: Record<string, string>, file: { name: string; bytes: Uint8Array; type: string }) {
  const boundary = `----casebridge${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), Buffer.from(file.bytes), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const url = (caseId: string) => `/api/patient-cases/${caseId}/hospital-records`;
function upload(who: string, caseId: string, file: { name: string; bytes: Uint8Array; type: string }) {
  const body = multipart(FIELDS, file);
  return t.app.inject({ method: 'POST', url: url(caseId), headers: { cookie: cookies[who]!, origin: ORIGIN, 'content-type': body.contentType }, payload: body.payload });
}
const documentCount = async () => Number((await t.db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** A JPEG's header declaring width × height (SOI, then a baseline start-of-frame segment): enough for any reader. */
function jpegDeclaring(width: number, height: number): Uint8Array {
  const sof = [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, sof.length + 2, ...sof, 0xff, 0xd9]);
}

beforeAll(async () => {
  t = await startTestApp();
  unit = await createOrganization(t.db, 'Limits Litigation Unit', 'medicolegal');
  for (const [key, role] of [['attorney', 'Attorneys'], ['advocate', 'Advocates']] as const) {
    const user = await createUser(t.db, { organizationId: unit, role });
    cookies[key] = await signIn(t.app, user.email);
  }
  kase = await createCase(t.db, unit, { patient_name: 'Thabo Mokoena', reference: 'LLU-2026-00028' });
});
afterAll(() => t.close());

describe('hospital records that cannot stall the server', () => {
  it('refuses a small PNG declaring 6000 × 6000 pixels with a 400 naming the pixel limit, from its header', async () => {
    const png = blackPng(6000, 6000);
    expect(png.length).toBeLessThan(100_000);
    const before = await documentCount();
    const res = await upload('attorney', kase, { name: 'CTG trace.png', bytes: png, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(400);
    const message = 'The image is 6 000 × 6 000 pixels (36.0 megapixels); the limit is 25 megapixels. Scan it at a lower resolution.'.replace(/ (?=000)/g, '\u00a0');
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message, fields: { file: message } });
    expect(await documentCount()).toBe(before);
  });

  it('refuses a JPEG past the pixel limit the same way, allows one at it, and takes an image within it', async () => {
    const res = await upload('attorney', kase, { name: 'x-ray.jpg', bytes: jpegDeclaring(5001, 5000), type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.file).toContain('(25.0 megapixels); the limit is 25 megapixels');
    expect(() => checkImagePixels('jpeg', jpegDeclaring(5000, 5000))).not.toThrow();
    const within = await upload('attorney', kase, { name: 'x-ray.png', bytes: blackPng(2000, 1500), type: 'image/png' });
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json()).toMatchObject({ pages: 1 });
  });

  it('refuses a PDF of more than 2,000 pages with a 400 naming the limit, and takes one of 2,000', async () => {
    const before = await documentCount();
    const res = await upload('attorney', kase, { name: 'admission.pdf', bytes: await blankPagesPdf(2_001), type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { file: 'The PDF has 2\u00a0001 pages; a hospital record may have at most 2\u00a0000 pages. Split it into several files.' } });
    expect(await documentCount()).toBe(before);
    const other = await createCase(t.db, unit, { patient_name: 'Pieter van Wyk' });
    const within = await upload('attorney', other, { name: 'admission.pdf', bytes: await blankPagesPdf(2_000), type: 'application/pdf' });
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json()).toMatchObject({ pages: 2_000 });
  });

  it('keeps a bundle within 10,000 pages: an upload that would pass it is refused, and so is the download of one past it', async () => {
    const full = await createCase(t.db, unit, { patient_name: 'Lindiwe Khumalo' });
    const attorney = await t.db.selectFrom('users').innerJoin('memberships', 'memberships.user_id', 'users.id').select('users.id').where('memberships.organization_id', '=', unit).where('memberships.role', '=', 'Attorneys').executeTakeFirstOrThrow();
    // Records stored as an earlier upload left them (their bytes are never read: the limits refuse first).
    const stored = (pages: number) =>
      t.db.insertInto('documents').values({
        id: randomUUID(), organization_id: unit, case_id: full, file_name: `${pages}.pdf`, content_type: 'application/pdf', size_bytes: 1, sha256: '0'.repeat(64),
        uploaded_by: attorney.id, created_at: nowIso(), record_type: 'hospital_record', source_facility: 'Helen Joseph Hospital', records_from: '2024-01-01', records_to: '2024-01-02', page_count: pages,
      }).execute();
    await stored(9_999);
    const res = await upload('attorney', full, { name: 'discharge.pdf', bytes: await blankPagesPdf(2), type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.file).toBe("The case's hospital records already have 9\u00a0999 pages; with this file's 2 the bundle would pass its limit of 10\u00a0000 pages.");
    await stored(2);
    const bundle = await t.app.inject({ method: 'GET', url: `${url(full)}/bundle.pdf`, headers: { cookie: cookies.attorney! } });
    expect(bundle.statusCode, bundle.body).toBe(400);
    expect(bundle.json().message).toBe('The hospital records have 10\u00a0001 pages; a bundle holds at most 10\u00a0000 pages. Remove some records to download it.');
  });

  it('answers a non-member of a restricted case 403 RESTRICTED before reading the file, malformed or huge', async () => {
    const secret = await createCase(t.db, unit, { patient_name: 'Restricted Refilwe', restricted: 1 });
    const before = await documentCount();
    const files = [
      { name: 'scan.pdf', bytes: Buffer.from('%PDF-1.7 this is not a PDF at all'), type: 'application/pdf' },
      { name: 'scan.png', bytes: blackPng(6000, 6000), type: 'image/png' },
      { name: 'notes.txt', bytes: Buffer.from('not even a record type'), type: 'text/plain' },
    ];
    for (const file of files) {
      const res = await upload('attorney', secret, file);
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('RESTRICTED');
    }
    expect(await documentCount()).toBe(before);
    // A member of its team gets the file's own refusal.
    const advocate = await t.db.selectFrom('users').innerJoin('memberships', 'memberships.user_id', 'users.id').select('users.id').where('memberships.organization_id', '=', unit).where('memberships.role', '=', 'Advocates').executeTakeFirstOrThrow();
    await addTeamMember(t.db, unit, secret, advocate.id, 'attorney');
    expect((await upload('advocate', secret, files[0]!)).statusCode).toBe(400);
  });

  it('still builds the bundle (in a worker) with an image and a PDF', async () => {
    const pdf = await upload('attorney', kase, { name: 'ward notes.pdf', bytes: await blankPagesPdf(3), type: 'application/pdf' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `${url(kase)}/bundle.pdf`, headers: { cookie: cookies.advocate! } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const bundle = await PDFDocument.load(res.rawPayload);
    // One index page, the image's page, the PDF's three; each of the PDF's own 200 × 200 pages kept.
    expect(bundle.getPageCount()).toBe(5);
    expect(bundle.getPages().map((page) => Math.round(page.getWidth()))).toEqual([595, 595, 200, 200, 200]);
  });
});
