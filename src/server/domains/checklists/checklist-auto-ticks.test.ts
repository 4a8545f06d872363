import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_CHECKLISTS } from '../../../shared/domain/checklists';
import { createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Items a record ticks (issue 32, decision 0055): uploading a hospital record ticks "Hospital records
// received" on a medicolegal matter's checklist, by its uploader — found by the item's stable key, so
// a reworded label still ticks; a record uploaded before the checklist was first read ticks it when
// the items are made. The conflict check item is walked in conflict-checks.test.ts.

let t: TestApp;
let unit: string;
const cookies: Record<string, string> = {};

function multipart(fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) {
  const boundary = `----casebridge${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`), Buffer.from(file.bytes), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 700 });
  return doc.save();
}

async function upload(who: string, caseId: string) {
  const body = multipart({ sourceFacility: 'Kalafong Provincial Tertiary Hospital', recordsFrom: '2023-02-14', recordsTo: '2023-03-02' }, { name: 'Kalafong notes.pdf', bytes: await pdf(2) });
  return t.app.inject({ method: 'POST', url: `/api/patient-cases/${caseId}/hospital-records`, headers: { cookie: cookies[who]!, origin: ORIGIN, 'content-type': body.contentType }, payload: body.payload });
}

const checklist = async (caseId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/patient-cases/${caseId}/checklist`, headers: { cookie: cookies.attorney!, origin: ORIGIN } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { id: string; label: string; key?: string | null; done: boolean; doneByName: string | null }[] };
};

beforeAll(async () => {
  t = await startTestApp();
  unit = await createOrganization(t.db, 'Auto Tick Litigation Unit', 'medicolegal');
  cookies.attorney = await signIn(t.app, (await createUser(t.db, { organizationId: unit, role: 'Attorneys', firstName: 'Lerato' })).email);
  cookies.advocate = await signIn(t.app, (await createUser(t.db, { organizationId: unit, role: 'Advocates', firstName: 'Musa' })).email);
});
afterAll(() => t.close());

describe('"Hospital records received" ticks itself', () => {
  it('keys the shipped items a record ticks by a label the template really has', () => {
    for (const shipped of Object.values(SHIPPED_CHECKLISTS)) {
      for (const label of Object.values(shipped.keyed ?? {})) expect(shipped.items, shipped.key).toContain(label);
    }
    expect(SHIPPED_CHECKLISTS.legal.keyed).toEqual({ 'conflict-check': 'Conflict check run and recorded' });
  });

  it('when a hospital record is uploaded, by the uploader; the reworded label keeps its key', async () => {
    const kase = await createCase(t.db, unit, { patient_name: 'Nomvula Dlamini', reference: 'ATL-2025-00901', case_type: 'Medical negligence' });
    const before = await checklist(kase);
    const item = before.items.find((i) => i.key === 'hospital-records-received');
    expect(item).toMatchObject({ label: 'Hospital records received', done: false });
    // A template rewritten later (or an organisation's wording): the case's item keeps its key.
    await t.db.updateTable('checklist_items').set({ label: 'Hospital records received from the province' }).where('id', '=', item!.id).execute();

    const res = await upload('advocate', kase);
    expect(res.statusCode, res.body).toBe(201);
    const after = await checklist(kase);
    expect(after.items.find((i) => i.id === item!.id)).toMatchObject({ label: 'Hospital records received from the province', done: true, doneByName: 'Musa Nkosi' });
    // Only that item.
    expect(after.items.filter((i) => i.done).map((i) => i.id)).toEqual([item!.id]);
    const events = await t.db.selectFrom('case_events').select('summary').where('case_id', '=', kase).where('kind', '=', 'checklist.ticked').execute();
    expect(events.map((e) => e.summary)).toEqual(['Ticked “Hospital records received from the province” on the checklist: hospital record uploaded']);

    // A second record changes nothing more.
    expect((await upload('attorney', kase)).statusCode).toBe(201);
    expect((await checklist(kase)).items.find((i) => i.id === item!.id)).toMatchObject({ done: true, doneByName: 'Musa Nkosi' });
  });

  it('when the record came before the checklist was first read', async () => {
    const kase = await createCase(t.db, unit, { patient_name: 'Sibusiso Zulu', reference: 'ATL-2025-00902', case_type: 'Medical negligence' });
    expect((await upload('attorney', kase)).statusCode).toBe(201);
    const items = (await checklist(kase)).items;
    expect(items.find((i) => i.key === 'hospital-records-received')).toMatchObject({ done: true, doneByName: 'Lerato Nkosi' });
    expect(items.filter((i) => i.done)).toHaveLength(1);
  });
});
