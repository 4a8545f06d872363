import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from './test-support/test-app';

// Issue 16, "one boundary": every HTTP path answers a refusal with the same JSON body —
// { code, message, fields? } with the fields at the top level — whichever code produced it: a
// procedure behind the REST adapter, a plain route (upload, CSV export), the CSRF guard, Fastify's
// own body parser, an unknown /api path. Before, REST callers found `fields` at `data.fields` on
// some routes and at the top level on others.

const BODY_KEYS = ['code', 'message'];

describe('one error body on every path', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    const legal = await createOrganization(t.db, 'Body Shape Attorneys', 'legal');
    const { email } = await createUser(t.db, { organizationId: legal, role: 'Administrator' });
    admin = await signIn(t.app, email);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, extra: { headers?: Record<string, string>; payload?: unknown } = {}) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, cookie: admin, ...extra.headers }, payload: extra.payload as string });

  it('names refused fields at the top level, on a procedure route and on a plain route alike', async () => {
    const procedure = await send('POST', '/api/patient-cases', { payload: { patientName: '', caseType: '' } });
    expect(procedure.statusCode).toBe(400);
    expect(procedure.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Input validation failed',
      fields: { patientName: 'Patient name is required', caseType: 'Case type is required' },
    });

    const plain = await send('GET', '/api/audit-events/export?from=not-a-date');
    expect(plain.statusCode).toBe(400);
    expect(Object.keys(plain.json()).sort()).toEqual([...BODY_KEYS, 'fields'].sort());
    expect(plain.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Input validation failed', fields: { from: expect.any(String) } });
  });

  it('answers refusals from the guard, the parser, the upload route and unknown paths with the same keys', async () => {
    const answers = {
      csrf: await send('POST', '/api/patient-cases', { headers: { origin: 'https://evil.example' }, payload: { patientName: 'X', caseType: 'Y' } }),
      unparsable: await send('POST', '/api/patient-cases', { headers: { 'content-type': 'application/json' }, payload: '{"patientName": ' }),
      notMultipart: await send('POST', '/api/legal-documents', { payload: { caseId: 'x' } }),
      unknownPath: await send('GET', '/api/no-such-thing'),
      signedOut: await t.app.inject({ method: 'GET', url: '/api/patient-cases' }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.statusCode]))).toEqual({
      csrf: 403,
      unparsable: 400,
      notMultipart: 415,
      unknownPath: 404,
      signedOut: 401,
    });
    for (const [name, res] of Object.entries(answers)) {
      expect(Object.keys(res.json()).sort(), name).toEqual(BODY_KEYS);
      expect(res.headers['content-type'], name).toMatch(/^application\/json/);
    }
    expect(answers.csrf.json().code).toBe('FORBIDDEN');
    expect(answers.notMultipart.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(answers.signedOut.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized: please sign in.' });
  });
});
