import { describe, expect, it } from 'vitest';
import type { TNotificationList } from '../../../shared/domain/notifications';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { useFixedDemoClock } from '../fixed-demo-clock';
import { clearDemoOverlay } from '../overlay';

// The demo bell (issue 21): fixtures per platform, newest first; reading one and reading all show
// up in the session; the e-mail choice is kept; another identity starts afresh.

const who = (userId: string, role: string, platform: DemoIdentity['platform']): DemoIdentity => ({
  userId, role, name: 'Demo Person', isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const DOCTOR = who('attending_physician', 'Doctor', 'healthcare');
const ATTORNEY = who('attorney', 'Attorneys', 'legal');
const PATIENT = who('patient1', 'Patient', 'healthcare');
const list = (identity: DemoIdentity) => answer('notifications.list', undefined, identity) as TNotificationList;

useFixedDemoClock();

describe('demo notifications', () => {
  it('answers each platform\'s bell newest first, with its unread count, linking to that platform\'s case page', () => {
    clearDemoOverlay();
    const bell = list(ATTORNEY);
    expect(bell.items.map((n) => n.kind)).toEqual(['case.assigned', 'task.due', 'appointment.moved']);
    expect(bell.unread).toBe(2);
    expect(bell.items[0]!.href).toBe('/clients/lg-case-01?tab=team');
    expect(list(PATIENT).items.map((n) => [n.kind, n.href])).toEqual([['appointment.moved', '/']]);
  });

  it('keeps read and read-all in the session', () => {
    clearDemoOverlay();
    expect(answer('notifications.markRead', { id: 'hc-notification-1' }, DOCTOR)).toMatchObject({ id: 'hc-notification-1', isRead: true });
    expect(list(DOCTOR).unread).toBe(1);
    expect(() => answer('notifications.markRead', { id: 'hc-notification-99' }, DOCTOR)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(answer('notifications.readAll', undefined, DOCTOR)).toEqual({ unread: 0, marked: 1 });
    const after = list(DOCTOR);
    expect(after.unread).toBe(0);
    expect(after.items.filter((n) => !n.isRead)).toEqual([]);
    expect(after.items).toHaveLength(3);
  });

  it('keeps the e-mail choice in catalogue order, and refuses an unknown kind naming kinds', () => {
    clearDemoOverlay();
    expect(answer('notifications.emailPreferences', undefined, DOCTOR)).toEqual({ kinds: [] });
    expect(answer('notifications.setEmailPreferences', { kinds: ['deadline.soon', 'case.assigned'] }, DOCTOR)).toEqual({ kinds: ['case.assigned', 'deadline.soon'] });
    expect(answer('notifications.emailPreferences', undefined, DOCTOR)).toEqual({ kinds: ['case.assigned', 'deadline.soon'] });
    expect(() => answer('notifications.setEmailPreferences', { kinds: ['weather'] }, DOCTOR)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', fields: expect.objectContaining({ 'kinds.0': expect.any(String) }) }),
    );
  });
});
