import { PLATFORMS, type TPlatform } from '../../shared/platform';

// The demo identity kept in localStorage (SPEC §3.9). While `demo_user_id` is stored the app runs
// in demo mode: the tRPC client answers from fixtures in the browser and makes no network request
// (SPEC §7.1). Reading is synchronous so routes and the tRPC client can decide at start-up.

export const DEMO_KEYS = {
  selectedPlatform: 'selected_platform',
  userId: 'demo_user_id',
  role: 'demo_user_role',
  name: 'demo_user_name',
  isSuperAdmin: 'demo_is_super_admin',
  platform: 'demo_platform',
  caseTerminology: 'demo_case_terminology',
  /** SPEC §3.9; holds only a signed-in marker, never the session token (lib/signed-in-marker.ts). */
  authToken: 'auth_token',
} as const;

export interface DemoIdentity {
  userId: string;
  role: string;
  name: string;
  isSuperAdmin: boolean;
  platform: TPlatform;
  caseTerminology: 'patient' | 'client';
}

const isPlatform = (value: string | null): value is TPlatform => !!value && (PLATFORMS as readonly string[]).includes(value);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: behave as no demo
  }
}

/** The stored demo identity, or null outside demo mode. */
export function readDemoIdentity(): DemoIdentity | null {
  const store = storage();
  const userId = store?.getItem(DEMO_KEYS.userId);
  if (!store || !userId) return null;
  const platform = store.getItem(DEMO_KEYS.platform);
  const resolved: TPlatform = isPlatform(platform) ? platform : 'healthcare';
  return {
    userId,
    role: store.getItem(DEMO_KEYS.role) ?? 'Support Staff',
    name: store.getItem(DEMO_KEYS.name) ?? 'Demo User',
    // SPEC §6: the demo flag or the demo id superadmin1 make a Super Admin.
    isSuperAdmin: store.getItem(DEMO_KEYS.isSuperAdmin) === 'true' || userId === 'superadmin1',
    platform: resolved,
    caseTerminology: resolved === 'healthcare' ? 'patient' : 'client',
  };
}

export function isDemoSession(): boolean {
  return readDemoIdentity() !== null;
}

export function storeDemoIdentity(identity: Omit<DemoIdentity, 'caseTerminology'>): void {
  const store = storage();
  if (!store) return;
  store.setItem(DEMO_KEYS.userId, identity.userId);
  store.setItem(DEMO_KEYS.role, identity.role);
  store.setItem(DEMO_KEYS.name, identity.name);
  store.setItem(DEMO_KEYS.isSuperAdmin, identity.isSuperAdmin ? 'true' : 'false');
  store.setItem(DEMO_KEYS.platform, identity.platform);
  store.setItem(DEMO_KEYS.caseTerminology, identity.platform === 'healthcare' ? 'patient' : 'client');
}

/** Leaves demo mode (SPEC §4: demo sign out clears the stored demo data). */
export function clearDemoIdentity(): void {
  const store = storage();
  if (!store) return;
  for (const key of [DEMO_KEYS.userId, DEMO_KEYS.role, DEMO_KEYS.name, DEMO_KEYS.isSuperAdmin, DEMO_KEYS.platform, DEMO_KEYS.caseTerminology]) {
    store.removeItem(key);
  }
  // The demo's writes live in sessionStorage (src/client/demo/overlay.ts); leaving the demo drops them.
  try {
    const session = window.sessionStorage;
    for (const key of Object.keys(session)) if (key.startsWith(DEMO_OVERLAY_PREFIX)) session.removeItem(key);
  } catch {
    // storage refused: nothing was kept there
  }
}

export const DEMO_OVERLAY_PREFIX = 'demo_overlay:';

/** SPEC §4 / §2.5: stored demo platform, else the ?platform= parameter, else the selected one, else healthcare. */
export function platformChoice(queryPlatform?: string | null): TPlatform {
  const store = storage();
  const demo = store?.getItem(DEMO_KEYS.platform) ?? null;
  if (isPlatform(demo)) return demo;
  if (isPlatform(queryPlatform ?? null)) return queryPlatform as TPlatform;
  const selected = store?.getItem(DEMO_KEYS.selectedPlatform) ?? null;
  return isPlatform(selected) ? selected : 'healthcare';
}
