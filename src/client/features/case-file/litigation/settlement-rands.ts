// Rands typed in a form → integer cents (ARCHITECTURE decision 7). South Africans write amounts both
// ways — "1 250 000,50" (en-ZA) and "1,250,000.50" — with or without "R". The last ',' or '.' is the
// decimal separator when one or two digits follow it; every other space, comma or dot groups thousands.

export type RandsParse = { ok: true; cents: number | null } | { ok: false; error: string };

export function parseRands(text: string, label = 'Amount'): RandsParse {
  const trimmed = text.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0\u202f]/g, '');
  if (trimmed === '') return { ok: true, cents: null };
  if (trimmed.startsWith('-')) return { ok: false, error: `${label} cannot be negative` };
  if (!/^[0-9.,]+$/.test(trimmed)) return { ok: false, error: `${label} must be an amount in rands, e.g. 1 250 000,00` };
  const decimal = /[.,](\d{1,2})$/.exec(trimmed);
  const whole = (decimal ? trimmed.slice(0, decimal.index) : trimmed).replace(/[.,]/g, '');
  if (whole === '' && !decimal) return { ok: false, error: `${label} must be an amount in rands, e.g. 1 250 000,00` };
  const cents = Number(whole || '0') * 100 + (decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0);
  if (!Number.isSafeInteger(cents)) return { ok: false, error: `${label} is too large` };
  return { ok: true, cents };
}

/** Cents as the form shows them to edit: "1250000,50" (no grouping, so it parses back). */
export const centsToRandsText = (cents: number | null | undefined): string =>
  cents == null ? '' : cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
