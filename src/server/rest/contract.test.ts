import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../test-support/test-app';
import { testDialect } from '../test-support/test-database';

// Pins every method + path of SPEC §7.3 to the OpenAPI document and
// to a live route. The document is generated from the procedures, so this also pins the procedures.

const SPEC_CALLS = [
  'POST /auth/login',
  'POST /auth/register-superuser',
  'GET /auth/user',
  'POST /trial-signup',
  'GET /ai-chat/quick-help',
  'POST /ai-chat',
  'GET /patient-cases',
  'POST /patient-cases',
  'PATCH /patient-cases/{id}',
  'GET /cases',
  'GET /appointments',
  'GET /appointments/upcoming',
  'POST /appointments',
  'PATCH /appointments/{id}',
  'GET /educational-resources',
  'GET /messages',
  'GET /messages/unread-count',
  'POST /messages',
  'PATCH /messages/{id}/read',
  'GET /dashboard/stats',
  'GET /dashboard/state-claims',
  'GET /dashboard-stats',
  'GET /performance-metrics',
  'GET /crm-integrations',
  'PATCH /crm-integrations/{id}',
  'GET /organizations',
  'POST /organizations',
  'PUT /organizations/{id}',
  'DELETE /organizations/{id}',
  'GET /beds',
  'GET /users',
  'POST /beds',
  'PUT /beds/{id}',
  'POST /beds/{id}/assign',
  'POST /beds/{id}/release',
  'GET /staff-hourly-rates',
  'POST /staff-hourly-rates',
  'GET /case-cost-summaries',
  'GET /case-cost-details/{caseId}',
  'GET /support-chats',
  'GET /user-presence/super-users',
  'GET /chat-messages/{chatId}',
  'POST /support-chats',
  'POST /chat-messages',
  // Issue 19: people, parties and search.
  'GET /people',
  'POST /people',
  'GET /people/matches',
  'GET /people/{id}',
  'PATCH /people/{id}',
  'POST /people/{id}/merge',
  'GET /people/{id}/access-report',
  'GET /patient-cases/{id}/parties',
  'POST /patient-cases/{id}/parties',
  'DELETE /patient-cases/{id}/parties/{partyId}',
  'GET /patient-cases/{id}/conflict-check',
  'POST /patient-cases/{id}/conflict-check',
  'GET /search',
  // Issue 20: litigation.
  'GET /deadlines/preview',
  'GET /deadlines/rules',
  // Court matter and hearings:
  'GET /patient-cases/{id}/court-matter',
  'PUT /patient-cases/{id}/court-matter',
  'GET /patient-cases/{id}/hearings',
  'POST /patient-cases/{id}/hearings',
  'PATCH /hearings/{id}',

  // Experts and the case's deadlines:
  'GET /patient-cases/{id}/experts',
  'POST /patient-cases/{id}/experts',
  'PATCH /experts/{id}',
  'GET /patient-cases/{id}/deadlines',
  'GET /deadlines/upcoming',
  'PATCH /deadlines/{id}', // issue 32: mark met / not applicable

  // Settlement log and checklists:
  'GET /patient-cases/{id}/settlement-events',
  'POST /patient-cases/{id}/settlement-events',
  'PATCH /settlement-events/{id}',
  'GET /settlements/figures',

  'GET /patient-cases/{id}/checklist',
  'PATCH /checklist-items/{id}',
  'GET /checklist-templates',
  'PUT /checklist-templates',
  'DELETE /checklist-templates/{id}',
  // Trial readiness and the dashboards:
  'GET /patient-cases/{id}/trial-readiness',

  // Issue 21 — the calendar and its .ics feed:
  'GET /appointments/conflicts',
  'GET /staff',
  'GET /calendar/feed',
  'POST /calendar/feed',
  'DELETE /calendar/feed',

  // Issue 21 — messages to people:

  // Issue 21 — notifications:
  'GET /notifications',
  'PATCH /notifications/{id}/read',
  'POST /notifications/read-all',
  'GET /notifications/email-preferences',
  'PUT /notifications/email-preferences',

  // Issue 22 — encounters and ICD-10 (POST /icd10/import is a multipart upload: icd10.test.ts):
  'GET /patient-cases/{id}/encounters',
  'POST /patient-cases/{id}/encounters',
  'POST /patient-cases/{id}/encounters/{encounterId}/amend',
  'GET /icd10',
  'GET /icd10/status',
  // (end of issue 22 — encounters and ICD-10)
  // Issue 22 — results and medications:
  'GET /patient-cases/{id}/results',
  'POST /patient-cases/{id}/results',
  'GET /vitals/latest',
  'GET /patient-cases/{id}/medications',
  'POST /patient-cases/{id}/medications',
  'PATCH /medications/{id}',
  // (end of issue 22 — results and medications)
  // Issue 22 — admissions and the ward census:
  'GET /admissions',
  'POST /admissions',
  'POST /admissions/{id}/transfer',
  'POST /admissions/{id}/discharge',
  'GET /wards/census',
  // (end of issue 22 — admissions and the ward census)
  // Issue 31 — the clinical episode:
  'GET /people/{id}/allergies',
  'POST /people/{id}/allergies',
  'POST /allergies/{id}/entered-in-error',
  'PUT /people/{id}/no-known-allergies',
  'GET /patient-cases/{id}/banner',
  'POST /medications/{id}/administrations',
  'GET /patient-cases/{id}/administrations',
  'POST /patient-cases/{id}/observations',
  'GET /patient-cases/{id}/observations',
  'POST /results/{id}/release',
  // Issue 22 — hospital records of a medicolegal case:
  'GET /patient-cases/{id}/hospital-records',
  // (end of issue 22 — hospital records of a medicolegal case)
  // Issue 32 — the conflict check at intake:
  'POST /conflict-checks',
  'GET /conflict-checks/{id}',
  'POST /conflict-checks/{id}/hits/{hitId}/resolve',
  // Issue 33 — code lists and charges (the list imports are multipart uploads: charges.test.ts):
  'GET /tariff-codes',
  'GET /nappi-codes',
  'GET /patient-cases/{id}/charges',
  'POST /patient-cases/{id}/charges',
  'POST /charges/{id}/void',
  'PATCH /charges/{id}',
  // Issue 33 — the practice's identity and a person's cover:
  'GET /billing/settings',
  'PUT /billing/settings',
  'PUT /users/{userId}/practitioner-number',
  'GET /people/{id}/cover',
  'PUT /people/{id}/cover',
  // Issue 32 — administrators without a mail server ({link, expiresAt} or {sent: true}):
  'POST /users/{userId}/password-reset',
  'POST /users/invitations',
  'POST /users/invitations/{id}/resend',
  // Issue 34 — the fee reports (GET /reports/aged-debtors: the medical accounts' on healthcare, the fee notes' on the legal platforms):
  'GET /reports/wip',
  'GET /reports/aged-debtors',
  'GET /reports/fees-by-fee-earner',
  'GET /fee-targets',
  'PUT /fee-targets/{userId}',
  'GET /fee-statements/{personId}',
  // Issue 34 — contingency-fee agreements:
  'PUT /patient-cases/{id}/contingency-agreement',
  'GET /patient-cases/{id}/contingency-agreement',
  'GET /patient-cases/{id}/contingency-fee',


];

/** CSV downloads: plain routes, not in the OpenAPI document (it describes JSON). */
const CSV_CALLS = ['GET /patient-cases/{caseId}/access-report/export', 'GET /people/{id}/access-report/export'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe.skipIf(testDialect() !== 'sqlite')('REST contract of SPEC §7.3', () => {
  it('documents every call in /api/openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const missing = SPEC_CALLS.filter((call) => !documented.has(call));
    expect(missing).toEqual([]);
  });

  it('routes every call to a procedure (signed out: 401 or a validation answer, never "no route")', async () => {
    for (const call of SPEC_CALLS) {
      const [method, path] = call.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = `/api${path.replace(/\{[^}]+\}/g, 'some-id')}`;
      const res = await t.app.inject({ method, url, headers: { origin: 'http://localhost' }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect.soft(res.statusCode, call).not.toBe(404);
      expect.soft(res.statusCode, call).toBeLessThan(500);
    }
  });

  it('routes the CSV downloads (signed out: 401)', async () => {
    for (const call of CSV_CALLS) {
      const url = `/api${call.split(' ')[1]!.replace(/\{[^}]+\}/g, 'some-id')}`;
      expect.soft((await t.app.inject({ method: 'GET', url })).statusCode, call).toBe(401);
    }
  });
});
