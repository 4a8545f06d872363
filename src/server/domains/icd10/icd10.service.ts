import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { ICD10_SEARCH_LIMIT, type TIcd10ImportResult, type TIcd10ListStatus, type TIcd10SearchResult } from '../../../shared/domain/icd10';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { type Icd10Entry, type Icd10Index, buildIcd10Index, searchIcd10Index, starterIcd10Index } from '../../../shared/icd10-search';
import { FILE_JOB_TIMEOUT_MS, fileWorkers, uploadRefusal } from '../../files/file-workers';
import type { ParsedMit } from './mit-csv';

// An organisation's ICD-10 code list: its imported MIT if it has one (icd10_imports), else the starter
// list shipped in src/shared. Searches and diagnosis checks read an in-memory index per organisation,
// built on first use and rebuilt when icd10_imports.imported_at changes — that one-row read per call
// is cheap and keeps several app processes right after an import in any one of them.


interface Cached {
  version: string;
  index: Icd10Index;
}
const cache = new Map<string, Cached>();
/** Builds under way, so concurrent first searches load the table once. */
const loading = new Map<string, Promise<Cached>>();

async function loadIndex(db: Kysely<DB>, organizationId: string, version: string): Promise<Cached> {
  const rows = await db.selectFrom('icd10_codes').select(['code', 'description', 'valid_primary']).where('organization_id', '=', organizationId).execute();
  return { version, index: buildIcd10Index(rows.map((r) => ({ code: r.code, description: r.description, validPrimary: Number(r.valid_primary) === 1 }))) };
}

/** The index of the organisation's code list as it is now. */
export async function icd10IndexOf(db: Kysely<DB>, organizationId: string): Promise<Icd10Index> {
  const row = await db.selectFrom('icd10_imports').select('imported_at').where('organization_id', '=', organizationId).executeTakeFirst();
  if (!row) {
    cache.delete(organizationId);
    return starterIcd10Index();
  }
  const version = row.imported_at;
  const cached = cache.get(organizationId);
  if (cached?.version === version) return cached.index;
  const key = `${organizationId}@${version}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = loadIndex(db, organizationId, version).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  const loaded = await pending;
  cache.set(organizationId, loaded);
  return loaded.index;
}

export async function searchIcd10(db: Kysely<DB>, actor: TenantActor, search: string): Promise<TIcd10SearchResult> {
  const index = await icd10IndexOf(db, actor.organizationId);
  return { items: searchIcd10Index(index, search, ICD10_SEARCH_LIMIT) };
}

/** The codes of the organisation's list, by code (undefined: not on the list). */
export async function lookupIcd10Codes(db: Kysely<DB>, organizationId: string, codes: readonly string[]): Promise<Array<Icd10Entry | undefined>> {
  const index = await icd10IndexOf(db, organizationId);
  return codes.map((code) => index.byCode.get(code));
}

export async function icd10ListStatus(db: Kysely<DB>, actor: TenantActor): Promise<TIcd10ListStatus> {
  const row = await db
    .selectFrom('icd10_imports as i')
    .leftJoin('users as u', 'u.id', 'i.imported_by')
    .select(['i.file_name', 'i.code_count', 'i.imported_at', 'u.first_name', 'u.last_name'])
    .where('i.organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!row) return { source: 'starter', codeCount: starterIcd10Index().entries.length, fileName: null, importedAt: null, importedByName: null };
  return {
    source: 'imported',
    codeCount: Number(row.code_count),
    fileName: row.file_name,
    importedAt: row.imported_at,
    importedByName: fullName(row.first_name, row.last_name) ?? null,
  };
}

/** Rows per INSERT: 4 columns each stays under SQLite's 32,766 and Postgres' 65,535 parameters. */
const INSERT_BATCH = 1_000;

/** Replaces the organisation's code list with the MIT's codes valid for clinical use, in one transaction. */
export async function importIcd10Csv(db: Kysely<DB>, actor: TenantActor, file: { fileName: string; text: string }): Promise<TIcd10ImportResult> {
  // Up to 20 MB of CSV, read character by character: in a file worker (decision 0043), not here.
  let parsed: ParsedMit;
  try {
    parsed = await fileWorkers().run<ParsedMit>('icd10.parse-mit', file, { timeoutMs: FILE_JOB_TIMEOUT_MS.check });
  } catch (error) {
    throw uploadRefusal(error);
  }
  const { codes, skipped } = parsed;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('icd10_codes').where('organization_id', '=', actor.organizationId).execute();
    for (let i = 0; i < codes.length; i += INSERT_BATCH) {
      await trx
        .insertInto('icd10_codes')
        .values(codes.slice(i, i + INSERT_BATCH).map((c) => ({ organization_id: actor.organizationId, code: c.code, description: c.description, valid_primary: c.validPrimary ? 1 : 0 })))
        .execute();
    }
    const values = { file_name: file.fileName.slice(0, 200) || 'icd10.csv', code_count: codes.length, imported_by: actor.userId, imported_at: nowIso() };
    await trx
      .insertInto('icd10_imports')
      .values({ organization_id: actor.organizationId, ...values })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
      .execute();
  });
  // Build this process's index now rather than on the first search (~0.5 s for the full MIT); other
  // processes build theirs on their first search, seeing the new imported_at.
  void icd10IndexOf(db, actor.organizationId).catch(() => undefined);
  return { imported: codes.length, skipped };
}
