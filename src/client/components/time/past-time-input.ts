import { isoToSaWallClock, saWallClockToIso } from '../../../shared/calendar';
import { ZRecordPastTimeInput, type TRecordPastTimeInput } from '../../../shared/domain/costs';

// "Add past time" (issue 18): the form's text fields turned into costs.recordPastTime's input, or
// the message for each field that is wrong. Pure so the rules are tested without a browser; the
// server checks the same schema, this only spares a round trip and puts messages under the fields.

/** What the form holds: a date and a wall-clock start in South African time, minutes as typed. */
export interface PastTimeValues {
  caseId: string;
  /** 'YYYY-MM-DD' from <input type="date">. */
  date: string;
  /** 'HH:mm' from <input type="time">. */
  startTime: string;
  durationMinutes: string;
  description: string;
}

export type PastTimeField = keyof PastTimeValues;
export type PastTimeErrors = Partial<Record<PastTimeField, string>>;
export type PastTimeBuild = { ok: true; input: TRecordPastTimeInput } | { ok: false; errors: PastTimeErrors };

/** The order the fields appear in, so the first wrong one gets the focus. */
export const PAST_TIME_FIELDS: readonly PastTimeField[] = ['caseId', 'date', 'startTime', 'durationMinutes', 'description'];

/** Same words as the server's 400, so the person reads one message whichever side caught it. */
export const NOT_ENDED_MESSAGE = 'Past time must have ended by now; use the timer for time running now';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// type="time" may add seconds ('09:30:00') when a step below a minute is set; minutes are enough.
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;

export function buildPastTimeInput(values: PastTimeValues, now: Date = new Date()): PastTimeBuild {
  const errors: PastTimeErrors = {};
  const date = values.date.trim();
  const time = TIME.exec(values.startTime.trim());
  if (date === '') errors.date = 'Enter the date';
  else if (!DATE.test(date)) errors.date = 'Date must be a date (YYYY-MM-DD)';
  if (values.startTime.trim() === '') errors.startTime = 'Enter the start time';
  else if (!time) errors.startTime = 'Start time must be a time (HH:mm)';

  // South African wall clock, whatever zone the device is set to (calendar.ts). The Date parser
  // rolls 31 February over to 3 March, so a value that does not come back unchanged is no day.
  let startIso = '';
  if (!errors.date && time) {
    const wallClock = `${date}T${time[1]}:${time[2]}`;
    const iso = saWallClockToIso(wallClock);
    if (iso && isoToSaWallClock(iso) === wallClock) startIso = iso;
    else errors.date = 'Date must be a real calendar day';
  }

  const minutes = values.durationMinutes.trim();
  if (minutes === '') errors.durationMinutes = 'Enter the duration in minutes';

  const parsed = ZRecordPastTimeInput.safeParse({
    caseId: values.caseId,
    description: values.description.trim() || null,
    startTime: startIso,
    durationMinutes: minutes,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      // A start already refused above (blank date or time) keeps its own, more precise message.
      if (field === 'startTime' && (errors.date || errors.startTime)) continue;
      if (field === 'caseId' || field === 'startTime' || field === 'durationMinutes' || field === 'description') errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };

  const endMs = Date.parse(parsed.data.startTime) + parsed.data.durationMinutes * 60_000;
  if (endMs > now.getTime()) return { ok: false, errors: { startTime: NOT_ENDED_MESSAGE } };
  return { ok: true, input: parsed.data };
}

/** The server's field messages (error.data.fields) that this form can show under a field. */
export function pastTimeServerErrors(fields: Record<string, string> | undefined): PastTimeErrors {
  const errors: PastTimeErrors = {};
  for (const field of PAST_TIME_FIELDS) if (fields?.[field]) errors[field] = fields[field];
  return errors;
}

/** '1 h 30 min' for '90' as typed, shown next to the minutes; null while it is no whole duration. */
export function durationHint(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  if (minutes < 60) return null;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}
