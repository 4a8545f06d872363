import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { TPlatform } from '../../shared/platform';
import { buildApp } from '../app';
import { hashPassword } from '../auth/password';
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

/** Signs in through POST /api/auth/login and returns the Cookie header to send afterwards. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email, password } });
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'cb_session');
  return cookie?.value ? `cb_session=${cookie.value}` : undefined;
}
