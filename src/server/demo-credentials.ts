import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hashPassword } from './auth/password';
import { newTotpSecret, totpKeyUri } from './auth/totp';
import { type DemoCredential, seedDemoData } from '../../db/seed/seed-demo';

// Demo sign-ins get a password chosen at seed time (or DEMO_PASSWORD), written to a file only the
// installing user can read. A fixed password in the README would open every clinic's box that
// kept its demo accounts.

export interface SeedSettings {
  DATA_DIR: string;
  DEMO_PASSWORD?: string | undefined;
}

export function credentialsFile(dataDir: string): string {
  return resolve(dataDir, 'demo-credentials.txt');
}

export async function seedWithCredentials(db: Kysely<DB>, settings: SeedSettings, log: (message: string) => void): Promise<void> {
  const file = credentialsFile(settings.DATA_DIR);
  const password = settings.DEMO_PASSWORD ?? randomBytes(12).toString('base64url');
  const superAdminTotpSecret = newTotpSecret();
  const result = await seedDemoData(db, { password, hashPassword, superAdminTotpSecret });
  if (result.created) {
    writeCredentials(file, result.credentials, password, superAdminTotpSecret);
    log(`Demo data created. Demo sign-ins and their password are in ${file}`);
  } else {
    log(
      existsSync(file)
        ? `Demo data already present; sign-ins are in ${file}`
        : 'Demo data already present (its credentials file was not found on this machine).',
    );
  }
}

/** At start: seed only a database with no organisations at all, so a real install is never touched. */
export async function seedOnFirstStart(db: Kysely<DB>, settings: SeedSettings, log: (message: string) => void): Promise<void> {
  const any = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await seedWithCredentials(db, settings, log);
}

/** The line of the credentials file that holds the Super Admin's two-factor secret (the e2e helper reads it). */
export const TOTP_SECRET_LABEL = 'Super Admin two-factor secret:';

function writeCredentials(file: string, credentials: DemoCredential[], password: string, superAdminTotpSecret: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const width = Math.max(...credentials.map((c) => c.email.length));
  const superAdmin = credentials.find((c) => c.organization === null);
  const lines = [
    'CaseBridge demo sign-ins (created by the demo seed; delete the demo organisations before real use).',
    `Password for every account below: ${password}`,
    '',
    ...credentials.map((c) => `${c.email.padEnd(width)}  ${c.role}${c.organization ? ` — ${c.organization}` : ''}`),
    '',
    'Super Admins must sign in with a second factor. Add this key to an authenticator app',
    '(Google Authenticator, Microsoft Authenticator, FreeOTP …: "enter a setup key", time-based):',
    `${TOTP_SECRET_LABEL} ${superAdminTotpSecret}`,
    ...(superAdmin ? [`or open this link on the phone: ${totpKeyUri(superAdmin.email, superAdminTotpSecret)}`] : []),
    '',
  ];
  writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  chmodSync(file, 0o600);
}
