import { expect, test } from '@playwright/test';
import { DEMO_ORGANIZATIONS, emailOf } from '../db/seed/demo-organizations';
import type { TPlatform } from '../src/shared/platform';
import { SUPER_ADMIN_EMAIL, signInShared } from './app-helpers';
import { watchCspViolations } from './csp-violations';
import { dashboardVariantOf } from '../src/shared/dashboard-variants';
import { FULL_TIER } from './tier';
import { walkLinks } from './role-walk';

// Signs in as one seeded member of every role of the platforms' demo organisations and walks every
// link they are offered (e2e/role-walk.ts). On the way nothing may break the Content-Security-Policy.

/**
 * One seeded member per role of each organisation on the platforms, in the seed's order (the
 * Administrator first). The every-change tier keeps the first role of each dashboard variant; the
 * full tier walks every role.
 */
function membersToWalk(platforms: readonly TPlatform[]): Array<{ platform: TPlatform; role: string; email: string }> {
  return DEMO_ORGANIZATIONS.filter((org) => platforms.includes(org.platform)).flatMap((org) => {
    const seen = new Set<string>();
    // A Patient's portal is its own set of screens, whatever its dashboard variant says.
    const keyOf = (role: string) => (FULL_TIER || role === 'Patient' ? role : dashboardVariantOf({ role }, org.platform));
    return org.people
      .filter((person) => !seen.has(keyOf(person.role)) && seen.add(keyOf(person.role)))
      .map((person) => ({ platform: org.platform, role: person.role, email: emailOf(org, person) }));
  });
}

export function walkEverySignedInRole(platforms: readonly TPlatform[], withSuperAdmin: boolean): void {
  // The first role of a platform (its Administrator) scans every screen with axe and at phone width;
  // on this 2-core machine that walk takes 15–45 s.
  test.describe.configure({ timeout: 60_000 });
  const scanned = new Set<string>();
  const walks: Array<{ label: string; group: string; email: string; landing: string }> = membersToWalk(platforms).map((m) => ({ label: `${m.platform} ${m.role}`, group: m.platform as string, email: m.email, landing: m.role === 'Patient' ? '/' : '/dashboard' }));
  if (withSuperAdmin) walks.push({ label: 'Super Admin', group: 'platform', email: SUPER_ADMIN_EMAIL, landing: '/dashboard' });

  for (const walk of walks) {
    test(`signed in, ${walk.label}: every link opens a working screen`, async ({ page }) => {
      const violations = watchCspViolations(page);
      // The sign-in form has its own specs; the walk reuses one session per user and server.
      await signInShared(page, walk.email, walk.landing);
      const { links, problems } = await walkLinks(page, walk.label, walk.group, scanned);
      // Everyone but a Patient is offered a sidebar of several screens.
      expect(links.length).toBeGreaterThan(walk.landing === '/' ? 0 : 3);
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
    });
  }
}
