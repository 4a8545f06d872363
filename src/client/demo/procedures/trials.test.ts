import { afterEach, describe, expect, it } from 'vitest';
import { ZOutboxPage, ZSystemOverview } from '../../../shared/domain/system-settings';
import { ZContactRequest, ZContactRequestList } from '../../../shared/domain/contact-requests';
import { ZApproveTrialResult, ZRejectTrialResult, ZTrialRequestList } from '../../../shared/domain/trial-review';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { clearDemoOverlay } from '../overlay';

// Demo /trial-signups and /system-settings: answers of the server's shapes, and decisions that
// stick for the session (the approved organisation shows on /organizations, its e-mail in the outbox).

const SUPER: DemoIdentity = { userId: 'superadmin1', role: 'Super Admin', name: 'Lindiwe Mahlaba', isSuperAdmin: true, platform: 'healthcare', caseTerminology: 'patient' };
const ADMIN: DemoIdentity = { userId: 'hospital_administrator', role: 'Administrator', name: 'Johan Botha', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient' };

afterEach(() => clearDemoOverlay());

describe('demo trial review', () => {
  it('lists requests of every state with counts', () => {
    const all = ZTrialRequestList.parse(answer('platform.trialRequests', undefined, SUPER));
    expect(all.counts).toEqual({ pending: 4, approved: 1, rejected: 1 });
    const pending = ZTrialRequestList.parse(answer('platform.trialRequests', { status: 'pending' }, SUPER));
    expect(pending.requests.map((r) => r.organizationName)).toEqual(['Karoo Family Clinic', 'Polokwane Care Centre', 'Ndlovu & Partners Attorneys', 'Berea Physiotherapy Practice']);
  });

  it('approves once: the organisation appears, the invitation waits in the outbox', () => {
    const result = ZApproveTrialResult.parse(answer('platform.approveTrial', { id: 'trial-karoo' }, SUPER));
    expect(result).toMatchObject({ request: { status: 'approved', reviewerName: 'Lindiwe Mahlaba' }, organization: { name: 'Karoo Family Clinic', maxUsers: 10 }, mail: { status: 'stored' } });
    expect(() => answer('platform.approveTrial', { id: 'trial-karoo' }, SUPER)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    const organizations = answer('organizations.list', undefined, SUPER) as { name: string; plan: string }[];
    expect(organizations.find((o) => o.name === 'Karoo Family Clinic')).toMatchObject({ plan: 'trial' });
    const outbox = ZOutboxPage.parse(answer('platform.outbox', undefined, SUPER));
    expect(outbox.items[0]).toMatchObject({ toAddress: 'anna@karoo-clinic.example', kind: 'invitation', status: 'stored' });
    expect(outbox.items[0]!.body).toContain('/accept-invitation?token=');
    const overview = ZSystemOverview.parse(answer('platform.systemOverview', undefined, SUPER));
    expect(overview.organizations.find((o) => o.name === 'Karoo Family Clinic')).toMatchObject({ trial: { state: 'trial', daysLeft: 30 }, maxUsers: 10 });
  });

  it('rejects with the reason, and refuses an empty one', () => {
    expect(() => answer('platform.rejectTrial', { id: 'trial-berea', reason: ' ' }, SUPER)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
    const result = ZRejectTrialResult.parse(answer('platform.rejectTrial', { id: 'trial-berea', reason: 'Please apply with your practice number.' }, SUPER));
    expect(result.request).toMatchObject({ status: 'rejected', rejectionReason: 'Please apply with your practice number.' });
    const counts = ZTrialRequestList.parse(answer('platform.trialRequests', undefined, SUPER)).counts;
    expect(counts).toEqual({ pending: 3, approved: 1, rejected: 2 });
  });

  it("creates the organisation on the request's platform: a law firm on legal (issue 17)", () => {
    const result = ZApproveTrialResult.parse(answer('platform.approveTrial', { id: 'trial-ndlovu' }, SUPER));
    expect(result.request).toMatchObject({ platform: 'legal', organizationType: 'Law Firm', status: 'approved' });
    const organizations = answer('organizations.list', undefined, SUPER) as { name: string; platform: string; type: string }[];
    expect(organizations.find((o) => o.name === 'Ndlovu & Partners Attorneys')).toMatchObject({ platform: 'legal', type: 'Law Firm' });
  });

  it('lists contact requests by status and changes a status for the session', () => {
    const all = ZContactRequestList.parse(answer('platform.contactRequests', undefined, SUPER));
    expect(all.counts).toEqual({ new: 1, in_progress: 1, closed: 1 });
    const updated = ZContactRequest.parse(answer('platform.updateContactRequest', { id: 'contact-mbombela', status: 'in_progress' }, SUPER));
    expect(updated).toMatchObject({ status: 'in_progress', statusChangedBy: 'Lindiwe Mahlaba' });
    expect(ZContactRequestList.parse(answer('platform.contactRequests', { status: 'in_progress' }, SUPER)).requests.map((r) => r.id)).toEqual(['contact-mbombela', 'contact-naidoo-khan']);
    expect(() => answer('platform.contactRequests', undefined, ADMIN)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('is for the Super Admin only', () => {
    expect(() => answer('platform.trialRequests', undefined, ADMIN)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => answer('platform.systemOverview', undefined, ADMIN)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
