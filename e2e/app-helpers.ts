import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { TOTP_SECRET_LABEL } from '../src/server/demo-credentials';
import { TOTP_PERIOD_SECONDS } from '../src/shared/domain/two-factor';
import { currentStep, totpAt } from '../src/server/auth/totp';
import { dataDirOf } from './servers';

// Shared steps of the signed-in screen specs: a real sign-in against the seeded server, and entry
// into demo mode the way the role picker stores it (SPEC §3.9).

/** The seed's password for every demo account (playwright.config.ts sets DEMO_PASSWORD). */
export const PASSWORD = 'demo-pass-2026';

/** Where screenshot-only specs write their PNGs; unset in CI, so they skip. */
export const shots = process.env.SCREENSHOT_DIR;

/** The SQLite file of the e2e server this page talks to (one per server, see e2e/servers.ts). */
export function serverDatabaseFile(page: Page): string {
  return resolve(dataDirOf(Number(new URL(page.url()).port)), 'casebridge.sqlite');
}

/**
 * Signs in through the login form and waits for the dashboard (or the portal, for a Patient). The
 * seeded Super Admin must use two-factor sign-in: the code comes from the key the seed wrote to the
 * server's credentials file, as a person's authenticator app would show it.
 */
export async function signIn(page: Page, email: string, landing: string = '/dashboard'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (email === SUPER_ADMIN_EMAIL) {
    await page.getByLabel('Authentication code').fill(await nextTotpCode(page, seededTotpSecret(page)));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL(landing);
}

/**
 * Signed in as `email` without the form when this server already has a live session of that user:
 * the first call per server signs in through the form (and, for the Super Admin, the two-factor step,
 * whose codes are one per 30 s) and keeps the session's cookies beside the server's database; later
 * calls — in any spec file of that server — reuse them while the server still accepts them. For the
 * specs that walk screens, not the ones about signing in or whose trail must show a sign-in.
 */
export async function signInShared(page: Page, email: string, landing: string = '/dashboard'): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('signInShared needs the project baseURL');
  const file = resolve(dataDirOf(Number(new URL(baseURL).port)), `shared-session-${email}.json`);
  if (existsSync(file)) {
    await page.context().addCookies(JSON.parse(readFileSync(file, 'utf8')));
    if ((await page.request.get('/api/auth/user')).ok()) {
      await page.goto(landing);
      await expect(page).toHaveURL(landing);
      return;
    }
    await page.context().clearCookies();
  }
  await signIn(page, email, landing);
  writeFileSync(file, JSON.stringify(await page.context().cookies()));
}

export const SUPER_ADMIN_EMAIL = 'superadmin@casebridge.example';

/** The demo Super Admin's TOTP key, from the credentials file of the server this page talks to. */
export function seededTotpSecret(page: Page): string {
  const file = resolve(dataDirOf(Number(new URL(page.url()).port)), 'demo-credentials.txt');
  const line = readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith(TOTP_SECRET_LABEL));
  if (!line) throw new Error(`no two-factor key in ${file}`);
  return line.slice(TOTP_SECRET_LABEL.length).trim();
}

/**
 * The code an authenticator app would show. Each code signs in once (replay is refused), so the
 * last step used per key is kept in a file beside the server's database — spec files run in
 * different worker processes — and a sign-in within the same 30 s takes the next step's code, or
 * waits for it.
 */
export async function nextTotpCode(page: Page, secret: string): Promise<string> {
  const file = resolve(dataDirOf(Number(new URL(page.url()).port)), `totp-last-step-${secret.slice(0, 8)}`);
  const last = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
  // The previous step's code is accepted until the current window ends: used only while at least
  // 10 s of it are left, so a loaded machine's sign-in still reaches the server in time.
  const secondsLeft = (currentStep() + 1) * TOTP_PERIOD_SECONDS - Date.now() / 1000;
  let step = Math.max(secondsLeft > 10 ? currentStep() - 1 : currentStep(), last + 1);
  if (step > currentStep() + 1) {
    await page.waitForTimeout((step - 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now() + 100);
    step = Math.max(currentStep() - 1, last + 1);
  }
  writeFileSync(file, String(step));
  return totpAt(secret, step);
}

export interface DemoIdentity {
  userId: string;
  role: string;
  name: string;
  platform: 'healthcare' | 'legal' | 'medicolegal';
  isSuperAdmin?: boolean;
}

/** Demo identities the specs use, as the role picker would store them. */
export const DEMO = {
  administrator: { userId: 'hospital_administrator', role: 'Administrator', name: 'Johan Botha', platform: 'healthcare' },
  doctor: { userId: 'attending_physician', role: 'Doctor', name: 'Dr Pieter van der Merwe', platform: 'healthcare' },
  nurse: { userId: 'registered_nurse', role: 'Nurse', name: 'Nomvula Dlamini', platform: 'healthcare' },
  superAdmin: { userId: 'superadmin1', role: 'Super Admin', name: 'System Administrator', platform: 'healthcare', isSuperAdmin: true },
  managingPartner: { userId: 'managing_partner', role: 'Director', name: 'Grace Naidoo', platform: 'legal' },
  patient: { userId: 'patient1', role: 'Patient', name: 'Thabo Mabaso', platform: 'healthcare' },
  unitAdministrator: { userId: 'ml-administrator', role: 'Administrator', name: 'Refilwe Masilela', platform: 'medicolegal' },
  unitAttorney: { userId: 'medical_malpractice_attorney', role: 'Attorneys', name: 'Priya Govender', platform: 'medicolegal' },
} satisfies Record<string, DemoIdentity>;

/** Stores a demo identity (SPEC §3.9) from a public page, then loads `then` (default /). */
export async function enterDemo(page: Page, identity: DemoIdentity, then: string = '/'): Promise<void> {
  await page.goto('/login');
  await page.evaluate((id) => {
    localStorage.setItem('demo_user_id', id.userId);
    localStorage.setItem('demo_user_role', id.role);
    localStorage.setItem('demo_user_name', id.name);
    localStorage.setItem('demo_is_super_admin', id.isSuperAdmin ? 'true' : 'false');
    localStorage.setItem('demo_platform', id.platform);
    localStorage.setItem('demo_case_terminology', id.platform === 'healthcare' ? 'patient' : 'client');
  }, identity);
  await page.goto(then);
}

/** The calls the page makes to our server's API (`METHOD /path`): a demo-mode walk expects none. */
export function serverCallsOf(page: Page, baseURL: string): string[] {
  const origin = new URL(baseURL).origin;
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && /^\/(trpc|api)\//.test(url.pathname)) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}
