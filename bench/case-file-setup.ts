// Before the case page's calls are measured (bench/run.ts), the case is given a working file as a
// busy ward or practice would: a team, 60 notes, 30 tasks and 40 edits, so the timeline has a few
// pages and the lists are not empty. Done once per database: a later run finds the notes and skips.

const NOTES = 60;
const TASKS = 30;
const EDITS = 40;

async function call(origin: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench set-up ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function giveCaseAWorkingFile(origin: string, headers: Record<string, string>, caseId: string): Promise<void> {
  const notes = await call(origin, headers, 'GET', `/api/patient-cases/${caseId}/notes`);
  if (notes.items.length >= NOTES) return;
  const staff = ((await call(origin, headers, 'GET', '/api/users')) as { id: string; role: string }[]).filter((u) => u.role !== 'Patient');
  const roles = ['attending_doctor', 'nurse', 'case_manager', 'consultant'];
  await call(origin, headers, 'PUT', `/api/patient-cases/${caseId}/team`, { members: staff.slice(0, roles.length).map((u, i) => ({ userId: u.id, roleOnCase: roles[i] })) });
  for (let i = 0; i < NOTES; i++) await call(origin, headers, 'POST', `/api/patient-cases/${caseId}/notes`, { kind: 'clinical', body: `Ward round ${i + 1}: observations stable, plan unchanged.` });
  for (let i = 0; i < TASKS; i++) {
    const dueDate = `2026-12-${String((i % 28) + 1).padStart(2, '0')}`;
    await call(origin, headers, 'POST', '/api/tasks', { caseId, title: `Follow up result ${i + 1}`, assigneeId: staff[0]!.id, dueDate, priority: 'Medium' });
  }
  for (let i = 0; i < EDITS; i++) await call(origin, headers, 'PATCH', `/api/patient-cases/${caseId}`, { progressPercentage: (i * 7) % 100 });
}
