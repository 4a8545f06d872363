import { afterEach, describe, expect, it } from 'vitest';
import type { TAccountProfile, TAccountSession } from '../../../shared/domain/account';
import type { TWorkspace } from '../../../shared/domain/dashboard';
import type { TTasks } from '../../../shared/domain/tasks';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { clearDemoOverlay } from '../overlay';

// Demo /tasks and /settings: the task lists agree with the dashboard's counts, as on the server,
// and the settings writes are refused with a reason instead of pretending to work.

const identity = (userId: string, role: string, name: string, extra: Partial<DemoIdentity> = {}): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient', ...extra,
});
const DOCTOR = identity('attending_physician', 'Doctor', 'Dr Pieter van der Merwe');
const NURSE = identity('registered_nurse', 'Nurse', 'Anele Mthembu');
const DIRECTOR = identity('managing_partner', 'Director', 'Grace Naidoo', { platform: 'legal', caseTerminology: 'client' });
const SUPER = identity('superadmin1', 'Super Admin', 'System Administrator', { isSuperAdmin: true });

afterEach(() => clearDemoOverlay());

describe('demo dashboard.tasks', () => {
  it('lists exactly what the workspace counts', () => {
    for (const who of [DOCTOR, NURSE, DIRECTOR]) {
      const tasks = answer('dashboard.tasks', undefined, who) as TTasks;
      const { tasks: counts } = answer('dashboard.workspace', undefined, who) as TWorkspace;
      expect({
        assignedCases: tasks.assignedCases.total,
        appointmentsToday: tasks.appointmentsToday.total,
        unreadMessages: tasks.unreadMessages.total,
        openSupportChats: tasks.openSupportChats.total,
        openTasks: tasks.openTasks.total,
        overdueTasks: tasks.openTasks.items.filter((t) => t.overdue).length,
      }).toEqual(counts);
    }
    expect((answer('dashboard.tasks', undefined, DOCTOR) as TTasks).assignedCases.total).toBeGreaterThan(0);
  });
});

describe('demo account', () => {
  it("answers the demo identity's profile and one current session", () => {
    expect(answer('account.profile', undefined, NURSE)).toMatchObject({ firstName: 'Anele', lastName: 'Mthembu', role: 'Nurse', isSuperAdmin: false });
    expect((answer('account.profile', undefined, SUPER) as TAccountProfile).organization).toBeNull();
    const sessions = answer('account.sessions', undefined, NURSE) as TAccountSession[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
  });

  it('refuses the writes with a reason, after the same input validation', () => {
    expect(() => answer('account.updateProfile', { firstName: 'A', lastName: 'B' }, NURSE)).toThrow('Settings cannot be changed in demo mode.');
    expect(() => answer('account.changePassword', { currentPassword: 'x', newPassword: 'short' }, NURSE)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
    expect(() => answer('account.endSession', { id: 'demo-session' }, NURSE)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
