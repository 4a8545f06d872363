import { PARTY_ROLES } from '../../../shared/domain/case-parties';
import type { TPerson } from '../../../shared/domain/people';
import { formatCalendarDay } from '../../../shared/format';

// How a person reads in lists, pickers and headers (issue 19).

/** "ID 850314 5123 081", "Passport A1234567 (Zimbabwe)", or null. */
export function identityDocumentOf(p: Pick<TPerson, 'idNumber' | 'passportNumber' | 'passportCountry'>): string | null {
  if (p.idNumber) return `ID ${formatIdNumber(p.idNumber)}`;
  if (p.passportNumber) return `Passport ${p.passportNumber}${p.passportCountry ? ` (${p.passportCountry})` : ''}`;
  return null;
}

/** True when the server sent the masked form (`550212 **** 08 6`): the reader's role sees no full numbers. */
export function isMaskedIdNumber(id: string | null | undefined): boolean {
  return Boolean(id?.includes('*'));
}

/** 13 digits grouped as written on the green book / smart card: YYMMDD SSSS CAZ; a masked one as sent. */
export function formatIdNumber(id: string): string {
  return /^\d{13}$/.test(id) ? `${id.slice(0, 6)} ${id.slice(6, 10)} ${id.slice(10)}` : id;
}

/** Whole years on `today` (YYYY-MM-DD) of someone born on `dateOfBirth`. */
export function ageOn(dateOfBirth: string, today: string = new Date().toISOString().slice(0, 10)): number {
  const born = Number(dateOfBirth.slice(0, 4));
  const birthday = dateOfBirth.slice(5, 10);
  return Number(today.slice(0, 4)) - born - (today.slice(5, 10) < birthday ? 1 : 0);
}

/** "14 Mar 1985 (41)". */
export function birthAndAge(dateOfBirth: string | null, today?: string): string {
  if (!dateOfBirth) return 'Not recorded';
  return `${formatCalendarDay(dateOfBirth)} (${ageOn(dateOfBirth, today)})`;
}

/** A role on a case: a party role's label, or the case's own person ('patient' / 'client'). */
export function roleLabel(role: string): string {
  if (role in PARTY_ROLES) return PARTY_ROLES[role as keyof typeof PARTY_ROLES];
  if (role === 'patient') return 'Patient';
  if (role === 'client') return 'Client';
  return role.charAt(0).toUpperCase() + role.slice(1);
}

export const SEX_LABELS = { female: 'Female', male: 'Male' } as const;
