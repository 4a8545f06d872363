import { expect, test } from '@playwright/test';
import { DEMO_ROLES } from '../src/shared/demo-roles';
import { PLATFORMS, type TPlatform } from '../src/shared/platform';
import { dashboardVariantOf } from '../src/shared/dashboard-variants';
import { DEMO, enterDemo } from './app-helpers';
import { watchCspViolations } from './csp-violations';
import { walkLinks } from './role-walk';
import { FULL_TIER } from './tier';

// Issue 17: in demo mode on every platform, the role cards open every link they are offered
// (e2e/role-walk.ts), and so do the demo Super Admin and Patient. The signed-in walks scan every
// screen with axe, so the demo walks (same screens, fixture data) skip the scan to keep the suite's time.

test.describe.configure({ timeout: 60_000 }); // every screen of a role, with the calendar the largest

const scanned = new Set<string>();
const screensOf = (role: string, platform: TPlatform) => {
  const holder = { role };
  return dashboardVariantOf(holder, platform);
};
const cards = PLATFORMS.flatMap((platform) =>
  DEMO_ROLES[platform]
    .filter((card, index, all) => all.findIndex((other) => screensOf(other.productRole, platform) === screensOf(card.productRole, platform)) === index)
    .map((card) => ({ platform, card })));
// The every-change tier walks each platform's first card and the two below; the full tier one card
// per dashboard of each platform (decision 0046).
const walks = [
  ...cards.filter(({ platform }, index) => FULL_TIER || cards.findIndex((other) => other.platform === platform) === index).map(({ platform, card }) => ({ label: `demo ${platform} ${card.productRole}`, identity: { userId: card.id, role: card.productRole, name: card.personName, platform } })),
  { label: 'demo Super Admin', identity: DEMO.superAdmin },
  { label: 'demo Patient', identity: DEMO.patient },
];

for (const walk of walks) {
  test(`${walk.label}: every link opens a working screen`, async ({ page }) => {
    const violations = watchCspViolations(page);
    await enterDemo(page, walk.identity, '/');
    const { links, problems } = await walkLinks(page, walk.label, `demo ${walk.identity.platform}`, scanned, { axe: false });
    expect(links.length).toBeGreaterThan(walk.identity.role === 'Patient' ? 0 : 3);
    expect(problems).toEqual([]);
    expect(violations).toEqual([]);
  });
}
