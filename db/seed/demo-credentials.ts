import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { type DemoCredential, seedDemoData } from './seed-demo';

// Demo sign-ins get a password chosen at seed time (or DEMO_PASSWORD), written to a file only the
// installing user can read. A fixed password in the README would open every clinic's box that
// kept its demo accounts.

export const CREDENTIALS_FILE = resolve('data/demo-credentials.txt');

export async function seedWithCredentials(
  db: Kysely<DB>,
  demoPassword: string | undefined,
  log: (message: string) => void,
): Promise<void> {
  const password = demoPassword ?? randomBytes(12).toString('base64url');
  const result = await seedDemoData(db, { password });
  if (result.created) {
    writeCredentials(result.credentials, password);
    log(`Demo data created. Demo sign-ins and their password are in ${CREDENTIALS_FILE}`);
  } else {
    log(
      existsSync(CREDENTIALS_FILE)
        ? `Demo data already present; sign-ins are in ${CREDENTIALS_FILE}`
        : 'Demo data already present (its credentials file was not found on this machine).',
    );
  }
}

/** At start: seed only a database with no organisations at all, so a real install is never touched. */
export async function seedOnFirstStart(db: Kysely<DB>, demoPassword: string | undefined, log: (message: string) => void): Promise<void> {
  const any = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await seedWithCredentials(db, demoPassword, log);
}

function writeCredentials(credentials: DemoCredential[], password: string): void {
  mkdirSync(dirname(CREDENTIALS_FILE), { recursive: true });
  const width = Math.max(...credentials.map((c) => c.email.length));
  const lines = [
    'CaseBridge demo sign-ins (created by the demo seed; delete the demo organisations before real use).',
    `Password for every account below: ${password}`,
    '',
    ...credentials.map((c) => `${c.email.padEnd(width)}  ${c.role}${c.organization ? ` — ${c.organization}` : ''}`),
    '',
  ];
  writeFileSync(CREDENTIALS_FILE, lines.join('\n'), { mode: 0o600 });
  chmodSync(CREDENTIALS_FILE, 0o600);
}
