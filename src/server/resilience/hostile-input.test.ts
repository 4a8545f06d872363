import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meta } from '../trpc';
import { appRouter } from '../router';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../test-support/test-app';

// Issue 9, hostile input: generated bodies, query strings and path ids sent to every /api path and
// every tRPC procedure, as a signed-in Administrator. Never a 5xx; every refusal is JSON; a refused
// request writes nothing (the audit trail of refusals, sessions and sign-in throttling aside — they
// exist to record such requests). Two Administrators take turns — a hospital's and a law firm's, so
// the legal-document paths are reached past their feature check — and the generated ids include a
// real case of each, so bodies reach the rules behind "not found". HOSTILE_INPUT_RUNS scales the runs.

type Procedure = { _def: { type: string; meta?: Meta } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);

/** Calls that would end the test's own session or sign-in state rather than probe input handling. */
const SKIPPED = new Set(['auth.logout']);

const RECORD_TABLES = [
  'organizations', 'users', 'memberships', 'cases', 'appointments', 'messages', 'message_recipients', 'educational_resources',
  'beds', 'bed_assignments', 'crm_integrations', 'staff_hourly_rates', 'time_entries', 'support_chats', 'chat_messages',
  'trial_requests', 'registration_requests', 'test_results', 'medications', 'patient_profiles', 'documents', 'document_contents',
  'email_outbox', 'invitations', 'recovery_codes', 'login_challenges', 'password_reset_tokens',
];

const RUNS = Number(process.env.HOSTILE_INPUT_RUNS ?? 1);
const TIMEOUT = 60_000 * RUNS;

let t: TestApp;
let cookies: string[];
let caseIds: string[];

/** Row counts of every record table and the newest change, in one query. */
async function fingerprint(): Promise<string> {
  const parts = RECORD_TABLES.map((table) => sql`(select count(*) from ${sql.table(table)})`);
  const row = await sql<{ f: string }>`select ${sql.join(parts, sql` || ',' || `)} || ',' || (select coalesce(max(updated_at), '') from cases) || (select coalesce(max(updated_at), '') from users) as f`.execute(t.db);
  return String(row.rows[0]!.f);
}

beforeAll(async () => {
  t = await startTestApp();
  cookies = [];
  caseIds = [];
  for (const [name, platform] of [['Hostile Input Hospital', 'healthcare'], ['Hostile Input Attorneys', 'legal']] as const) {
    const org = await createOrganization(t.db, name, platform);
    const cookie = await signIn(t.app, (await createUser(t.db, { organizationId: org, role: 'Administrator' })).email);
    const created = await t.app.inject({ method: 'POST', url: '/api/patient-cases', headers: { origin: ORIGIN, cookie }, payload: { patientName: 'Fuzz Target', caseType: 'Hostile input' } });
    expect(created.statusCode, created.body).toBe(200);
    cookies.push(cookie);
    caseIds.push((created.json() as { id: string }).id);
  }
});
afterAll(async () => {
  // A __proto__ key in a body must never have reached Object.prototype of the server process.
  expect(Object.keys(Object.prototype)).toEqual([]);
  await t.close();
});

const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('../../etc/passwd', '..%2f..%2f', "' or 1=1 --", "'; drop table cases; --", '%00', '\u0000', '\u202egnp.exe', '__proto__', 'constructor', 'x'.repeat(5_000), '🙂', '-1', '1e309', 'NaN', 'null', '[]', '{}', ' '),
);
// Ids: hostile text, or a real case (of either organisation: the other's must answer 404).
const nastyId = fc.oneof(nastyText, fc.constantFrom(0, 1).map((i) => caseIds[i]!));
const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: [deep(depth - 1)] });
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.constantFrom('id', 'caseId', 'email', 'password', 'status', 'page', 'pageSize', '__proto__', 'constructor', 'prototype', 'search', 'patientName', 'caseType', 'role', 'organizationId', 'isSuperAdmin'),
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyText, nastyId),
  ),
  fc.constantFrom<unknown>(deep(500), { __proto__: { isSuperAdmin: true }, constructor: { prototype: { polluted: true } } }, 'x'.repeat(200_000), [], null),
);
const cookieOf = fc.constantFrom(0, 1).map((i) => cookies[i]!);

async function expectSafe(method: string, url: string, payload: unknown, label: string, cookie: string, raw?: { contentType: string; body: Buffer }) {
  const before = await fingerprint();
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { origin: ORIGIN, cookie, ...(raw ? { 'content-type': raw.contentType } : payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(raw ? { payload: raw.body } : payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
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
        fc.asyncProperty(cookieOf, nastyId, fc.dictionary(fc.string({ maxLength: 20 }), nastyText, { maxKeys: 4 }), body, async (cookie, id, query, payload) => {
          const pathPart = route.template.replace(/\{\w+\}/g, encodeURIComponent(id));
          const search = new URLSearchParams(query).toString();
          const url = `/api${pathPart}${route.method === 'GET' || route.method === 'DELETE' ? (search ? `?${search}` : '') : ''}`;
          await expectSafe(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : payload, route.path, cookie);
        }),
        { numRuns: 6 * RUNS },
      );
    }
  }, TIMEOUT);

  it('every tRPC procedure: generated input over /trpc gets a JSON answer below 500', async () => {
    for (const [path, procedure] of procedures) {
      if (SKIPPED.has(path)) continue;
      await fc.assert(
        fc.asyncProperty(cookieOf, body, async (cookie, input) => {
          if (procedure._def.type === 'query') {
            await expectSafe('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, undefined, path, cookie);
          } else {
            await expectSafe('POST', `/trpc/${path}`, input, path, cookie);
          }
        }),
        { numRuns: 5 * RUNS },
      );
    }
  }, TIMEOUT);

  it('the plain routes (document upload and download, CSV exports): generated ids, queries and multipart bodies', async () => {
    const gets = ['/api/legal-documents/{id}/download', '/api/audit-events/export', '/api/patient-cases/{id}/access-report/export', '/api/logout', '/api/login'];
    for (const template of gets) {
      await fc.assert(
        fc.asyncProperty(cookieOf, nastyId, fc.dictionary(fc.constantFrom('userId', 'entityType', 'action', 'from', 'to', 'page', 'pageSize', 'caseId', 'x'), nastyText, { maxKeys: 4 }), async (cookie, id, query) => {
          const search = new URLSearchParams(query).toString();
          await expectSafe('GET', `${template.replace('{id}', encodeURIComponent(id))}${search ? `?${search}` : ''}`, undefined, template, cookie);
        }),
        { numRuns: 6 * RUNS },
      );
    }
    // Multipart uploads with generated parts: field names, values, file names (quotes, CR/LF, path
    // tricks), declared types and bytes; sometimes a missing or broken boundary.
    const part = fc.record({
      name: fc.oneof(fc.constantFrom('caseId', 'file', 'file', '__proto__'), nastyText),
      fileName: fc.option(fc.oneof(fc.constantFrom('a.pdf', '../../etc/passwd', 'a"; name="x', 'a\r\nContent-Type: text/html', 'doc.PDF.exe', ''), fc.string())),
      value: fc.oneof(nastyText, nastyId),
      type: fc.constantFrom('application/pdf', 'text/plain', 'application/x-msdownload', ''),
      bytes: fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.constant(new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n')))),
    });
    await fc.assert(
      fc.asyncProperty(cookieOf, fc.array(part, { maxLength: 4 }), fc.constantFrom('ok', 'no-boundary', 'truncated'), async (cookie, parts, framing) => {
        const boundary = 'fuzzBoundary1234';
        const chunks: Buffer[] = [];
        for (const p of parts) {
          chunks.push(Buffer.from(`--${boundary}\r\n`));
          if (p.fileName === null) chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
          else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: ${p.type}\r\n\r\n`), Buffer.from(p.bytes), Buffer.from('\r\n'));
        }
        if (framing !== 'truncated') chunks.push(Buffer.from(`--${boundary}--\r\n`));
        const contentType = framing === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
        await expectSafe('POST', '/api/legal-documents', undefined, 'documents upload', cookie, { contentType, body: Buffer.concat(chunks) });
      }),
      { numRuns: 40 * RUNS },
    );
  }, TIMEOUT);

  it('refuses text holding NUL on both databases with a 400 naming the field, writing nothing (was a 500 on Postgres)', async () => {
    const cookie = cookies[0]!;
    const before = await fingerprint();
    const rest = await t.app.inject({ method: 'POST', url: '/api/patient-cases', headers: { origin: ORIGIN, cookie }, payload: { patientName: 'Nul\u0000Patient', caseType: 'Test' } });
    expect(rest.statusCode, rest.body).toBe(400);
    expect(rest.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { patientName: 'Must not contain the NUL character' } });
    const search = await t.app.inject({ method: 'GET', url: '/api/patient-cases?search=a%00b', headers: { cookie } });
    expect(search.statusCode, search.body).toBe(400);
    const trpc = await t.app.inject({ method: 'POST', url: '/trpc/portal.requestAppointment', headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ caseId: '\u0000' }) });
    expect(trpc.statusCode, trpc.body).toBe(400);
    expect(await fingerprint()).toBe(before);
  });

  it('malformed JSON and wrong content types are JSON 4xx', async () => {
    const cookie = cookies[0]!;
    for (const [contentType, payload] of [['application/json', '{"patientName": '], ['text/plain', 'hello'], ['application/xml', '<a/>']] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/patient-cases', headers: { origin: ORIGIN, cookie, 'content-type': contentType }, payload });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
