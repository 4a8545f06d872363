import { afterEach, describe, expect, it } from 'vitest';
import { ZInvitation, ZInvitationSent, ZSeatUsage, type TInvitation } from '../../../shared/domain/users';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { clearDemoOverlay } from '../overlay';
import { DEMO_INVITATION_LINK_REFUSAL, DEMO_MEMBER_REFUSAL } from './users';

// Demo /users: an Administrator's invitations work inside the session; member changes and
// invitation links are refused with a reason; other roles are refused as on the server.

const ADMIN: DemoIdentity = { userId: 'hospital_administrator', role: 'Administrator', name: 'Johan Botha', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient' };
const NURSE: DemoIdentity = { ...ADMIN, userId: 'registered_nurse', role: 'Nurse', name: 'Anele Mthembu' };

afterEach(() => clearDemoOverlay());

const list = () => answer('users.invitations', undefined, ADMIN) as TInvitation[];

describe('demo users', () => {
  it('invites, lists, resends and revokes within the session', () => {
    expect(ZSeatUsage.parse(answer('users.seats', undefined, ADMIN))).toMatchObject({ maxUsers: null });
    const sent = ZInvitationSent.parse(answer('users.invite', { email: 'Thandi@Example.org', role: 'Doctor' }, ADMIN));
    expect(sent.invitation).toMatchObject({ email: 'thandi@example.org', state: 'pending', invitedByName: 'Johan Botha' });
    expect(list().map((i) => ZInvitation.parse(i).email)).toContain('thandi@example.org');
    expect(() => answer('users.invite', { email: 'thandi@example.org', role: 'Doctor' }, ADMIN)).toThrow(/pending invitation/);

    expect(answer('users.resendInvitation', { id: 'demo-invitation-expired' }, ADMIN)).toMatchObject({ invitation: { state: 'pending' } });
    expect(answer('users.revokeInvitation', { id: sent.invitation.id }, ADMIN)).toMatchObject({ state: 'revoked' });
    expect(list().find((i) => i.id === sent.invitation.id)?.state).toBe('revoked');
  });

  it('refuses member changes and invitation links with a reason, and other roles as the server does', () => {
    expect(() => answer('users.deactivate', { userId: 'registered_nurse' }, ADMIN)).toThrow(DEMO_MEMBER_REFUSAL);
    expect(() => answer('users.changeRole', { userId: 'registered_nurse', role: 'Doctor' }, ADMIN)).toThrow(DEMO_MEMBER_REFUSAL);
    expect(() => answer('invitations.preview', { token: 'a'.repeat(32) }, NURSE)).toThrow(DEMO_INVITATION_LINK_REFUSAL);
    expect(() => answer('users.invitations', undefined, NURSE)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
