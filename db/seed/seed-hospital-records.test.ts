import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { DB } from '../schema';
import { hashPassword } from '../../src/server/auth/password';
import { type TestDatabase, openTestDatabase } from '../../src/server/test-support/test-database';
import { seedDemoData } from './seed-demo';

// The seed's hospital records (issue 22): one case of the Gauteng litigation unit (medicolegal)
// holds three real PDFs of 3, 2 and 4 pages from three facilities; no other organisation has any.

describe('seed: hospital records', () => {
  let database: TestDatabase;
  let db: Kysely<DB>;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemoData(db, { password: 'demo-password-for-tests', hashPassword, now: new Date('2026-03-04T08:30:00.000Z') });
  });
  afterAll(() => database.close());

  it('gives one Gauteng unit case three readable PDFs whose pages and hashes are as stored', async () => {
    const rows = await db
      .selectFrom('documents')
      .innerJoin('organizations', 'organizations.id', 'documents.organization_id')
      .innerJoin('document_contents', 'document_contents.document_id', 'documents.id')
      .select(['organizations.slug', 'documents.case_id', 'documents.source_facility', 'documents.records_from', 'documents.page_count', 'documents.sha256', 'document_contents.content'])
      .where('documents.record_type', '=', 'hospital_record')
      .orderBy('documents.records_from')
      .execute();
    expect(rows.map((r) => [r.slug, r.source_facility, r.records_from, r.page_count])).toEqual([
      ['gauteng-state-litigation', 'Laudium Community Health Centre', '2023-01-09', 3],
      ['gauteng-state-litigation', 'Kalafong Provincial Tertiary Hospital', '2023-02-14', 2],
      ['gauteng-state-litigation', 'Steve Biko Academic Hospital (NICU)', '2023-03-02', 4],
    ]);
    expect(new Set(rows.map((r) => r.case_id)).size).toBe(1);
    for (const row of rows) {
      const bytes = row.content as Uint8Array;
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(row.page_count);
    }
  });
});
