import { hash, verify } from '@node-rs/argon2';

// argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1): ARCHITECTURE.md decision 1.
const ARGON2ID = 2; // Algorithm.Argon2id, a const enum that isolated modules cannot import
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

// Verified against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong
// password and the answer cannot tell which accounts exist.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-used-for-timing-only');
  await verifyPassword(await dummyHash, password);
}
