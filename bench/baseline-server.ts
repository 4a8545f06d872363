// The machine's limit for the benchmarked work (issues 9 and 30): a bare node:http server running the
// same SQL as the product through prepared better-sqlite3 statements and writing the same JSON, and
// doing the same durable work per request — each call's audit entry with its HMAC chain, a new case's
// rows in one transaction (baseline-durable.ts says exactly what) — with no framework, no session, no
// validation, no roles. Started by bench/run.ts with BASELINE_DATABASE (the bench SQLite file, or a
// postgres:// URL: then the same SQL through pg's named prepared statements), BASELINE_ORGANIZATION,
// AUDIT_KEY (the product's) and PORT.
import { createServer } from 'node:http';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema';
import { plannedByItsValues } from '../db/postgres-statements';
import { type AuditedAction, postgresDurable, sqliteDurable } from './baseline-durable';
import { type CaseSearch, FTS_COMMON_MATCHES, caseSearchMatches, caseSearchProbe, commonTermSearch, likePattern, selectiveTermSearch } from '../db/search';
import { selectBeds } from '../src/server/domains/beds/bed-queries';
import { selectCases } from '../src/server/domains/cases/cases.service';
import { countCasesWithTime, selectCasesWithTime, selectCostSums } from '../src/server/domains/costs/case-costs.service';

const file = process.env.BASELINE_DATABASE!;
const org = process.env.BASELINE_ORGANIZATION!;
const postgres = /^postgres(ql)?:\/\//.test(file);
// pg: int8 (COUNT, SUM) as numbers, as the product reads them (db/connect.ts).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
const pool = postgres ? new pg.Pool({ connectionString: file, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }) : null;
const sqlite = postgres ? null : new SQLite(file);
sqlite?.pragma('journal_mode = WAL');
sqlite?.pragma('busy_timeout = 5000');
sqlite?.pragma('synchronous = NORMAL');

// Kysely only compiles the product's own query builders to SQL text here; better-sqlite3 runs it.
const compiler = new Kysely<DB>({ dialect: postgres ? new PostgresDialect({ pool: pool! }) : new SqliteDialect({ database: sqlite! }) });
const PAGE = 50;
const page = selectCases(compiler).where('cases.organization_id', '=', org).orderBy('cases.created_at', 'desc').orderBy('cases.id', 'desc').limit(PAGE).offset(0).compile();
const count = compiler.selectFrom('case_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n')).where('organization_id', '=', org).compile();
// The product's own search (db/search.ts, cases.service.ts listCases): on SQLite a probe of the
// trigram index picks the plan, then the page and, when the page is full, a count capped four pages
// ahead; on Postgres the pg_trgm condition. Compiled with a sample term and rowid list, swapped per request.
const SAMPLE = 'xyz';
const SAMPLE_ROWIDS = '[-1]';
const COUNT_CAP = 4 * PAGE + 1;
const probe = caseSearchProbe(SAMPLE).compile(compiler);
const searchQueries = (search: CaseSearch) => ({
  page: selectCases(compiler).where('cases.organization_id', '=', org).where(search.matches).orderBy('cases.created_at', 'desc').orderBy('cases.id', 'desc').limit(PAGE).offset(0).compile(),
  count: compiler
    .selectFrom((eb) =>
      eb.selectFrom('cases').select(sql<number>`1`.as('one')).where('cases.organization_id', '=', org).where(search.matches)
        .$if(search.countInListOrder, (q) => q.orderBy('cases.created_at', 'desc')).limit(COUNT_CAP).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .compile(),
});
const postgresSearch: CaseSearch = { plan: 'trigram-index', matches: (eb) => caseSearchMatches(eb, SAMPLE, true), countInListOrder: true };
const commonSearch = searchQueries(postgres ? postgresSearch : commonTermSearch(SAMPLE));
const selectiveSearch = searchQueries(selectiveTermSearch(SAMPLE, SAMPLE_ROWIDS));
const beds = selectBeds(compiler, org).orderBy('beds.ward').orderBy('beds.bed_number').compile();
// Case cost summaries, first page: the product's own three queries (case-costs.service.ts).
const SUMMARY_PAGE = 24;
const summaryCount = countCasesWithTime(compiler, org).compile();
const summaryCases = selectCasesWithTime(compiler, org, SUMMARY_PAGE, 0).compile();
const summarySums = selectCostSums(compiler, org, Array.from({ length: SUMMARY_PAGE }, (_, i) => `case-${i}`)).compile();

type Row = Record<string, unknown>;
// Who the product's bench requests are: the largest organisation's Administrator (bench/run.ts).
const ADMIN = `select user_id, case_reference_prefix from memberships join organizations on organizations.id = memberships.organization_id
  where organization_id = ${postgres ? '$1' : '?'} and role = 'Administrator' order by user_id limit 1`;
const admin = (pool ? (await pool.query(ADMIN, [org])).rows[0] : sqlite!.prepare(ADMIN).get(org)) as { user_id: string; case_reference_prefix: string };
const key = Buffer.from(process.env.AUDIT_KEY!, 'hex');
const durable = pool ? postgresDurable(pool, key, admin.case_reference_prefix, org) : sqliteDurable(sqlite!, key, admin.case_reference_prefix, org);
/** The entry the product writes for a list read (audit-middleware.ts): the procedure and how many results. */
const listed = (entityType: string, procedure: string, results: number, extra: Record<string, unknown> = {}): AuditedAction =>
  ({ userId: admin.user_id, action: 'list', entityType, entityId: null, caseId: null, details: { ...extra, procedure, results } });

/**
 * One prepared statement: better-sqlite3's, or a pg named statement (parsed once per connection) —
 * but a search unnamed on Postgres, planned for its pattern, as the product runs it (decision 0052).
 */
function prepare(name: string, text: string): (params: readonly unknown[]) => Promise<Row[]> {
  if (pool && plannedByItsValues(text)) return async (params) => (await pool.query(text, params as unknown[])).rows as Row[];
  if (pool) return async (params) => (await pool.query({ name, text, values: params as unknown[] })).rows as Row[];
  const stmt = sqlite!.prepare(text);
  return async (params) => (stmt.reader ? (stmt.all(...params) as Row[]) : (stmt.run(...params), []));
}
const pageStmt = prepare('page', page.sql);
const countStmt = prepare('count', count.sql);
const probeStmt = postgres ? null : prepare('search_probe', probe.sql);
const commonPageStmt = prepare('common_page', commonSearch.page.sql);
const commonCountStmt = prepare('common_count', commonSearch.count.sql);
const selectivePageStmt = postgres ? null : prepare('selective_page', selectiveSearch.page.sql);
const selectiveCountStmt = postgres ? null : prepare('selective_count', selectiveSearch.count.sql);
const bedsStmt = prepare('beds', beds.sql);
const summaryCountStmt = prepare('summary_count', summaryCount.sql);
const summaryCasesStmt = prepare('summary_cases', summaryCases.sql);
const summarySumsStmt = prepare('summary_sums', summarySums.sql);

const name = (f: unknown, l: unknown) => (f ? `${String(f)} ${String(l ?? '')}`.trim() : null);
const toCase = (r: Row) => ({
  id: r.id, patientName: r.patient_name, caseType: r.case_type, description: r.description, priority: r.priority, status: r.status,
  scheduledDate: r.scheduled_date, assignedDoctorId: r.assigned_doctor_id, assignedDoctor: name(r.doctor_first_name, r.doctor_last_name),
  assignedNurseId: r.assigned_nurse_id, assignedNurse: name(r.nurse_first_name, r.nurse_last_name), caseManagerId: r.case_manager_id,
  caseManager: name(r.manager_first_name, r.manager_last_name), patientUserId: r.patient_user_id, department: r.department,
  admissionDate: r.admission_date, estimatedDischarge: r.estimated_discharge, progressPercentage: r.progress_percentage, bedNumber: r.bed_number,
  treatmentPlan: r.treatment_plan, notes: r.notes, urgentFlags: JSON.parse(String(r.urgent_flags ?? '[]')), completedAt: r.completed_at,
  createdAt: r.created_at, updatedAt: r.updated_at,
});
const rands = (cents: number) => cents / 100;

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && url.pathname === '/api/patient-cases') {
    const term = url.searchParams.get('search');
    if (term) {
      const values = { [likePattern(SAMPLE)]: likePattern(term), [`"${SAMPLE}"`]: `"${term.replace(/"/g, '""')}"` } as Record<string, unknown>;
      let rowids: string | null = null;
      if (probeStmt) {
        const found = (await probeStmt(probe.parameters.map((v) => (typeof v === 'string' && v in values ? values[v] : v))))[0]!;
        if (Number(found.n) < FTS_COMMON_MATCHES) rowids = String(found.rowids);
      }
      if (rowids) values[SAMPLE_ROWIDS] = rowids;
      const params = (compiled: { parameters: readonly unknown[] }) => compiled.parameters.map((v) => (typeof v === 'string' && v in values ? values[v] : v));
      const [pageOf, countOf] = rowids ? [selectivePageStmt!, selectiveCountStmt!] : [commonPageStmt, commonCountStmt];
      const queries = rowids ? selectiveSearch : commonSearch;
      const items = (await pageOf(params(queries.page))).map(toCase);
      const n = items.length < PAGE ? items.length : Number((await countOf(params(queries.count)))[0]!.n);
      await durable.audit(listed('case', 'cases.list', items.length));
      return send({ items, total: Math.min(n, COUNT_CAP - 1), totalIsLowerBound: n >= COUNT_CAP, page: 1, pageSize: PAGE });
    }
    const total = Number((await countStmt(count.parameters))[0]!.n);
    const items = (await pageStmt(page.parameters)).map(toCase);
    await durable.audit(listed('case', 'cases.list', items.length));
    return send({ items, total, totalIsLowerBound: false, page: 1, pageSize: PAGE });
  }
  if (req.method === 'GET' && url.pathname === '/api/beds') {
    const rows = await bedsStmt(beds.parameters);
    await durable.audit(listed('bed', 'beds.list', rows.length));
    return send(rows.map((r) => ({ id: r.id, bedNumber: r.bed_number, ward: r.ward, bedType: r.bed_type, status: r.status, assignedNurseId: r.assigned_nurse_id, assignedNurse: name(r.nurse_first_name, r.nurse_last_name), notes: r.notes, patientId: r.patient_id, createdAt: r.created_at, updatedAt: r.updated_at })));
  }
  if (req.method === 'GET' && url.pathname === '/api/case-cost-summaries') {
    const total = Number((await summaryCountStmt(summaryCount.parameters))[0]!.n);
    const cases = await summaryCasesStmt(summaryCases.parameters);
    // The sums statement takes SUMMARY_PAGE ids; a short last page repeats its last id.
    const ids = Array.from({ length: SUMMARY_PAGE }, (_, i) => cases[Math.min(i, cases.length - 1)]?.id ?? '');
    const sums = new Map((await summarySumsStmt(summarySums.parameters.map((v) => (typeof v === 'string' && v.startsWith('case-') ? ids[Number(v.slice(5))] : v)))).map((r) => [r.case_id, r]));
    const items = cases.flatMap((c) => {
      const r = sums.get(c.id);
      return r ? [{
        caseId: c.id, patientName: c.patient_name, caseType: c.case_type, totalCost: rands(Number(r.total_cents)), totalCostCents: Number(r.total_cents),
        totalHours: Math.round((Number(r.total_minutes) / 60) * 10) / 10, doctorCost: rands(Number(r.doctor_cents)), doctorCostCents: Number(r.doctor_cents),
        nurseCost: rands(Number(r.nurse_cents)), nurseCostCents: Number(r.nurse_cents), caseManagerCost: rands(Number(r.case_manager_cents)),
        caseManagerCostCents: Number(r.case_manager_cents),
        otherCost: rands(Number(r.total_cents) - Number(r.doctor_cents) - Number(r.nurse_cents) - Number(r.case_manager_cents)),
        otherCostCents: Number(r.total_cents) - Number(r.doctor_cents) - Number(r.nurse_cents) - Number(r.case_manager_cents), entryCount: Number(r.entry_count),
      }] : [];
    });
    await durable.audit(listed('cost', 'costs.caseSummaries', items.length));
    return send({ items, total, page: 1, pageSize: SUMMARY_PAGE });
  }
  if (req.method === 'POST' && url.pathname === '/api/patient-cases') {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const input = JSON.parse(body) as { patientName: string; caseType: string };
      const created = await durable.createCase({ organizationId: org, userId: admin.user_id, patientName: input.patientName, caseType: input.caseType });
      send({ id: created.id, reference: created.reference, patientName: input.patientName, caseType: input.caseType, status: 'Scheduled', priority: 'Medium', createdAt: created.createdAt, updatedAt: created.createdAt });
    });
    return;
  }
  res.writeHead(404).end();
}).listen(Number(process.env.PORT), '127.0.0.1');
