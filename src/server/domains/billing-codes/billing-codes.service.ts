import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { BILLING_CODE_SEARCH_LIMIT, type TBillingCode, type TCodeList } from '../../../shared/domain/medical-accounts';
import { queryWords, searchBillingCodes, starterCodes } from '../../../shared/billing-codes/search';
import type { TenantActor } from '../../auth/actor';
import { FILE_JOB_TIMEOUT_MS, fileWorkers, uploadRefusal } from '../../files/file-workers';

// An organisation's tariff and NAPPI lists (issue 33, decision 0061): its imported list if it has
// one (billing_code_imports names the list), else the starter sample shipped in src/shared. An import
// replaces the list whole, in one transaction. Search is by code prefix, then by every word of the
// description; the starter lists are searched in memory, an imported one in SQL (a NAPPI list is large).

export interface TBillingCodeSearchResult {
  items: Array<{ code: string; description: string; priceCents: number }>;
}

async function hasImported(db: Kysely<DB>, organizationId: string, list: TCodeList): Promise<boolean> {
  const row = await db.selectFrom('billing_code_imports').select('list').where('organization_id', '=', organizationId).where('list', '=', list).executeTakeFirst();
  return row !== undefined;
}

function toCode(row: { code: string; description: string; price_cents: number | string | bigint; needs_authorisation: number | string }): TBillingCode {
  return { code: row.code, description: row.description, priceCents: Number(row.price_cents), needsAuthorisation: Number(row.needs_authorisation) === 1 };
}

/** A code of the organisation's list (imported, else starter), or undefined: for charges and other parts. */
export async function findBillingCode(db: Kysely<DB>, organizationId: string, list: TCodeList, code: string): Promise<TBillingCode | undefined> {
  if (!(await hasImported(db, organizationId, list))) return starterCodes(list).find((c) => c.code === code);
  const row = await db
    .selectFrom('billing_codes')
    .select(['code', 'description', 'price_cents', 'needs_authorisation'])
    .where('organization_id', '=', organizationId)
    .where('list', '=', list)
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? toCode(row) : undefined;
}

/** LIKE's own wildcards in a user's words are taken literally by dropping them. */
const likeSafe = (w: string) => w.replace(/[%_\\]/g, '');

export async function searchBillingCodeList(db: Kysely<DB>, actor: TenantActor, list: TCodeList, q: string | undefined): Promise<TBillingCodeSearchResult> {
  const limit = BILLING_CODE_SEARCH_LIMIT;
  const shape = (c: TBillingCode) => ({ code: c.code, description: c.description, priceCents: c.priceCents });
  if (!(await hasImported(db, actor.organizationId, list))) return { items: searchBillingCodes(starterCodes(list), q, limit).map(shape) };
  const base = db
    .selectFrom('billing_codes')
    .select(['code', 'description', 'price_cents', 'needs_authorisation'])
    .where('organization_id', '=', actor.organizationId)
    .where('list', '=', list);
  const query = likeSafe((q ?? '').trim());
  if (query === '') return { items: (await base.orderBy('code').limit(limit).execute()).map(toCode).map(shape) };
  const byCode = await base.where(sql`upper(code)`, 'like', `${query.toUpperCase()}%`).orderBy('code').limit(limit).execute();
  const words = queryWords(query).map(likeSafe).filter((w) => w !== '');
  let byWords: typeof byCode = [];
  if (byCode.length < limit && words.length > 0) {
    let w = base;
    for (const word of words) w = w.where(sql`lower(description)`, 'like', `%${word}%`);
    byWords = await w.orderBy('code').limit(limit).execute();
  }
  const seen = new Set(byCode.map((r) => r.code));
  return { items: [...byCode, ...byWords.filter((r) => !seen.has(r.code))].slice(0, limit).map(toCode).map(shape) };
}

/** Rows per INSERT: 5 columns each stays under SQLite's and Postgres' parameter limits. */
const INSERT_BATCH = 1_000;

/** Replaces the organisation's list with the file's codes (parsed in a file worker), in one transaction. */
export async function importBillingCodes(db: Kysely<DB>, actor: TenantActor, list: TCodeList, file: { fileName: string; text: string }): Promise<{ imported: number }> {
  let codes: TBillingCode[];
  try {
    codes = await fileWorkers().run<TBillingCode[]>('billing-codes.parse-csv', file, { timeoutMs: FILE_JOB_TIMEOUT_MS.check });
  } catch (error) {
    throw uploadRefusal(error);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('billing_codes').where('organization_id', '=', actor.organizationId).where('list', '=', list).execute();
    for (let i = 0; i < codes.length; i += INSERT_BATCH) {
      await trx
        .insertInto('billing_codes')
        .values(
          codes.slice(i, i + INSERT_BATCH).map((c) => ({
            organization_id: actor.organizationId, list, code: c.code, description: c.description, price_cents: c.priceCents, needs_authorisation: c.needsAuthorisation ? 1 : 0,
          })),
        )
        .execute();
    }
    const values = { file_name: file.fileName.slice(0, 200) || `${list}.csv`, code_count: codes.length, imported_by: actor.userId, imported_at: nowIso() };
    await trx
      .insertInto('billing_code_imports')
      .values({ organization_id: actor.organizationId, list, ...values })
      .onConflict((oc) => oc.columns(['organization_id', 'list']).doUpdateSet(values))
      .execute();
  });
  return { imported: codes.length };
}
