import { createHash, randomBytes } from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../shared/domain/two-factor';

// TOTP (RFC 6238) on @oslojs/otp, the same family as our session crypto. Codes of the previous,
// current and next 30-second step are accepted (phone clocks drift), and each step only once:
// the caller stores the step returned and passes it back as `lastStep`.

const ISSUER = 'CaseBridge';

export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(randomBytes(20)); // 160 bits, RFC 4226's recommendation
}

export function totpKeyUri(accountName: string, secret: string): string {
  return createTOTPKeyURI(ISSUER, accountName, decodeBase32IgnorePadding(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export function currentStep(now: number = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for one step (tests and the e2e helper compute what an authenticator app shows). */
export function totpAt(secret: string, step: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), TOTP_DIGITS);
}

/** The step the code belongs to (previous, current or next), or null: wrong, or already used. */
export function matchTotp(secret: string, code: string, lastStep: number | null, now: number = Date.now()): number | null {
  const step = currentStep(now);
  for (const candidate of [step, step - 1, step + 1]) {
    if (lastStep !== null && candidate <= lastStep) continue;
    if (timingSafeEqualText(totpAt(secret, candidate), code)) return candidate;
  }
  return null;
}

function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i to misread

/** Ten codes like "k7mqx-3trpa": 50 bits each, shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Stored form: SHA-256 of the code without case, spaces or dashes, so "K7MQX 3TRPA" still works. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}
