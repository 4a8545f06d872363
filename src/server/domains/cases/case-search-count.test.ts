import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FTS_COMMON_MATCHES, planCaseSearch } from '../../../../db/search';
import { type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';
import { testDialect } from '../../test-support/test-database';

// Decision 0019: a search counts its matches only a few pages ahead (offset + 4 × pageSize + 1) and
// then answers a lower bound; on SQLite a term common in the trigram index is searched along the
// organisation's created_at index instead. What a caller notices: the bound and its flag, the same
// pages in the same order on every plan, and never a case of another organisation.

let t: TestApp;
let busy: string; // the caller's organisation, with matches
let quiet: string; // a caller's organisation without the common surname
let elsewhere: string; // where the common surname is common
let busyCookie: string;
let quietCookie: string;
const busyIds = new Set<string>();

type CaseList = { items: { id: string; patientName: string }[]; total: number; totalIsLowerBound: boolean; page: number; pageSize: number };

const list = async (cookie: string, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/patient-cases${query}`, headers: { cookie } });
  expect(res.statusCode, query).toBe(200);
  return res.json() as CaseList;
};

const row = (organizationId: string, patientName: string, createdAt: string) => ({
  id: randomUUID(), organization_id: organizationId, patient_name: patientName, patient_user_id: null, case_type: 'General',
  description: null, status: 'Scheduled', scheduled_date: null, assigned_doctor_id: null, assigned_nurse_id: null,
  case_manager_id: null, department: null, admission_date: null, estimated_discharge: null, completed_at: null, bed_number: null,
  treatment_plan: null, notes: null, created_by: null, created_at: createdAt, updated_at: createdAt,
});

async function insertRows(rows: ReturnType<typeof row>[]) {
  for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('cases').values(rows.slice(i, i + 500)).execute();
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();
const two = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  t = await startTestApp();
  busy = await createOrganization(t.db, 'Busy Clinic');
  quiet = await createOrganization(t.db, 'Quiet Clinic');
  elsewhere = await createOrganization(t.db, 'Elsewhere Hospital');
  busyCookie = await signIn(t.app, (await createUser(t.db, { organizationId: busy, role: 'Doctor' })).email);
  quietCookie = await signIn(t.app, (await createUser(t.db, { organizationId: quiet, role: 'Administrator' })).email);

  // Busy Clinic, oldest first: 12 Mahlangu and 12 Ferreira and 3 Dube, with cases that match
  // nothing between them, so a walk along the list order has rows to skip.
  const rows: ReturnType<typeof row>[] = [];
  let minute = 0;
  for (let i = 1; i <= 12; i++) {
    rows.push(row(busy, `Sipho Mahlangu ${two(i)}`, at(minute++)));
    rows.push(row(busy, `Anna Ferreira ${two(i)}`, at(minute++)));
    rows.push(row(busy, `Unrelated Person ${two(i)}`, at(minute++)));
    if (i <= 3) rows.push(row(busy, `Lindiwe Dube ${i}`, at(minute++)));
  }
  for (const r of rows) busyIds.add(r.id);
  await insertRows(rows);
  await insertRows([row(quiet, 'Quiet Patient', at(0)), row(quiet, 'Another Quiet Patient', at(1))]);
  // Enough Mahlangu elsewhere that, on SQLite, the trigram index alone calls the term common.
  await insertRows(Array.from({ length: FTS_COMMON_MATCHES }, (_, i) => row(elsewhere, `Mahlangu Elsewhere ${i}`, at(i % 1000))));
}, 120_000);
afterAll(() => t.close());

describe('the capped count of a search (decision 0019)', () => {
  it('takes the list-order walk for a term common in the trigram index, the index for a rare one (SQLite)', async () => {
    const expected = testDialect() === 'sqlite' ? ['list-order-walk', 'trigram-index', 'list-order-walk'] : ['trigram-index', 'trigram-index', 'trigram-index'];
    expect([(await planCaseSearch(t.db, 'mahlangu')).plan, (await planCaseSearch(t.db, 'ferreira')).plan, (await planCaseSearch(t.db, 'hl')).plan]).toEqual(expected);
  });

  // mahlangu: common (list-order walk on SQLite); ferreira: rare (trigram index); hl: too short for it.
  for (const [term, surname] of [['mahlangu', 'Mahlangu'], ['FERREIRA', 'Ferreira'], ['hl', 'Mahlangu']] as const) {
    it(`"${term}": more matches than the cap answer the bound, newest first, and the next pages stay reachable`, async () => {
      const names = (body: CaseList) => body.items.map((c) => c.patientName);
      const first = await list(busyCookie, `?search=${term}&pageSize=2`);
      // Cap on page 1: 0 + 4 × 2 + 1 = 9 → "more than 8".
      expect(first).toMatchObject({ total: 8, totalIsLowerBound: true, page: 1, pageSize: 2 });
      const prefix = surname === 'Mahlangu' ? 'Sipho Mahlangu' : 'Anna Ferreira';
      expect(names(first)).toEqual([`${prefix} 12`, `${prefix} 11`]);
      // Page 2 counts further ahead: 2 + 8 + 1 = 11 → "more than 10".
      const second = await list(busyCookie, `?search=${term}&pageSize=2&page=2`);
      expect(second).toMatchObject({ total: 10, totalIsLowerBound: true, page: 2 });
      expect(names(second)).toEqual([`${prefix} 10`, `${prefix} 09`]);
      // Page 3's cap (13) is past the 12 matches: the exact total.
      const third = await list(busyCookie, `?search=${term}&pageSize=2&page=3`);
      expect(third).toMatchObject({ total: 12, totalIsLowerBound: false });
      expect(names(third)).toEqual([`${prefix} 08`, `${prefix} 07`]);
      const last = await list(busyCookie, `?search=${term}&pageSize=2&page=6`);
      expect(last).toMatchObject({ total: 12, totalIsLowerBound: false });
      expect(names(last)).toEqual([`${prefix} 02`, `${prefix} 01`]);
      expect(await list(busyCookie, `?search=${term}&pageSize=2&page=7`)).toMatchObject({ items: [], total: 12, totalIsLowerBound: false });
      // All twelve pages' worth, and only the caller's organisation's cases.
      const all = await list(busyCookie, `?search=${term}&pageSize=200`);
      expect(all).toMatchObject({ total: 12, totalIsLowerBound: false });
      expect(all.items).toHaveLength(12);
      expect(all.items.filter((c) => !(busyIds.has(c.id) && c.patientName.startsWith(prefix)))).toEqual([]);
    });
  }

  it('fewer matches than the cap answer the exact total, on every plan', async () => {
    expect(await list(busyCookie, '?search=dube&pageSize=2')).toMatchObject({ total: 3, totalIsLowerBound: false });
    expect(await list(busyCookie, '?search=dube&pageSize=2&page=2')).toMatchObject({ total: 3, totalIsLowerBound: false, items: [{ patientName: 'Lindiwe Dube 1' }] });
    const common = await list(busyCookie, '?search=mahlangu&pageSize=5');
    expect(common).toMatchObject({ total: 12, totalIsLowerBound: false });
    expect(common.items.map((c) => c.patientName)).toEqual(['Sipho Mahlangu 12', 'Sipho Mahlangu 11', 'Sipho Mahlangu 10', 'Sipho Mahlangu 09', 'Sipho Mahlangu 08']);
    // Without a search the total is exact and never a bound.
    expect(await list(busyCookie, '?pageSize=2')).toMatchObject({ total: busyIds.size, totalIsLowerBound: false });
    expect(await list(busyCookie, '?search=nobody-by-this-name&pageSize=2')).toMatchObject({ items: [], total: 0, totalIsLowerBound: false });
  });

  it("answers zero for a term common in other organisations but absent from the caller's", async () => {
    expect(await list(quietCookie, '?search=mahlangu&pageSize=2')).toEqual({ items: [], total: 0, totalIsLowerBound: false, page: 1, pageSize: 2 });
    expect(await list(quietCookie, '?search=mahlangu&pageSize=2&page=2')).toMatchObject({ items: [], total: 0, totalIsLowerBound: false });
    expect(await list(quietCookie, '?search=quiet&pageSize=2')).toMatchObject({ total: 2, totalIsLowerBound: false });
  });
});
