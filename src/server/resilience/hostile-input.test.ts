import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meta } from '../trpc';
import { appRouter } from '../router';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../test-support/test-app';

// Issue 9, hostile input: generated bodies, query strings and path ids sent to every /api path and
// every tRPC procedure, as a signed-in Administrator. Never a 5xx; every refusal is JSON; a refused
// request writes nothing (the audit trail of refusals, sessions and sign-in throttling aside — they
// exist to record such requests).

type Procedure = { _def: { type: string; meta?: Meta } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);

/** Calls that would end the test's own session or sign-in state rather than probe input handling. */
const SKIPPED = new Set(['auth.logout']);

const RECORD_TABLES = [
  'organizations', 'users', 'memberships', 'cases', 'appointments', 'messages', 'message_recipients', 'educational_resources',
  'beds', 'bed_assignments', 'crm_integrations', 'staff_hourly_rates', 'time_entries', 'support_chats', 'chat_messages',
  'trial_requests', 'registration_requests', 'test_results', 'medications', 'patient_profiles', 'documents', 'document_contents',
  'email_outbox', 'invitations', 'recovery_codes', 'login_challenges',
];

let t: TestApp;
let cookie: string;

/** Row counts of every record table and the newest change, in one query. */
async function fingerprint(): Promise<string> {
  const parts = RECORD_TABLES.map((table) => sql`(select count(*) from ${sql.table(table)})`);
  const row = await sql<{ f: string }>`select ${sql.join(parts, sql` || ',' || `)} || ',' || (select coalesce(max(updated_at), '') from cases) || (select coalesce(max(updated_at), '') from users) as f`.execute(t.db);
  return String(row.rows[0]!.f);
}

beforeAll(async () => {
  t = await startTestApp();
  const org = await createOrganization(t.db, 'Hostile Input Hospital');
  cookie = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Administrator' })).email);
});
afterAll(() => t.close());

const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom('../../etc/passwd', "' or 1=1 --", '%00', '\u202egnp.exe', '__proto__', 'constructor', 'x'.repeat(5_000), '🙂', '-1', '1e309', 'null'),
);
const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('id', 'caseId', 'email', 'password', 'status', 'page', 'pageSize', '__proto__', 'constructor', 'search', 'patientName'), fc.oneof(fc.jsonValue(), nasty)),
);

async function expectSafe(method: string, url: string, payload: unknown, label: string) {
  const before = await fingerprint();
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { origin: ORIGIN, cookie, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  expect(res.statusCode, `${label} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], `${label} ${url}`).toMatch(/application\/json/);
    // REST answers { code, message }; tRPC { error: { message, code, data } }.
    const answer = res.json() as { message?: unknown; error?: { message?: unknown } };
    expect(typeof (answer.message ?? answer.error?.message), `${label} ${url}`).toBe('string');
    expect(await fingerprint(), `${label} ${url} wrote although refused`).toBe(before);
  }
}

describe('hostile input', () => {
  it('every /api path: generated path ids, query strings and bodies get a JSON answer below 500', async () => {
    const routes = procedures
      .filter(([path, p]) => p._def.meta?.openapi && !SKIPPED.has(path))
      .map(([path, p]) => ({ path, method: p._def.meta!.openapi!.method, template: p._def.meta!.openapi!.path }));
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(nasty, fc.dictionary(fc.string({ maxLength: 20 }), nasty, { maxKeys: 4 }), body, async (id, query, payload) => {
          const pathPart = route.template.replace(/\{\w+\}/g, encodeURIComponent(id));
          const search = new URLSearchParams(query).toString();
          const url = `/api${pathPart}${route.method === 'GET' || route.method === 'DELETE' ? (search ? `?${search}` : '') : ''}`;
          await expectSafe(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : payload, route.path);
        }),
        { numRuns: 4 },
      );
    }
  });

  it('every tRPC procedure: generated input over /trpc gets a JSON answer below 500', async () => {
    for (const [path, procedure] of procedures) {
      if (SKIPPED.has(path)) continue;
      await fc.assert(
        fc.asyncProperty(body, async (input) => {
          if (procedure._def.type === 'query') {
            await expectSafe('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, undefined, path);
          } else {
            await expectSafe('POST', `/trpc/${path}`, input, path);
          }
        }),
        { numRuns: 3 },
      );
    }
  });

  it('malformed JSON and wrong content types are JSON 4xx', async () => {
    for (const [contentType, payload] of [['application/json', '{"patientName": '], ['text/plain', 'hello'], ['application/xml', '<a/>']] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/patient-cases', headers: { origin: ORIGIN, cookie, 'content-type': contentType }, payload });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
