import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../../shared/calendar';
import type { TClaimBatch } from '../../../shared/domain/account-wire';
import { createCase } from '../../test-support/case-file-factories';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn, startTestApp } from '../../test-support/test-app';

// Claims through an HTTP switch (CLAIM_SWITCH_URL; issue 33). A fake switch — a real HTTP server in
// the test — accepts most lines, rejects the ones it is told to with a reason, and can refuse a batch
// outright; the practice then sees each line accepted or rejected with the reason, or the batch
// marked not delivered with its lines back to draft, to be claimed again.

let t: TestApp;
let switchServer: Server;
let received: TClaimBatch[] = [];
let switchDown = false;
let cookie: string;
let caseId: string;
let chargeIds: string[] = [];
const today = dayKey();

beforeAll(async () => {
  switchServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (switchDown) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Switch maintenance');
        return;
      }
      const batch = JSON.parse(body) as TClaimBatch;
      received.push(batch);
      const lines = batch.accounts.flatMap((a) => a.lines).map((l) =>
        l.code === '0191' ? { lineId: l.lineId, status: 'rejected', reason: '04 Membership suspended' } : { lineId: l.lineId, status: 'accepted' },
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reference: `SW-${batch.claimNumber}`, lines }));
    });
  });
  await new Promise<void>((resolve) => switchServer.listen(0, '127.0.0.1', resolve));
  const { port } = switchServer.address() as AddressInfo;
  t = await startTestApp({ CLAIM_SWITCH_URL: `http://127.0.0.1:${port}/claims` });
  const org = await createOrganization(t.db, 'Switch Practice');
  const manager = await createUser(t.db, { organizationId: org, role: 'Case Manager' });
  const admin = await createUser(t.db, { organizationId: org, role: 'Administrator' });
  const doctor = await createUser(t.db, { organizationId: org, role: 'Doctor' });
  cookie = await signIn(t.app, manager.email);
  const adminCookie = await signIn(t.app, admin.email);
  const doctorCookie = await signIn(t.app, doctor.email);
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie: adminCookie, origin: ORIGIN }, payload });
  await put('/api/billing/settings', { practiceNumber: '1234567' });
  await put(`/api/users/${doctor.id}/practitioner-number`, { practitionerNumber: '2345678' });
  const person = (await t.app.inject({ method: 'POST', url: '/api/people', headers: { cookie: adminCookie, origin: ORIGIN }, payload: { firstName: 'Nomsa', lastName: 'Zulu' } })).json().id;
  await put(`/api/people/${person}/cover`, { kind: 'medical-aid', scheme: 'Bonitas', membershipNumber: 'BN998877', dependantCode: '00' });
  caseId = await createCase(t.db, org, { patient_name: 'Nomsa Zulu', person_id: person });
  const charge = async (code: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/patient-cases/${caseId}/charges`, headers: { cookie: doctorCookie, origin: ORIGIN }, payload: { serviceDate: today, tariffCode: code, quantity: 1, icd10Codes: ['J06.9'] } })).json().id as string;
  chargeIds = [await charge('0190'), await charge('0191')];
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => switchServer.close(() => resolve()));
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload });

describe('claiming through an HTTP switch', () => {
  let accountId: string;

  it('marks the batch not delivered when the switch refuses it, and puts its lines back to draft', async () => {
    accountId = (await post(`/api/patient-cases/${caseId}/accounts`, { chargeIds })).json().id;
    switchDown = true;
    const res = await post('/api/claims', { accountIds: [accountId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', transport: 'http', failure: expect.stringMatching(/HTTP 503/) });
    const account = (await t.app.inject({ method: 'GET', url: `/api/accounts/${accountId}`, headers: { cookie } })).json();
    expect(account.lines.map((l: { status: string }) => l.status)).toEqual(['draft', 'draft']);
    switchDown = false;
  });

  it('records what the switch answered per line: accepted, or rejected with its reason', async () => {
    received = [];
    const res = await post('/api/claims', { accountIds: [accountId] });
    expect(res.statusCode, res.body).toBe(200);
    const claim = res.json();
    expect(claim).toMatchObject({ status: 'partly-rejected', switchReference: `SW-${claim.number}` });
    expect(claim.lines.map((l: { status: string; statusReason: string | null }) => [l.status, l.statusReason])).toEqual([
      ['accepted', null],
      ['rejected', '04 Membership suspended'],
    ]);
    expect(received).toHaveLength(1);
    expect(received[0]!.accounts[0]!.member).toMatchObject({ scheme: 'Bonitas', membershipNumber: 'BN998877' });
    expect(received[0]!.practice.practiceNumber).toBe('1234567');
  });
});
