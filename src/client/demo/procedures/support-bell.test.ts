import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSupportBell } from '../../../shared/domain/support';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { clearDemoOverlay } from '../overlay';

// The demo's Super Admin bell (SPEC §2.10) behaves as the server's: lists capped, badge cleared by
// opening, and counting again the Open chats created afterwards.

const SUPER: DemoIdentity = { userId: 'superadmin1', role: 'Super Admin', name: 'Lindiwe Mahlaba', isSuperAdmin: true, platform: 'healthcare', caseTerminology: 'patient' };
const NURSE: DemoIdentity = { userId: 'registered_nurse', role: 'Nurse', name: 'Anele Mthembu', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient' };

afterEach(() => clearDemoOverlay());

describe('demo support bell', () => {
  it('caps the lists, clears the badge on opening, and counts a chat created afterwards', async () => {
    const before = answer('support.bell', undefined, SUPER) as TSupportBell;
    expect(before.urgent.length).toBeLessThanOrEqual(3);
    expect(before.recent.length).toBeLessThanOrEqual(5);
    expect(before.urgent.every((c) => c.priority === 'Urgent' || c.priority === 'High')).toBe(true);
    expect(before.unseen).toBeGreaterThan(0);

    answer('support.openBell', undefined, SUPER);
    expect((answer('support.bell', undefined, SUPER) as TSupportBell).unseen).toBe(0);

    // A chat created after the opening counts (a moment later; no sleep on the wall clock).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5);
    answer('support.createChat', { title: 'Fresh one', category: 'Technical', priority: 'Urgent' }, SUPER);
    const after = answer('support.bell', undefined, SUPER) as TSupportBell;
    expect(after.unseen).toBe(1);
    expect(after.urgent[0]?.title).toBe('Fresh one');
    vi.useRealTimers();
  });

  it('is refused to anyone but a Super Admin', () => {
    expect(() => answer('support.bell', undefined, NURSE)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
