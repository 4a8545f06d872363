import { addDays, dayKey, startOfWeek } from '../../../shared/calendar';

// The figures at the top of "My time": minutes recorded this week (Monday to Sunday, South African
// time) and today. A running entry has no duration yet, so it counts once it is stopped.

export interface MyTimeTotals {
  weekMinutes: number;
  todayMinutes: number;
  weekEntries: number;
  weekStart: string;
}

interface EntryTimes {
  startTime: string;
  durationMinutes: number | null;
}

export function myTimeTotals(entries: readonly EntryTimes[], now: Date = new Date()): MyTimeTotals {
  const weekStart = startOfWeek(now);
  const weekEnd = addDays(weekStart, 7);
  const today = dayKey(now);
  let weekMinutes = 0;
  let todayMinutes = 0;
  let weekEntries = 0;
  for (const entry of entries) {
    const started = new Date(entry.startTime);
    if (started < weekStart || started >= weekEnd) continue;
    weekEntries += 1;
    weekMinutes += entry.durationMinutes ?? 0;
    if (dayKey(started) === today) todayMinutes += entry.durationMinutes ?? 0;
  }
  return { weekMinutes, todayMinutes, weekEntries, weekStart: weekStart.toISOString() };
}

/** '2 h 05 min', '45 min', '0 min': whole minutes, as the server records them. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
}
