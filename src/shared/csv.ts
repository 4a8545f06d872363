// CSV as spreadsheets read it, for every download the product offers (billing statement, audit
// trail, access report).

/**
 * One CSV cell: a text starting with = + - @ (or a tab / carriage return) is prefixed with ' so a
 * spreadsheet shows it instead of running it as a formula (OWASP CSV injection); a cell holding a
 * comma, quote or line break is quoted with inner quotes doubled (RFC 4180). Plain numbers are
 * written as they are, so a negative amount would stay a number.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(value)) return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One RFC 4180 line (no line end). */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map((cell) => csvCell(cell ?? '')).join(',');
}
