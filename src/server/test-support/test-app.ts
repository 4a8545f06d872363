import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { TPlatform } from '../../shared/platform';
import { buildApp } from '../app';
import { TOTP_PERIOD_SECONDS } from '../../shared/domain/two-factor';
import { hashPassword } from '../auth/password';
import { currentStep, totpAt } from '../auth/totp';
import { type Config, testConfig } from '../config';
import { type TestDatabase, openTestDatabase } from './test-database';

// A real app over a real database for one test file, driven through HTTP with app.inject().

export const ORIGIN = 'http://localhost';
export const PASSWORD = 'correct horse battery';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Parameters<typeof testConfig>[0] = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig({ CLIENT_DIST: '/nonexistent', ...overrides });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

let passwordHash: Promise<string> | undefined;

export async function createOrganization(db: Kysely<DB>, name: string, platform: TPlatform = 'healthcare') {
  const now = nowIso();
  const id = randomUUID();
  await db
    .insertInto('organizations')
    .values({ id, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 6)}`, name, platform, type: 'Hospital', address: null, city: 'Durban', province: 'KwaZulu-Natal', postal_code: null, phone: null, email: null, registration_number: null, trial_ends_at: null, max_users: null, created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function createUser(
  db: Kysely<DB>,
  options: { email?: string; organizationId?: string; role?: string; superAdmin?: boolean; firstName?: string },
) {
  passwordHash ??= hashPassword(PASSWORD);
  const now = nowIso();
  const id = randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@test.example`;
  await db
    .insertInto('users')
    .values({ id, email, password_hash: await passwordHash, first_name: options.firstName ?? 'Thandi', last_name: 'Nkosi', department: null, profile_image_url: null, is_super_admin: options.superAdmin ? 1 : 0, last_seen_at: null, created_at: now, updated_at: now })
    .execute();
  if (options.organizationId) {
    await db
      .insertInto('memberships')
      .values({ id: randomUUID(), organization_id: options.organizationId, user_id: id, role: options.role ?? 'Administrator', created_at: now, updated_at: now })
      .execute();
  }
  return { id, email };
}

/**
 * Signs in through POST /api/auth/login and returns the Cookie header to send afterwards. When the
 * account must use two-factor sign-in (a Super Admin; an organisation that requires it) it takes the
 * second step as a person with an authenticator app would: enrols on first sign-in, then answers codes.
 */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email, password } });
  const body = res.json() as { twoFactor?: 'verify' | 'enrol'; challenge?: string };
  const second = body.twoFactor === 'enrol' ? await enrolDuringSignIn(app, email, body.challenge!) : body.twoFactor === 'verify' ? await answerCode(app, email, body.challenge!) : res;
  const cookie = sessionCookieOf(second);
  if (second.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${second.statusCode} ${second.body}`);
  return cookie;
}

/** What each account's authenticator app holds in this test file, and the last step it answered. */
const authenticators = new Map<string, { secret: string; lastStep: number }>();

/** The code an authenticator app would show next for this account (each code is accepted once). */
export async function nextTotpCode(email: string): Promise<string> {
  const app = authenticators.get(email);
  if (!app) throw new Error(`no authenticator enrolled for ${email} in this test file`);
  let step = Math.max(currentStep() - 1, app.lastStep + 1);
  if (step > currentStep() + 1) {
    // Three codes are valid at a time (previous, current, next step); wait for the next step.
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now() + 50));
    step = Math.max(currentStep() - 1, app.lastStep + 1);
  }
  app.lastStep = step;
  return totpAt(app.secret, step);
}

export function rememberAuthenticator(email: string, secret: string, usedStep = currentStep()): void {
  authenticators.set(email, { secret, lastStep: usedStep });
}

async function enrolDuringSignIn(app: FastifyInstance, email: string, challenge: string) {
  const setup = await app.inject({ method: 'POST', url: '/api/auth/two-factor/enrolment', headers: { origin: ORIGIN }, payload: { challenge } });
  const { secret } = setup.json() as { secret: string };
  const step = currentStep();
  rememberAuthenticator(email, secret, step);
  return app.inject({ method: 'POST', url: '/api/auth/two-factor/enrolment/confirm', headers: { origin: ORIGIN }, payload: { challenge, code: totpAt(secret, step) } });
}

async function answerCode(app: FastifyInstance, email: string, challenge: string) {
  return app.inject({ method: 'POST', url: '/api/auth/two-factor', headers: { origin: ORIGIN }, payload: { challenge, code: await nextTotpCode(email) } });
}

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'cb_session');
  return cookie?.value ? `cb_session=${cookie.value}` : undefined;
}
