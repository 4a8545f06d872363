// Formatting shared by server DTOs and the screens (ARCHITECTURE: format.ts). Every date and time a
// screen shows comes from here, in South African time whatever the device's zone (a clinic in
// Durban and a reviewer abroad read the same hour), in one month-first style (SPEC §9
// 'MMM dd, yyyy' / 'MMM dd, HH:mm') so a screen never mixes three date formats.

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
const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const calendarDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });
const weekdayDateTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});
const fullMoment = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});
const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });

/** 'Mar 05, 2026' (SPEC §9 'MMM dd, yyyy') of the South African day; the fallback when unknown. */
export function formatDate(iso: string | Date | null | undefined, fallback = 'N/A'): string {
  return iso ? date.format(new Date(iso)) : fallback;
}

/** A stored calendar day ('1958-04-12') as 'Apr 12, 1958', without any time-zone shift. */
export function formatCalendarDay(value: string | null | undefined, fallback = 'Not set'): string {
  return value ? calendarDate.format(new Date(`${value}T00:00:00.000Z`)) : fallback;
}

/** 'Mar 05, 14:30' (SPEC §9 'MMM dd, HH:mm') in SA time. */
export function formatDateTime(iso: string | null | undefined, fallback = 'N/A'): string {
  return iso ? dateTime.format(new Date(iso)) : fallback;
}

/** 'Mon, Nov 23, 2026, 09:30' in SA time, for appointments; 'Not scheduled' when there is no time. */
export function formatSaDateTime(iso: string | null | undefined, empty = 'Not scheduled'): string {
  return iso ? weekdayDateTime.format(new Date(iso)) : empty;
}

/** 'Nov 23, 2026, 09:30:15' in SA time: the full moment an auditor lines entries up by. */
export function formatFullMoment(iso: string | Date): string {
  return fullMoment.format(new Date(iso));
}

/** '09:30' in SA time (SPEC §9: chat time hour:minute). */
export function formatSaTime(iso: string | Date): string {
  return time.format(new Date(iso));
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
