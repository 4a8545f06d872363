import { saWallClockToIso } from '../../../../shared/calendar';

// Form values of the court tab's dialogs and their conversion to what the procedures take: money
// typed in rands ('1 250 000,00', 'R1,250,000.50') to cents, SA wall-clock times to ISO instants.

export const RANDS_MESSAGE = 'Enter the amount in rands, e.g. 1 250 000,00';

/** Rands as a person types them → whole cents; null for blank; undefined when it is not an amount. */
export function randsToCents(text: string): number | null | undefined {
  let value = text.replace(/[Rr\s\u00a0\u202f]/g, '');
  if (value === '') return null;
  if (value.includes(',') && value.includes('.')) value = value.replace(/,/g, '');
  else if (value.includes(',')) {
    // One comma followed by one or two digits is the decimal comma (en-ZA); otherwise thousands.
    value = /^\d+,\d{1,2}$/.test(value) ? value.replace(',', '.') : value.replace(/,/g, '');
  }
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents → what the claim field shows ('1250000,00'). */
export function centsToRands(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** A datetime-local value read as SA time; the raw text when it is not one (the server names the field). */
export function wallClockToInstant(value: string): string {
  return saWallClockToIso(value) ?? value;
}
