// Date-times of the app screens in South African time and formatting (en-ZA), whatever the
// browser's own zone: a clinic in Durban and a reviewer abroad must read the same hour.

const TIME_ZONE = 'Africa/Johannesburg';

const saDateTime = new Intl.DateTimeFormat('en-ZA', {
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: TIME_ZONE,
});
const saTime = new Intl.DateTimeFormat('en-ZA', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: TIME_ZONE });

/** 'Mon, 23 Nov 2026, 09:30' in SA time; 'Not scheduled' when there is no time. */
export function formatSaDateTime(iso: string | null | undefined, empty = 'Not scheduled'): string {
  return iso ? saDateTime.format(new Date(iso)) : empty;
}

/** '09:30' in SA time. */
export function formatSaTime(iso: string): string {
  return saTime.format(new Date(iso));
}

/**
 * A datetime-local field's value ('2026-11-23T09:30', the browser's local time) as the ISO text
 * with a zone the API requires; anything unparseable is passed through for the schema to reject.
 */
export function localInputToIso(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
