import { describe, expect, it } from 'vitest';
import { ORGANIZATION_ROLES, can, navigationFor } from './roles';
import { PLATFORMS } from './platform';

// Issue 32: the sidebar's Administration section and Tasks, read from the one matrix.

const administration = (role: string, platform: (typeof PLATFORMS)[number] = 'healthcare') =>
  navigationFor({ role }, platform).filter((item) => item.section === 'Administration').map((item) => item.label);

describe('navigationFor', () => {
  it("groups the Administrator's administration screens under Administration, last", () => {
    for (const platform of PLATFORMS) {
      const items = navigationFor({ role: 'Administrator' }, platform);
      expect(items.slice(-4)).toEqual([
        { to: '/users', label: 'Users', section: 'Administration' },
        { to: '/audit', label: 'Audit Trail', section: 'Administration' },
        { to: '/billing', label: 'Billing', section: 'Administration' },
        { to: '/retention', label: 'Record Retention', section: 'Administration' },
      ]);
    }
  });

  it('shows a role only the administration screens it can open', () => {
    expect(administration('Finance Staff', 'legal')).toEqual(['Billing']);
    expect(administration('Director', 'legal')).toEqual([]);
    expect(administration('Doctor')).toEqual([]);
    for (const role of ORGANIZATION_ROLES) {
      const labels = administration(role);
      expect(labels.includes('Users'), role).toBe(can({ role }, 'users.manage'));
      expect(labels.includes('Audit Trail'), role).toBe(can({ role }, 'audit.view'));
      expect(labels.includes('Billing'), role).toBe(can({ role }, 'billing.view'));
      expect(labels.includes('Record Retention'), role).toBe(can({ role }, 'retention.manage'));
    }
  });

  it('links Tasks for every role with a dashboard (the /tasks screen reads dashboard.tasks), right after it', () => {
    for (const role of ORGANIZATION_ROLES) {
      const items = navigationFor({ role }, 'healthcare');
      const hasTasks = items.some((item) => item.to === '/tasks');
      expect(hasTasks, role).toBe(can({ role }, 'dashboard.view'));
      if (hasTasks) expect(items.slice(0, 2).map((i) => i.label), role).toEqual(['Dashboard', 'Tasks']);
    }
    expect(navigationFor({ role: 'Patient' }, 'healthcare')).toEqual([{ to: '/', label: 'Patient Portal' }]);
    expect(navigationFor({ role: 'Kitchen Worker' }, 'healthcare').map((i) => i.label)).toContain('Tasks');
  });

  it('keeps the Super Admin’s own workspace without an Administration section', () => {
    expect(navigationFor({ role: null, isSuperAdmin: true }, 'healthcare').filter((i) => i.section)).toEqual([]);
  });
});
