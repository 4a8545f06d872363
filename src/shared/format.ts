// Formatting shared by server DTOs and the screens (ARCHITECTURE: format.ts). Every date and time a
// screen shows comes from here, in South African time whatever the device's zone (a clinic in
// Durban and a reviewer abroad read the same hour), in one South African day-first style — '28 Nov
// 2026', '28 Nov 2026, 08:30' (issue 32, decision 0058; it replaces SPEC §9's US 'MMM dd, yyyy') —
// so a screen, a PDF and an e-mail never mix date formats.

/** 'Thandi Nkosi'; null when neither part is known (e.g. a left join found nobody). */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || null;
}

const zar = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

/** Money is stored in integer cents (ARCHITECTURE decision 7) and shown as e.g. 'R 1 250,00'. */
export function formatZar(cents: number): string {
  return zar.format(cents / 100);
}

const thousands = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });

/** SPEC §2.9: revenue in thousands with a K, e.g. 'R 12,5K'. */
export function formatZarThousands(cents: number): string {
  return `R ${thousands.format(cents / 100 / 1000)}K`;
}

/**
 * '1 entry' / '3 entries', '1 message' / '5 messages': the count with the word in the right number.
 * The plural defaults to the singular plus 's'; give it when English does otherwise.
 */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-ZA')} ${pluralWord(count, singular, plural)}`;
}

/** The word alone, for a screen that sets the count apart (e.g. in bold). */
export function pluralWord(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** 'ICU · Ward 3', but a department and ward of the same name ('ICU', 'ICU') once. */
export function joinDistinct(parts: readonly (string | null | undefined)[], separator = ' · '): string {
  const seen: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (text && !seen.some((s) => s.toLowerCase() === text.toLowerCase())) seen.push(text);
  }
  return seen.join(separator);
}

const TIME_ZONE = 'Africa/Johannesburg';
// The parts come from Intl as numbers and are put together here, so the style is the same in every
// browser and Node build (ICU's en-GB writes "Sept", en-ZA "2026/11/28" — neither is ours).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const numericParts = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone });
const saParts = numericParts(TIME_ZONE);
const utcParts = numericParts('UTC');

interface DateParts {
  weekday: string;
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
}

function partsOf(format: Intl.DateTimeFormat, value: string | Date): DateParts {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(value))) parts[part.type] = part.value;
  // Some engines still write midnight as 24 under h23.
  const hour = parts.hour === '24' ? '00' : (parts.hour ?? '00');
  return { weekday: parts.weekday ?? '', day: parts.day ?? '', month: MONTHS[Number(parts.month) - 1] ?? '', year: parts.year ?? '', hour, minute: parts.minute ?? '00', second: parts.second ?? '00' };
}

const dayMonthYear = (p: DateParts) => `${p.day} ${p.month} ${p.year}`;

/** '5 Mar 2026' of the South African day; the fallback when unknown. */
export function formatDate(iso: string | Date | null | undefined, fallback = 'N/A'): string {
  return iso ? dayMonthYear(partsOf(saParts, iso)) : fallback;
}

/** A stored calendar day ('1958-04-12') as '12 Apr 1958', without any time-zone shift. */
export function formatCalendarDay(value: string | null | undefined, fallback = 'Not set'): string {
  return value ? dayMonthYear(partsOf(utcParts, `${value}T00:00:00.000Z`)) : fallback;
}

/** '28 Nov 2026, 08:30' in SA time (issue 32: one South African style everywhere). */
export function formatDateTime(iso: string | null | undefined, fallback = 'N/A'): string {
  if (!iso) return fallback;
  const p = partsOf(saParts, iso);
  return `${dayMonthYear(p)}, ${p.hour}:${p.minute}`;
}

/** 'Mon, 23 Nov 2026, 09:30' in SA time, for appointments; 'Not scheduled' when there is no time. */
export function formatSaDateTime(iso: string | null | undefined, empty = 'Not scheduled'): string {
  if (!iso) return empty;
  const p = partsOf(saParts, iso);
  return `${p.weekday}, ${dayMonthYear(p)}, ${p.hour}:${p.minute}`;
}

/** '23 Nov 2026, 09:30:15' in SA time: the full moment an auditor lines entries up by. */
export function formatFullMoment(iso: string | Date): string {
  const p = partsOf(saParts, iso);
  return `${dayMonthYear(p)}, ${p.hour}:${p.minute}:${p.second}`;
}

/** '09:30' in SA time (SPEC §9: chat time hour:minute). */
export function formatSaTime(iso: string | Date): string {
  const p = partsOf(saParts, iso);
  return `${p.hour}:${p.minute}`;
}

/** SPEC §9: 'Just now', then minutes, hours and days. */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
