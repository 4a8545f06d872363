import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSaIdNumber } from '../src/shared/sa/sa-id-number';
import { createOrganization } from '../src/server/test-support/test-app';
import { type TestDatabase, openTestDatabase } from '../src/server/test-support/test-database';
import { migrateTo, migrateToLatest } from './migrate';

// Migration 0024 (issue 32): one live person per SA ID number in an organisation, held by a unique
// index — over data without duplicates; an install already holding duplicates keeps running
// without the index (its Administrator merges them) rather than failing its upgrade.

const BEFORE = '0022-conflict-check-at-intake';
let database: TestDatabase;
let org: string;
let otherOrg: string;

async function addPerson(organizationId: string, idNumber: string | null, mergedIntoId: string | null = null): Promise<string> {
  const id = randomUUID();
  const at = '2026-01-05T10:00:00.000Z';
  await database.db
    .insertInto('people')
    .values({ id, organization_id: organizationId, kind: 'person', first_name: 'Thandi', last_name: 'Mokoena', full_name: 'Thandi Mokoena', id_number: idNumber, merged_into_id: mergedIntoId, version: 1, created_at: at, updated_at: at })
    .execute();
  return id;
}

const refused = (write: Promise<unknown>) => write.then(() => false, () => true);

beforeAll(async () => {
  database = await openTestDatabase();
  org = await createOrganization(database.db, 'Tshwane Central Hospital');
  otherOrg = await createOrganization(database.db, 'Mokoena and Partners Attorneys', 'legal');
}, 60_000);
afterAll(() => database.dispose());

describe('migration 0024', () => {
  it('refuses a second live record with a number; merged-away records, no number and another organisation are free', async () => {
    const number = makeSaIdNumber('1980-01-01', 'female', 11);
    const holder = await addPerson(org, number);
    expect(await refused(addPerson(org, number))).toBe(true);
    await addPerson(org, number, holder);
    await addPerson(otherOrg, number);
    await addPerson(org, null);
    await addPerson(org, null);
  });

  it('leaves the index out, with a warning, over an organisation that already holds two live records with one number', async () => {
    await migrateTo(database.db, BEFORE);
    const number = makeSaIdNumber('1975-05-05', 'male', 22);
    await addPerson(org, number);
    await addPerson(org, number);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await migrateToLatest(database.db);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining('1 SA ID number(s) are held by more than one live person record')]);
    warn.mockRestore();
    expect(await refused(addPerson(org, number))).toBe(false);
  });

  it('creates the index once the duplicates are merged away', async () => {
    await migrateTo(database.db, BEFORE);
    const people = await database.db.selectFrom('people').select(['id', 'id_number']).where('organization_id', '=', org).where('merged_into_id', 'is', null).orderBy('created_at').execute();
    const kept = new Map<string, string>();
    for (const p of people) {
      if (!p.id_number) continue;
      const survivor = kept.get(p.id_number);
      if (survivor) await database.db.updateTable('people').set({ merged_into_id: survivor }).where('id', '=', p.id).execute();
      else kept.set(p.id_number, p.id);
    }
    await migrateToLatest(database.db);
    expect(await refused(addPerson(org, makeSaIdNumber('1975-05-05', 'male', 22)))).toBe(true);
  });
});
