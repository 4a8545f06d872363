import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { TRIGRAM_MIN_LENGTH, type TrigramProbe, containsAny, isPostgres, planCaseSearch, sampledContains, trigramProbe } from '../../../../db/search';
import { CASE_NOTE_KINDS, type TCaseNoteKind } from '../../../shared/domain/case-notes';
import { SEARCH_RESULTS_PER_KIND, type TSearchInput, type TSearchResult, type TSearchResults } from '../../../shared/domain/search';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { readableCaseOf } from '../cases/case-visibility';
import { seesIdNumbers } from '../people/id-number-visibility';

// The header search (issue 19): people, cases, documents and notes of the caller's organisation,
// each kind only for a role that reads it, and the parts of a restricted case only with need to know
// (readableCaseOf, in SQL for the whole batch). Each kind answers its newest (cases, documents, notes)
// or alphabetically first (people) SEARCH_RESULTS_PER_KIND matches.
//
// Speed at 200,000 cases (target < 20 ms p50, issue 30): on SQLite each text kind probes its FTS trigram table
// (db/search.ts) — a selective term is answered from the rowids found; a term common over all
// organisations walks the organisation's own index instead and stops at the fifth match. Notes have no
// organisation index, so a common term reads them through the organisation's cases, newest first.
// Documents and notes need three characters (two letters would read every row for noise). Notes:
// only the current version of a note is searched (an amended version is left out; its amendment is found).
// On Postgres pg_trgm's indexes serve the LIKE; a term of several words in a file name or a note is
// looked up by its rarest word (sampledContains, decision 0053).

const LIMIT = SEARCH_RESULTS_PER_KIND;
/**
 * The header search's FTS probe stops here (the cases list's stops at 4,000): it needs five rows,
 * and past a thousand matches a walk of the organisation's own index finds them sooner.
 */
const PROBE_CAP = 1000;
const ID_NUMBER_PREFIX = /^\d{2,13}$/;

function caseHref(actor: TenantActor, caseId: string, tab?: string): string {
  const base = actor.platform === 'healthcare' ? `/patients/${caseId}` : `/clients/${caseId}`;
  return tab ? `${base}?tab=${tab}` : base;
}

/** The rows of an FTS-backed table matching `term`, on either database, as a where-condition. */
function textMatches(probe: TrigramProbe | null, rowidColumn: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    probe ? sql<SqlBool>`${sql.ref(rowidColumn)} in (select value from json_each(${probe.rowids}))` : sql<SqlBool>`1 = 1`;
}

function snippet(body: string, term: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(term.toLowerCase());
  const start = Math.max(0, at - 40);
  const text = flat.slice(start, start + 120);
  return `${start > 0 ? '…' : ''}${text}${start + 120 < flat.length ? '…' : ''}`;
}

async function searchPeople(db: Kysely<DB>, actor: TenantActor, q: string): Promise<TSearchResult[]> {
  const base = db
    .selectFrom('people')
    .select(['people.id', 'people.full_name', 'people.kind', 'people.id_number', 'people.date_of_birth'])
    .where('people.organization_id', '=', actor.organizationId)
    .where('people.merged_into_id', 'is', null);
  let rows;
  if (ID_NUMBER_PREFIX.test(q)) {
    // Only for a role that reads full numbers: for anyone else a prefix search would confirm the
    // hidden digits one guess at a time, so an ID-shaped term finds nobody (decision 0042).
    if (!seesIdNumbers(actor)) return [];
    // A prefix of an ID number: a range of the (organization_id, id_number) index. All digits, so the
    // bounds compare the same under any collation.
    rows = await base.where('people.id_number', '>=', q).where('people.id_number', '<=', q.padEnd(13, '9')).orderBy('people.id_number').limit(LIMIT).execute();
  } else {
    const name = (eb: ExpressionBuilder<DB, 'people'>) => containsAny(eb, ['people.full_name'], q);
    const probe = isPostgres(db) ? null : await trigramProbe(db, 'people_search', q, PROBE_CAP);
    if (probe && !probe.common) {
      rows = await base.where(textMatches(probe, 'people.rowid')).where(name).orderBy('people.full_name').limit(LIMIT).execute();
    } else {
      // Postgres, a short term, or a common one: the organisation's people in name order, walked in
      // people_org_live_name_idx (migration 0019) without reading the table, up to the page; then
      // those rows. (On Postgres the walk beats pg_trgm for a common name, and the planner knows it.)
      const page = db
        .selectFrom('people')
        .select('people.id')
        .where('people.organization_id', '=', actor.organizationId)
        .where('people.merged_into_id', 'is', null)
        .where(name)
        .orderBy('people.full_name')
        .orderBy('people.id')
        .limit(LIMIT);
      rows = await base.where('people.id', 'in', page).orderBy('people.full_name').orderBy('people.id').execute();
    }
  }
  return rows.map((p) => ({
    kind: 'person',
    id: p.id,
    title: p.full_name,
    subtitle: [
      p.kind === 'organization' ? 'Organisation' : null,
      // The date-of-birth part only, as the masked form shows it: a result line is read over shoulders.
      p.id_number ? `ID ${p.id_number.slice(0, 6)}…` : null,
      p.date_of_birth ? `born ${p.date_of_birth}` : null,
    ].filter(Boolean).join(' · ') || (p.kind === 'organization' ? 'Organisation' : 'Person'),
    href: `/people/${p.id}`,
  }));
}

async function searchCases(db: Kysely<DB>, actor: TenantActor, q: string): Promise<TSearchResult[]> {
  const search = await planCaseSearch(db, q);
  const rows = await db
    .selectFrom('cases')
    .select(['cases.id', 'cases.reference', 'cases.patient_name', 'cases.case_type', 'cases.status'])
    .where('cases.organization_id', '=', actor.organizationId)
    .where(search.matches)
    .where(readableCaseOf(actor))
    .orderBy('cases.created_at', 'desc')
    .orderBy('cases.id', 'desc')
    .limit(LIMIT)
    .execute();
  return rows.map((c) => ({
    kind: 'case',
    id: c.id,
    title: c.reference ? `${c.reference} · ${c.patient_name}` : c.patient_name,
    subtitle: `${c.case_type} · ${c.status}`,
    href: caseHref(actor, c.id),
  }));
}

async function searchDocuments(db: Kysely<DB>, actor: TenantActor, q: string): Promise<TSearchResult[]> {
  if (q.length < TRIGRAM_MIN_LENGTH) return []; // two letters of a file name find noise, by reading every document
  const probe = isPostgres(db) ? null : await trigramProbe(db, 'documents_search', q, PROBE_CAP);
  const fileNameHas = await sampledContains(db, 'documents.file_name', 'documents.file_name', q);
  const query = (useProbe: boolean) =>
    db
      .selectFrom('documents')
      .innerJoin('cases', 'cases.id', 'documents.case_id')
      .select(['documents.id', 'documents.file_name', 'documents.case_id', 'documents.created_at', 'cases.reference', 'cases.patient_name'])
      .where('documents.organization_id', '=', actor.organizationId)
      .where('cases.organization_id', '=', actor.organizationId)
      .where(fileNameHas)
      .$if(useProbe, (qb) => qb.where(textMatches(probe, 'documents.rowid')))
      .where(readableCaseOf(actor))
      .orderBy('documents.created_at', 'desc')
      .orderBy('documents.id', 'desc')
      .limit(LIMIT)
      .execute();
  // A common term: walk the organisation's (organization_id, created_at) index, newest first, until
  // the page is full, rather than sorting the probe's thousand rows.
  const rows = await query(Boolean(probe) && !probe!.common);
  return rows.map((d) => ({
    kind: 'document',
    id: d.id,
    title: d.file_name,
    subtitle: `${d.reference ?? 'Case'} · ${d.patient_name}`,
    href: caseHref(actor, d.case_id, 'documents'),
  }));
}

async function searchNotes(db: Kysely<DB>, actor: TenantActor, q: string): Promise<TSearchResult[]> {
  if (q.length < TRIGRAM_MIN_LENGTH) return []; // as for documents
  const probe = isPostgres(db) ? null : await trigramProbe(db, 'case_notes_search', q, PROBE_CAP);
  const bodyHas = await sampledContains(db, 'case_notes.body', 'n.body', q);
  const query = db
    .selectFrom('case_notes as n')
    .innerJoin('cases', 'cases.id', 'n.case_id')
    .select(['n.id', 'n.case_id', 'n.kind', 'n.body', 'n.created_at', 'cases.reference', 'cases.patient_name'])
    .where('n.organization_id', '=', actor.organizationId)
    .where('cases.organization_id', '=', actor.organizationId)
    .where(bodyHas)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('case_notes as amender').select('amender.id').whereRef('amender.amends_id', '=', 'n.id'))))
    .where(readableCaseOf(actor));
  let rows;
  if (probe && !probe.common) rows = await query.where(textMatches(probe, 'n.rowid')).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(LIMIT).execute();
  else if (probe) {
    // SQLite, a common term: notes have no organisation index, so through the organisation's cases,
    // newest first, reading each case's notes by its (case_id, created_at) index; stops at the page.
    rows = await query.orderBy('cases.created_at', 'desc').orderBy('n.id', 'desc').limit(LIMIT).execute();
  } else rows = await query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(LIMIT).execute();
  return rows.map((n) => ({
    kind: 'note',
    id: n.id,
    title: `${CASE_NOTE_KINDS[n.kind as TCaseNoteKind] ?? 'Note'} · ${n.reference ?? n.patient_name}`,
    subtitle: snippet(n.body, q),
    href: caseHref(actor, n.case_id, 'notes'),
  }));
}

/** GET /api/search?q=: up to SEARCH_RESULTS_PER_KIND of each kind the caller may read. */
export async function searchEverything(db: Kysely<DB>, actor: TenantActor, input: TSearchInput): Promise<TSearchResults> {
  const q = input.q.trim();
  // The kinds at once: on Postgres each asks its own pooled connection, and the database's backends
  // run them side by side (on SQLite the calls are synchronous, one after another, as before).
  const kinds = await Promise.all([
    can(actor, 'people.view') ? searchPeople(db, actor, q) : [],
    can(actor, 'cases.view') ? searchCases(db, actor, q) : [],
    can(actor, 'legalDocuments.view') || can(actor, 'caseFile.view') ? searchDocuments(db, actor, q) : [],
    can(actor, 'caseFile.view') ? searchNotes(db, actor, q) : [],
  ]);
  return { items: kinds.flat() };
}
