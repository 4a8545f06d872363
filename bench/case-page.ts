// The case page's calls (issue 18), measured as the page makes them: one case of the largest
// organisation, given a working file first (team, notes, tasks, edits — so the timeline has a few
// hundred entries to page through), then each call alone on one connection (its p50 is what one
// request costs; target < 10 ms) and with 64 connections for throughput. Not compared to the
// baseline server: no bare-node equivalent of these joins exists to compare with.
import autocannon from 'autocannon';

export interface CasePageRow { name: string; p50Alone: number; rps: number; p99: number; errors: number }

const NOTES = 60;
const TASKS = 30;
const EDITS = 40;

async function call(origin: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A case of the organisation with a file worth reading: its id. */
async function prepareCase(origin: string, headers: Record<string, string>): Promise<string> {
  const list = await call(origin, headers, 'GET', '/api/patient-cases?pageSize=1&page=500');
  const caseId: string = list.items[0].id;
  const staff = (await call(origin, headers, 'GET', '/api/users')) as { items?: { id: string; role: string }[] } | { id: string; role: string }[];
  const people = (Array.isArray(staff) ? staff : (staff.items ?? [])).filter((u) => u.role !== 'Patient');
  const me = people[0]!.id;
  const team = people.slice(0, 4).map((u, i) => ({ userId: u.id, roleOnCase: ['attending_doctor', 'nurse', 'case_manager', 'consultant'][i] }));
  await call(origin, headers, 'PUT', `/api/patient-cases/${caseId}/team`, { members: team });
  for (let i = 0; i < NOTES; i++) await call(origin, headers, 'POST', `/api/patient-cases/${caseId}/notes`, { kind: 'clinical', body: `Ward round ${i + 1}: observations stable, plan unchanged.` });
  for (let i = 0; i < TASKS; i++) {
    await call(origin, headers, 'POST', '/api/tasks', { caseId, title: `Follow up result ${i + 1}`, assigneeId: me, dueDate: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`, priority: 'Medium' });
  }
  for (let i = 0; i < EDITS; i++) await call(origin, headers, 'PATCH', `/api/patient-cases/${caseId}`, { progressPercentage: i + 1 });
  return caseId;
}

export async function measureCasePage(origin: string, headers: Record<string, string>, seconds: number, aloneSeconds: number, connections: number): Promise<CasePageRow[]> {
  const caseId = await prepareCase(origin, headers);
  const firstPage = await call(origin, headers, 'GET', `/api/patient-cases/${caseId}/timeline`);
  const calls: [string, string][] = [
    ['GET /api/patient-cases/{id}', `/api/patient-cases/${caseId}`],
    ['GET /api/patient-cases/{id}/team', `/api/patient-cases/${caseId}/team`],
    ['GET /api/patient-cases/{id}/timeline', `/api/patient-cases/${caseId}/timeline`],
    ['GET /api/patient-cases/{id}/timeline?cursor= (page 2)', `/api/patient-cases/${caseId}/timeline?cursor=${encodeURIComponent(firstPage.nextCursor ?? '')}`],
    ['GET /api/patient-cases/{id}/notes', `/api/patient-cases/${caseId}/notes`],
    ['GET /api/tasks?caseId=', `/api/tasks?caseId=${caseId}`],
    ['GET /api/tasks?assignee=me', '/api/tasks?assignee=me&status=open'],
    ['GET /api/documents?caseId=', `/api/documents?caseId=${caseId}`],
    ['GET /api/appointments?caseId=', `/api/appointments?caseId=${caseId}`],
    ['GET /api/messages?caseId=', `/api/messages?caseId=${caseId}`],
  ];
  const rows: CasePageRow[] = [];
  for (const [name, path] of calls) {
    const run = (duration: number, conns: number) => autocannon({ url: origin, connections: conns, duration, requests: [{ method: 'GET', path, headers }] });
    await run(1, 1); // warm-up
    const alone = await run(aloneSeconds, 1);
    const loaded = await run(seconds, connections);
    const row = { name, p50Alone: alone.latency.p50, rps: loaded.requests.average, p99: loaded.latency.p99, errors: loaded.errors + loaded.timeouts + loaded.non2xx + alone.non2xx };
    rows.push(row);
    process.stdout.write(`    ${name}: alone p50 ${row.p50Alone} ms; ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, errors ${row.errors}\n`);
  }
  return rows;
}

export function casePageTable(rows: CasePageRow[]): string[] {
  const ok = (pass: boolean) => (pass ? '✓' : '✗');
  return [
    '| Case page call | p50 alone ms | req/s (64 conn.) | p99 ms | Errors | Target |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.name} | ${r.p50Alone.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.errors} | p50 alone < 10 ${ok(r.p50Alone < 10)}, errors 0 ${ok(r.errors === 0)} |`),
  ];
}
