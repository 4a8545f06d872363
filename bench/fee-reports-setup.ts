// Before the fee reports are measured (bench/run.ts, issue 34): the generated medicolegal unit
// (8,000 matters, time on each) is made a firm that acts for claimants and bills, with a Finance
// member (invited and accepted through the product: the bench server has no mail server, so the
// invitation answers its link), fee notes issued on the first matters with work in progress — some
// part paid — and the fee earners' targets. Done once per database: a later run finds the fee notes.

import { BENCH_PASSWORD } from './generate';

const FINANCE_EMAIL = 'finance@org-001.bench.example';
const FEE_NOTES = 300;

async function call(origin: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...headers, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench set-up ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function signIn(origin: string, email: string): Promise<string | null> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  return res.ok ? (res.headers.get('set-cookie')?.split(';')[0] ?? null) : null;
}

/** Signs in the unit's Finance member (made on the first run); answers their headers and a client with fee notes. */
export async function prepareFeeReports(origin: string, adminHeaders: Record<string, string>): Promise<{ headers: Record<string, string>; clientId: string; trustMatterId: string }> {
  await call(origin, adminHeaders, 'PUT', '/api/fee-settings', { vatNumber: '4123456789', actsForClaimants: true });
  let cookie = await signIn(origin, FINANCE_EMAIL);
  if (!cookie) {
    const invited = await call(origin, adminHeaders, 'POST', '/api/users/invitations', {
      email: FINANCE_EMAIL,
      role: 'Finance Staff',
      firstName: 'Bench',
      lastName: 'Bookkeeper',
    });
    const token = new URL(invited.link as string).searchParams.get('token');
    await call(origin, {}, 'POST', '/api/invitations/accept', { token, firstName: 'Bench', lastName: 'Bookkeeper', password: BENCH_PASSWORD });
    cookie = await signIn(origin, FINANCE_EMAIL);
  }
  if (!cookie) throw new Error(`bench set-up: ${FINANCE_EMAIL} cannot sign in`);
  const headers = { cookie };
  const debtors = await call(origin, headers, 'GET', '/api/reports/aged-debtors');
  if (debtors.debtors < FEE_NOTES / 2) {
    // The matters with the most unbilled work: each billed whole, every third part paid.
    const wip = await call(origin, headers, 'GET', `/api/reports/wip?limit=${FEE_NOTES}`);
    for (const [i, matter] of (wip.byMatter as { caseId: string }[]).entries()) {
      const work = await call(origin, headers, 'GET', `/api/patient-cases/${matter.caseId}/wip`);
      const timeEntryIds = (work.timeEntries as { id: string }[]).map((t) => t.id).slice(0, 500);
      if (timeEntryIds.length === 0) continue;
      const note = await call(origin, headers, 'POST', `/api/patient-cases/${matter.caseId}/fee-notes`, { timeEntryIds });
      if (i % 3 === 0)
        await call(origin, headers, 'POST', `/api/fee-notes/${note.id}/receipts`, {
          amountCents: Math.floor(note.totalCents / 2),
          date: new Date().toISOString().slice(0, 10),
          method: 'eft',
        });
    }
    const targets = await call(origin, headers, 'GET', '/api/fee-targets');
    for (const target of targets.items as { userId: string }[])
      await call(origin, headers, 'PUT', `/api/fee-targets/${target.userId}`, { monthlyTargetCents: 250_000_00 });
  }
  const first = (await call(origin, headers, 'GET', '/api/reports/aged-debtors?limit=1')).rows[0] as { clientId: string | null } | undefined;
  if (!first?.clientId) throw new Error('bench set-up: no client owes the unit anything');
  // The trust account (issue 34): money held for the first matter's client, once.
  const matter = (await call(origin, headers, 'GET', '/api/reports/wip?limit=1')).byMatter[0]?.caseId as string | undefined;
  if (!matter) throw new Error('bench set-up: the unit has no matter');
  const ledger = await call(origin, headers, 'GET', `/api/trust/ledger?caseId=${matter}`);
  if (ledger.entries.length === 0) {
    await call(origin, headers, 'POST', '/api/trust/receipts', { caseId: matter, date: new Date().toISOString().slice(0, 10), amountCents: 50_000_00, reference: 'Bench', from: 'The client' });
  }
  return { headers, clientId: first.clientId, trustMatterId: matter };
}
