// npm run bench — the performance benchmarks of issues 9 and 30 (never part of npm test):
// 1. generates (or reuses) the large tenant mix (bench/generate.ts, under 5 minutes);
// 2. starts the bare node:http baseline (bench/baseline-server.ts) on it — the same SQL and the same
//    durable work per request (each call's audit entry with its chain, a new case's rows in one
//    transaction: bench/baseline-durable.ts) — and loads each route with autocannon (64 connections,
//    then one connection for what a single request costs), then the mix of the five routes;
// 3. does the same against the production server (dist/server/main.js, bundled by `npm run
//    build:server`), measuring its cold start to a healthy /healthz, signed in as the largest
//    organisation's Administrator, sampling its RSS; then the mix in open loop, at 50% and 80% of the
//    baseline's mix throughput;
// 4. prints the table with each route's product / baseline ratio and writes bench/results/<date>.md.
// BENCH_DURATION_SECONDS (default 10) sets each run's length, BENCH_ALONE_SECONDS (default 3) the
// single-connection one; BENCH_CONNECTIONS (default 64);
// BENCH_ONLY=core measures only the five routes the baseline has (and the mix, and the open loop),
// BENCH_ONLY=core,search those and the header search; BENCH_ONLY=core,accounts the core and the
// medical accounts' reads; BENCH_ONLY=core,fees the core and the fee reports (issue 34);
// BENCH_DATABASE_URL adds the same runs on Postgres; BENCH_SQLITE_FILE, BENCH_ORGANIZATIONS, BENCH_CASES and
// BENCH_RESULTS_FILE make a small smoke run possible without touching the full-size files.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { giveCaseAWorkingFile } from './case-file-setup';
import { prepareFeeReports } from './fee-reports-setup';
import { type OpenLoopRequest, openLoop } from './open-loop';
import { ICD10_SEARCHES, icd10SearchPath, importFullMit } from './icd10-setup';
import { BENCH_PASSWORD, BENCH_SQLITE, FIRST, LARGEST_ADMIN, LAST, LITIGATION_ADMIN, TYPES, forgetBenchWrites, generate } from './generate';

const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SEARCH_TERM = 'naidoo';
// The audit key of the bench's product and baseline servers: both chain the same trail (baseline-durable.ts).
const BENCH_AUDIT_KEY = 'be7c4b3a'.repeat(8);

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
  read: boolean;
  /** Measured on the product only: the baseline server has no such route (the case page's calls). */
  productOnly?: boolean;
  /** The p50 a single connection must stay under (ms); default 10 for searches and the case page's calls. */
  aloneTargetMs?: number;
  /** Measured signed in as the medicolegal unit's Administrator (the litigation reads), not the largest hospital's. */
  litigation?: boolean;
  /** Measured signed in as the medicolegal unit's Finance member (the fee reports): the unit then acts for claimants and bills. */
  finance?: boolean;
}
// New cases look like the generated ones, so the writes do not change what the searches find: a name
// no search matches, piling up at the top of the newest-first order, would slow the searches after them.
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const create = () => JSON.stringify({ patientName: `${pick(FIRST)} ${pick(LAST)}`, caseType: pick(TYPES) });
const ROUTES: Route[] = [
  { name: 'GET /api/patient-cases (first page)', method: 'GET', path: '/api/patient-cases', read: true },
  { name: `GET /api/patient-cases?search=${SEARCH_TERM}`, method: 'GET', path: `/api/patient-cases?search=${SEARCH_TERM}`, read: true },
  { name: 'GET /api/beds', method: 'GET', path: '/api/beds', read: true },
  { name: 'GET /api/case-cost-summaries', method: 'GET', path: '/api/case-cost-summaries', read: true },
  { name: 'POST /api/patient-cases', method: 'POST', path: '/api/patient-cases', body: create, read: false },
];

/**
 * The calls the case page makes (issue 18), for one case of the largest organisation: each must stay
 * under 10 ms p50 alone at 200,000 cases. The baseline server does not implement them.
 */
const caseFileRoutes = (caseId: string): Route[] =>
  [
    `/api/patient-cases/${caseId}`,
    `/api/patient-cases/${caseId}/team`,
    `/api/patient-cases/${caseId}/timeline`,
    `/api/patient-cases/${caseId}/notes`,
    `/api/tasks?caseId=${caseId}`,
    '/api/tasks?assignee=me&status=open',
    `/api/documents?caseId=${caseId}`,
    `/api/appointments?caseId=${caseId}`,
    `/api/messages?caseId=${caseId}`,
  ].map((path) => ({ name: `GET ${path.replace(caseId, '{id}')}`, method: 'GET', path, read: true, productOnly: true }));

/**
 * The working week's calls (issue 21) for the largest organisation's Administrator: the calendar's
 * week (a range read with attendees, hearings merged), the bell (which first runs the caller's
 * due-task and deadline sweep), the staff directory of the pickers, and the message list.
 */
function workingWeekRoutes(now: Date = new Date()): Route[] {
  const monday = new Date(now);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  monday.setUTCHours(0, 0, 0, 0);
  const from = new Date(monday.getTime() - 2 * 3_600_000).toISOString(); // Monday 00:00 SAST
  const to = new Date(monday.getTime() + 7 * 86_400_000 - 2 * 3_600_000).toISOString();
  return [`/api/appointments?from=${from}&to=${to}`, '/api/notifications', '/api/staff', '/api/messages'].map((path) => ({
    name: `GET ${path.replace(/from=[^&]+&to=.+$/, 'from=<Monday>&to=<next Monday>')}`,
    method: 'GET',
    path,
    read: true,
    productOnly: true,
  }));
}

/**
 * The header search (issue 19) at the largest organisation: a common surname, the start of an ID
 * number, a case reference, a document's file name and a word of the notes (one in five generated
 * notes says "Physiotherapy started"); each under 20 ms p50 alone (issue 30: a whole file name took
 * 48 ms on Postgres on 26 November).
 */
const headerSearchRoutes = (terms: { idPrefix: string; reference: string; fileName: string }): Route[] =>
  [
    ['a name', SEARCH_TERM],
    ['an ID number prefix', terms.idPrefix],
    ['a reference', terms.reference],
    ['a file name', terms.fileName],
    ['a word of the notes', 'physiotherapy'],
  ].map(([what, q]) => ({ name: `GET /api/search?q= (header search: ${what})`, method: 'GET', path: `/api/search?q=${encodeURIComponent(q!)}`, read: true, productOnly: true, aloneTargetMs: 20 }));

/** Issue 22: the ICD-10 code search over the full synthetic MIT (~41,000 codes), under 10 ms p50 alone. */
const icd10Routes = (): Route[] =>
  ICD10_SEARCHES.map(([what, q]) => ({ name: `GET /api/icd10?search= (${what})`, method: 'GET', path: icd10SearchPath(q), read: true, productOnly: true, aloneTargetMs: 10 }));
/**
 * The ward census (issue 22) at the largest organisation: every bed, the open stays and 30 days of
 * stays for the occupancy history. Product only: the baseline server has no census.
 */
const WARD_CENSUS_ROUTES: Route[] = [{ name: 'GET /api/wards/census', method: 'GET', path: '/api/wards/census', read: true, productOnly: true }];

/**
 * Issue 33: the largest hospital's accounts — the list (and its "Settled" tab, which reads the sums
 * of the newest accounts a batch at a time until it has a page), one account as its page reads it,
 * the statement of its holder, and the aged-debtors report over every account (two grouped queries
 * for the sums of all of them, the ageing in the server).
 */
const accountRoutes = (accountId: string, holderId: string): Route[] => [
  { name: 'GET /api/accounts', method: 'GET', path: '/api/accounts', read: true, productOnly: true },
  { name: 'GET /api/accounts?stage=settled', method: 'GET', path: '/api/accounts?stage=settled', read: true, productOnly: true },
  { name: 'GET /api/accounts/{id}', method: 'GET', path: `/api/accounts/${accountId}`, read: true, productOnly: true },
  { name: 'GET /api/people/{id}/statement', method: 'GET', path: `/api/people/${holderId}/statement`, read: true, productOnly: true },
  { name: 'GET /api/reports/aged-debtors', method: 'GET', path: '/api/reports/aged-debtors', read: true, productOnly: true },
];

/**
 * Issue 32: the audit trail as its screen asks for it, list reads folded per person, kind and
 * 10-minute window (a GROUP BY over the trail), with the names of the people and members it names.
 */
const AUDIT_ROUTES: Route[] = [{ name: 'GET /api/audit-events?fold=true', method: 'GET', path: '/api/audit-events?fold=true', read: true, productOnly: true }];

/**
 * The encounters of a case of the largest hospital (issue 22's clinical record), and what issue 31
 * put on every screen of a hospital case — the patient banner, observations with NEWS2, the day's
 * medication administration record — and the vitals monitor that now reads observations too.
 */
const encounterRoutes = (caseId: string): Route[] => [
  { name: 'GET /api/patient-cases/{id}/encounters', method: 'GET', path: `/api/patient-cases/${caseId}/encounters`, read: true, productOnly: true },
  ...[`/api/patient-cases/${caseId}/banner`, `/api/patient-cases/${caseId}/observations`, `/api/patient-cases/${caseId}/administrations`].map(
    (path): Route => ({ name: `GET ${path.replace(caseId, '{id}')}`, method: 'GET', path, read: true, productOnly: true }),
  ),
  { name: 'GET /api/vitals/latest', method: 'GET', path: '/api/vitals/latest', read: true, productOnly: true },
];

/**
 * The litigation reads (issue 20) at the medicolegal unit of the generated data (8,000 matters, each
 * with its court matter; hearings, settlement events and deadlines on many): a matter's court matter,
 * hearings, settlement log and deadlines, the organisation's upcoming deadlines, the Settlements panel,
 * and the dashboard figures with the settlement rate over every matter; issue 32 adds the State unit's
 * exposure figures (open claims, liability, claims by hospital, deadlines, mandates) and the case-type list.
 */
const litigationRoutes = (caseId: string): Route[] =>
  [
    `/api/patient-cases/${caseId}/court-matter`,
    `/api/patient-cases/${caseId}/hearings`,
    `/api/patient-cases/${caseId}/settlement-events`,
    `/api/patient-cases/${caseId}/deadlines`,
    '/api/deadlines/upcoming',
    '/api/settlements/figures',
    '/api/dashboard/stats',
    '/api/dashboard/state-claims',
    '/api/case-types',
  ].map((path) => ({ name: `GET ${path.replace(caseId, '{matter}')} (medicolegal)`, method: 'GET', path, read: true, productOnly: true, litigation: true }));

/**
 * Issue 34: the fee reports of the medicolegal unit once it bills (fee-reports-setup.ts: 300 fee notes
 * over its 8,000 matters' time): work in progress over every matter's unbilled time, the aged debtors,
 * fees against target this month, the targets and a client's statement. `{client}` is filled in once
 * the set-up has found a client who owes.
 */
const feeReportRoutes = (): Route[] =>
  [
    '/api/reports/wip', '/api/reports/aged-debtors', '/api/reports/fees-by-fee-earner', '/api/fee-targets', '/api/fee-statements/{client}',
    // The trust account: a matter's ledger, and this month's reconciliation (sums over every trust entry of the firm).
    '/api/trust/ledger?caseId={trustMatter}', `/api/trust/reconciliations/${new Date().toISOString().slice(0, 7)}`,
  ].map((path) => ({
    name: `GET ${path} (fee reports)`, method: 'GET', path, read: true, productOnly: true, finance: true,
  }));

interface Measured { rps: number; p50: number; p99: number; errors: number; peakRssMb: number; p50Alone?: number; sentRps?: number }

// With 64 requests in flight on one process, latency is mostly waiting in line (p50 ≈ 64 / req/s), so
// each route is also run with a single connection: its p50 there is what one request costs.
const ALONE_SECONDS = Number(process.env.BENCH_ALONE_SECONDS ?? 3);

function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function waitHealthy(url: string, child: ChildProcess): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** autocannon's request for a route: a write gets a new body each time. */
function requestOf(route: Route, headers: Record<string, string>): autocannon.Request {
  const body = route.body;
  if (!body) return { method: route.method, path: route.path, headers };
  return { method: route.method, path: route.path, headers: { ...headers, 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: body() }) };
}

async function load(route: Route, headers: Record<string, string>, pid: number, seconds = DURATION, connections = CONNECTIONS): Promise<Measured> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const result = await autocannon({
    url: ORIGIN,
    connections,
    duration: seconds,
    requests: [requestOf(route, headers)],
  });
  clearInterval(sampler);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, peakRssMb: Math.max(peak, rssMb(pid)) };
}

async function mixed(headers: Record<string, string>, pid: number): Promise<Measured> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  const result = await autocannon({
    url: ORIGIN,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: ROUTES.map((r) => requestOf(r, headers)),
  });
  clearInterval(sampler);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, peakRssMb: peak };
}

/**
 * Open loop (issue 30): the mix sent at a constant rate — a share of the baseline's most requests a
 * second on the mix — instead of 64 connections each waiting for its answer (open-loop.ts). Closed-loop
 * latency at 64 connections is mostly the queue those 64 make; at a rate the server can serve, p99 is
 * what a user waits.
 */
const OPEN_LOOP_SHARES = [0.5, 0.8] as const;
async function openLoopRuns(headers: Record<string, string>, pid: number, probe: string, baselineMixRps: number): Promise<Record<string, Measured>> {
  const out: Record<string, Measured> = {};
  const requests: OpenLoopRequest[] = ROUTES.map((r) => ({ method: r.method, path: r.path, headers, body: r.body }));
  for (const share of OPEN_LOOP_SHARES) {
    await drain(probe);
    const rate = Math.max(1, Math.round(baselineMixRps * share));
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
    const result = await openLoop(ORIGIN, requests, rate, DURATION);
    clearInterval(sampler);
    out[openLoopName(share)] = { rps: result.served, p50: result.p50, p99: result.p99, errors: result.errors, peakRssMb: peak, sentRps: result.sent };
    process.stdout.write(`    open loop at ${rate} req/s (${share * 100}% of the baseline's mix): ${result.served.toFixed(0)} req/s served, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors\n`);
  }
  return out;
}
const openLoopName = (share: number) => `open loop ${share * 100}%`;

function spawnNode(script: string, env: Record<string, string>): ChildProcess {
  // node runs the script itself (tsx as a loader for TypeScript), so the PID sampled is the server's.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return spawn(process.execPath, [...loader, script], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * Requests a client gave up on (autocannon's 10 s timeout) are still being worked off by the server;
 * the next run starts only once it answers a cheap request quickly again, so one slow route does not
 * spill into the figures of the next.
 */
async function drain(probe: string): Promise<void> {
  // At most two minutes: a route that saturates the server must not keep the whole run waiting.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(probe, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok && Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Headers = Record<string, string>;

async function measureAll(routes: Route[], headers: Headers, pid: number, probe: string, as: { litigation?: Headers; finance?: Headers } = {}): Promise<Record<string, Measured>> {
  const out: Record<string, Measured> = {};
  for (const route of routes) out[route.name] = await measureRoute(route, (route.litigation && as.litigation) || (route.finance && as.finance) || headers, pid, probe);
  await drain(probe);
  out.mix = await mixed(headers, pid);
  return out;
}

async function measureRoute(route: Route, headers: Headers, pid: number, probe: string): Promise<Measured> {
  await drain(probe);
  await load(route, headers, pid, 2); // warm-up
  await drain(probe);
  const measured = await load(route, headers, pid);
  await drain(probe);
  measured.p50Alone = (await load(route, headers, pid, ALONE_SECONDS, 1)).p50;
  process.stdout.write(`    ${route.name}: ${measured.rps.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms; alone p50 ${measured.p50Alone} ms\n`);
  return measured;
}

interface DatabaseRun { routes: Route[]; label: string; location: string; serverNote: string; generated: { reused: boolean; seconds: number }; totalCases: number; largestCases: number; coldStartMs: number; product: Record<string, Measured>; baseline: Record<string, Measured> }

// The case the case-page routes open: a generated one (POST runs' cases are removed between servers).
const OLDEST_CASE = 'select id from cases where organization_id = ? order by created_at, id limit 1';
// The oldest case of the largest organisation with an encounter, and the oldest matter of the
// medicolegal unit with hearings, a settlement log and deadlines.
const ENCOUNTER_CASE = 'select case_id from encounters where organization_id = ? order by occurred_at, id limit 1';
const LITIGATION_CASE = `select c.id from cases c join organizations o on o.id = c.organization_id and o.slug = 'org-001'
  where exists (select 1 from hearings h where h.case_id = c.id) and exists (select 1 from settlement_events s where s.case_id = c.id)
    and exists (select 1 from case_deadlines d where d.case_id = c.id) and ? is not null
  order by c.created_at, c.id limit 1`;

interface Facts { org: string; caseId: string; encounterCaseId: string; accountId: string; holderId: string; litigationCaseId: string; largestCases: number; totalCases: number; idPrefix: string; reference: string; fileName: string }

// Search terms of the largest organisation: a person's ID number (its first 8 digits), the oldest
// case's reference, and a document's file name without its extension.
const SEARCH_FACTS = {
  idNumber: 'select id_number from people where organization_id = ? and id_number is not null order by id limit 1',
  reference: 'select reference from cases where organization_id = ? order by created_at, id limit 1',
  fileName: 'select file_name from documents where organization_id = ? order by id limit 1',
};

async function facts(url: string | undefined): Promise<Facts> {
  // Every query takes the largest organisation's id as its one parameter and answers one value.
  let one: (query: string, org: string) => Promise<string>;
  let close: () => Promise<void>;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    one = async (query, org) => String(Object.values((await client.query(query.replace('?', '$1::text'), [org])).rows[0] as object)[0]);
    close = () => client.end();
  } else {
    const meta = new SQLite(BENCH_SQLITE, { readonly: true });
    one = async (query, org) => String(Object.values(meta.prepare(query).get(org) as object)[0]);
    close = async () => void meta.close();
  }
  try {
    const org = await one("select id from organizations where slug = 'org-000' and ? is not null", '');
    const fileName = await one(SEARCH_FACTS.fileName, org);
    return {
      org,
      caseId: await one(OLDEST_CASE, org),
      encounterCaseId: await one(ENCOUNTER_CASE, org),
      accountId: await one('select id from accounts where organization_id = ? order by number limit 1', org),
      holderId: await one('select holder_id from accounts where organization_id = ? order by number limit 1', org),
      litigationCaseId: await one(LITIGATION_CASE, org),
      largestCases: Number(await one('select count(*) as n from cases where organization_id = ?', org)),
      totalCases: Number(await one('select count(*) as n from cases where ? is not null', org)),
      idPrefix: (await one(SEARCH_FACTS.idNumber, org)).slice(0, 8),
      reference: await one(SEARCH_FACTS.reference, org),
      fileName: fileName.replace(/\.pdf$/, ''),
    };
  } finally {
    await close();
  }
}

/** Signs in to the product server; answers its session cookie. */
async function signIn(email: string): Promise<string> {
  const login = await fetch(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in as ${email} failed: ${login.status} ${await login.text()}`);
  return cookie;
}

/**
 * The Postgres server's shared_buffers, and a warning when it is the package default: then the
 * bench database lives in the kernel's page cache, which a machine that reclaims cold pages (this
 * one's DAMON pageout, every 5 s) empties under the server, and the open loop measures disk reads
 * (decision 0052). A production server gives Postgres about a quarter of its memory.
 */
async function postgresMemoryNote(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(`select setting::bigint * 8192 as bytes from pg_settings where name = 'shared_buffers'`);
    const gib = Number(rows[0]?.bytes ?? 0) / 2 ** 30;
    const size = gib >= 1 ? `${gib.toFixed(1)} GiB` : `${Math.round(gib * 1024)} MiB`;
    return gib >= 1 ? `shared_buffers ${size}.` : `shared_buffers ${size} — below the quarter of memory a production server gives Postgres: expect page-cache misses (bench/README.md).`;
  } finally {
    await client.end();
  }
}

async function benchDatabase(label: string, url: string | undefined): Promise<DatabaseRun> {
  const generated = await generate(url);
  console.log(generated.reused ? `Reusing ${generated.location}` : `Generated ${generated.location} in ${generated.seconds.toFixed(1)} s`);
  // A fresh database is a gigabyte of dirty pages the kernel writes back in the background: measured
  // right away, the first server competed with that writeback (p99 several seconds). Settle it first.
  if (!generated.reused) execFileSync('sync');
  const target = url ?? BENCH_SQLITE;
  const removed = await forgetBenchWrites(url);
  if (removed) console.log(`Removed ${removed} cases earlier POST runs created`);
  const { org, caseId, encounterCaseId, accountId, holderId, litigationCaseId, largestCases, totalCases, ...terms } = await facts(url);
  const serverNote = url ? await postgresMemoryNote(url) : '';
  if (serverNote) console.log(serverNote);
  const all = [...ROUTES, ...caseFileRoutes(caseId), ...workingWeekRoutes(), ...headerSearchRoutes(terms), ...icd10Routes(), ...WARD_CENSUS_ROUTES, ...AUDIT_ROUTES, ...accountRoutes(accountId, holderId), ...encounterRoutes(encounterCaseId), ...litigationRoutes(litigationCaseId), ...feeReportRoutes()];
  // BENCH_ONLY=core: only the five routes the baseline has, for a quick comparison; core,search adds
  // the header search, core,accounts the medical accounts' reads, core,fees the fee reports.
  const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
  const accountNames = new Set(accountRoutes(accountId, holderId).map((r) => r.name));
  const feeNames = new Set(feeReportRoutes().map((r) => r.name));
  const routes =
    only.size === 0
      ? all
      : all.filter((r) => (only.has('core') && !r.productOnly) || (only.has('search') && r.name.includes('header search')) || (only.has('accounts') && accountNames.has(r.name)) || (only.has('fees') && feeNames.has(r.name)));

  // The baseline first: the open-loop runs of the product are set from its mix.
  console.log(`Baseline (node:http + prepared ${url ? 'pg' : 'better-sqlite3'} statements, the same durable work):`);
  const baseline = spawnNode('bench/baseline-server.ts', { BASELINE_DATABASE: target, BASELINE_ORGANIZATION: org, AUDIT_KEY: BENCH_AUDIT_KEY });
  await waitHealthy(`${ORIGIN}/api/beds`, baseline);
  const baselineResults = await measureAll(routes.filter((r) => !r.productOnly), {}, baseline.pid!, `${ORIGIN}/api/beds`);
  await stop(baseline);
  await forgetBenchWrites(url); // the product reads the same cases the baseline did

  console.log(`Product (production server, ${label}):`);
  // The production server as `npm start` runs it: the bundle `npm run build:server` makes.
  const product = spawnNode('dist/server/main.js', { DATABASE_URL: target, DATA_DIR: join('bench', 'data', `server-${label.toLowerCase()}`), AUDIT_KEY: BENCH_AUDIT_KEY, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', CLIENT_DIST: '/nonexistent', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  const coldStartMs = await waitHealthy(`${ORIGIN}/healthz`, product);
  const cookie = await signIn(LARGEST_ADMIN);
  const litigationHeaders = { cookie: await signIn(LITIGATION_ADMIN), origin: ORIGIN };
  await giveCaseAWorkingFile(ORIGIN, { cookie, origin: ORIGIN }, caseId);
  const codeList = (await (await fetch(`${ORIGIN}/api/icd10/status`, { headers: { cookie } })).json()) as { source: string };
  if (codeList.source !== 'imported') await importFullMit(ORIGIN, { cookie, origin: ORIGIN });
  let financeHeaders: Headers | undefined;
  if (routes.some((r) => r.finance)) {
    const fees = await prepareFeeReports(ORIGIN, litigationHeaders);
    financeHeaders = { ...fees.headers, origin: ORIGIN };
    for (const route of routes) route.path = route.path.replace('{client}', fees.clientId).replace('{trustMatter}', fees.trustMatterId);
  }
  const productResults = await measureAll(routes, { cookie, origin: ORIGIN }, product.pid!, `${ORIGIN}/healthz`, { litigation: litigationHeaders, finance: financeHeaders });
  Object.assign(productResults, await openLoopRuns({ cookie, origin: ORIGIN }, product.pid!, `${ORIGIN}/healthz`, baselineResults.mix!.rps));
  await stop(product);
  return { routes, label, location: generated.location, serverNote, generated, totalCases, largestCases, coldStartMs, product: productResults, baseline: baselineResults };
}

const runs: DatabaseRun[] = [await benchDatabase('SQLite', undefined)];
if (process.env.BENCH_DATABASE_URL) runs.push(await benchDatabase('Postgres', process.env.BENCH_DATABASE_URL));

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)}`;
const ok = (pass: boolean) => (pass ? '✓' : '✗');
const lines = [
  `# Benchmark ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' / ')}. ${CONNECTIONS} connections, ${DURATION} s per run after a 2 s warm-up.`,
];
for (const run of runs) {
  lines.push(
    '',
    `## ${run.label}`,
    '',
    `${run.location}: ${run.totalCases.toLocaleString('en')} cases in all, ${run.largestCases.toLocaleString('en')} in the largest organisation.${run.serverNote ? ` ${run.serverNote}` : ''}`,
    `Generation: ${run.generated.reused ? 'reused an earlier run' : `${run.generated.seconds.toFixed(1)} s`}. Cold start to a healthy /healthz: ${run.coldStartMs} ms (target < 2000 ms ${ok(run.coldStartMs < 2000)}).`,
    '',
    '| Route | Product req/s | p50 ms | p99 ms | p50 alone ms | Errors | Peak RSS MB | Baseline req/s | p50 ms | p99 ms | p50 alone ms | Ratio | Targets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const route of [...run.routes, { name: 'mix', read: false } as Route]) {
    const p = run.product[route.name]!;
    const b = run.baseline[route.name];
    const ratio = b && b.rps > 0 ? p.rps / b.rps : 0;
    // Closed-loop p99 at 64 connections is the queue those connections make: shown, not a target (issue 30).
    const targets = [
      b ? `ratio ≥ 0.6 ${ok(ratio >= 0.6)}` : null,
      route.path?.includes('search') || route.productOnly ? `p50 alone < ${route.aloneTargetMs ?? 10} ${ok((p.p50Alone ?? Infinity) < (route.aloneTargetMs ?? 10))}` : null,
      `RSS < 300 ${ok(p.peakRssMb < 300)}`,
      `errors 0 ${ok(p.errors === 0)}`,
    ].filter(Boolean).join(', ');
    const alone = (m: Measured) => (m.p50Alone === undefined ? '—' : ms(m.p50Alone));
    const baselineCells = b ? `${b.rps.toFixed(0)} | ${ms(b.p50)} | ${ms(b.p99)} | ${alone(b)} | ${ratio.toFixed(2)}` : '— | — | — | — | —';
    lines.push(`| ${route.name} | ${p.rps.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)} | ${alone(p)} | ${p.errors} | ${p.peakRssMb.toFixed(0)} | ${baselineCells} | ${targets} |`);
  }
  const baselineMix = run.baseline.mix!.rps;
  lines.push(
    '',
    `Open loop: the mix at a constant arrival rate, a share of the baseline's ${baselineMix.toFixed(0)} req/s on the mix, ${DURATION} s; latency counted from when each request was due (bench/open-loop.ts).`,
    '',
    '| Rate | Sent req/s | Served req/s | p50 ms | p99 ms | Errors | Targets |',
    '|---|---:|---:|---:|---:|---:|---|',
  );
  for (const share of OPEN_LOOP_SHARES) {
    const m = run.product[openLoopName(share)]!;
    const targets = [share === 0.5 ? `p99 < 100 ${ok(m.p99 < 100)}` : null, `errors 0 ${ok(m.errors === 0)}`].filter(Boolean).join(', ');
    lines.push(`| ${share * 100}% | ${(m.sentRps ?? 0).toFixed(0)} | ${m.rps.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.errors} | ${targets} |`);
  }
}
const report = `${lines.join('\n')}\n`;
const out = process.env.BENCH_RESULTS_FILE ?? join('bench', 'results', `${new Date().toISOString().slice(0, 10)}.md`);
writeFileSync(out, report);
console.log(`\n${report}\nWritten to ${out}`);
