// The one place timestamps are produced and normalised. Both dialects store ISO-8601 UTC text
// ('2026-11-22T08:30:00.000Z'), which sorts chronologically as text and crosses the API unchanged.

export function nowIso(): string {
  return new Date().toISOString();
}

export function toIso(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid date: ${String(value)}`);
  return date.toISOString();
}

export function addMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

export function isPast(iso: string, now: string = nowIso()): boolean {
  return iso <= now;
}
