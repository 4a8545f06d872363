// Numbers as South Africans type them: the decimal comma is the national standard (SANS, and the
// Afrikaans and English school convention), so "37,2" is as much a temperature as "37.2". One
// separator at most, digits on both sides; no thousands separators ("1,234.5" is not a number here —
// it would be read the wrong way in one of the two conventions).

const DECIMAL = /^\s*[-+]?\d+(?:[.,]\d+)?\s*$/;

/** The number a person typed with a decimal comma or point, or null when the text is no such number. */
export function parseDecimal(text: string): number | null {
  return DECIMAL.test(text) ? Number(text.trim().replace(',', '.')) : null;
}
