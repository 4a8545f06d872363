// South African public holidays, computed from the rules of the Public Holidays Act 36 of 1994
// (in force from 1995) plus the few days the President declared under its s2A. Pure and
// table-driven so that the deadline engine gives the same answer in the browser (demo mode) and on
// the server, with no holiday library in the bundle: docs/decisions/0034-sa-public-holidays-and-court-days.md.
// Dates are calendar days 'YYYY-MM-DD' with no time zone; arithmetic is done on Date.UTC.

export interface PublicHoliday {
  date: string; // YYYY-MM-DD
  name: string;
}

/** The Act's schedule took effect on 1 January 1995; earlier years had other holidays. */
export const FIRST_HOLIDAY_YEAR = 1995;

// The Schedule to the Act: the fixed dates, in calendar order (Good Friday and Family Day move
// with Easter and are added below).
const FIXED: readonly { month: number; day: number; name: string }[] = [
  { month: 1, day: 1, name: "New Year's Day" },
  { month: 3, day: 21, name: 'Human Rights Day' },
  { month: 4, day: 27, name: 'Freedom Day' },
  { month: 5, day: 1, name: "Workers' Day" },
  { month: 6, day: 16, name: 'Youth Day' },
  { month: 8, day: 9, name: "National Women's Day" },
  { month: 9, day: 24, name: 'Heritage Day' },
  { month: 12, day: 16, name: 'Day of Reconciliation' },
  { month: 12, day: 25, name: 'Christmas Day' },
  { month: 12, day: 26, name: 'Day of Goodwill' },
];

// Days declared public holidays by the President under s2A, each once. Only days we could trace
// to the Presidency's or government's announcement (or, for the 1999–2014 ones, to the list of
// once-off holidays kept in Wikipedia's "Public holidays in South Africa", which cites the gazettes)
// are listed; a future declaration must be added here when it is gazetted. Local elections of
// 2000 (5 December) are left out: we found no record that the day was declared.
const DECLARED: readonly PublicHoliday[] = [
  { date: '1999-06-02', name: 'National and provincial elections' },
  { date: '1999-12-31', name: 'Millennium holiday' }, // declared with 2000-01-02 for the Y2K changeover
  { date: '2000-01-02', name: 'Millennium holiday' }, // a Sunday: s2(1) makes Monday 2000-01-03 a holiday too
  { date: '2004-04-14', name: 'National and provincial elections' },
  { date: '2006-03-01', name: 'Local government elections' },
  { date: '2008-05-02', name: 'Public holiday (declared)' }, // Human Rights Day fell on Good Friday, 2008-03-21
  { date: '2009-04-22', name: 'National and provincial elections' }, // declared by President Motlanthe
  { date: '2011-05-18', name: 'Local government elections' }, // Presidency statement, 16 March 2011
  { date: '2011-12-27', name: 'Public holiday (declared)' }, // Christmas on a Sunday; Monday was already Day of Goodwill
  { date: '2014-05-07', name: 'National and provincial elections' }, // GN 13 of 2014, Gazette 37376
  { date: '2016-08-03', name: 'Local government elections' }, // Presidency, 24 June 2016
  { date: '2016-12-27', name: 'Public holiday (declared)' }, // Christmas on a Sunday, as in 2011
  { date: '2019-05-08', name: 'National and provincial elections' }, // Presidency, 26 February 2019
  { date: '2021-11-01', name: 'Local government elections' }, // Presidency, 11 October 2021
  { date: '2022-12-27', name: 'Public holiday (declared)' }, // Presidency, 8 December 2022: Christmas on a Sunday
  { date: '2023-12-15', name: 'Rugby World Cup victory' }, // declared 28 November 2023
  { date: '2024-05-29', name: 'National and provincial elections' }, // Gazette of 23 February 2024
];

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday

function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, as in Meeus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

function computeYear(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const days: PublicHoliday[] = [
    ...FIXED.map((h) => ({ date: ymd(year, h.month, h.day), name: h.name })),
    { date: shiftDays(easter, -2), name: 'Good Friday' },
    { date: shiftDays(easter, 1), name: 'Family Day' },
    ...DECLARED.filter((h) => h.date.startsWith(`${year}-`)),
  ];
  // s2(1): "Whenever any public holiday falls on a Sunday, the Monday following on it shall be a
  // public holiday." When that Monday is a public holiday already (Christmas on a Sunday, the
  // Monday being Day of Goodwill) the Act gives no further day: that is why the President declared
  // 27 December in 2011, 2016 and 2022 (above), and why 2033's Christmas on a Sunday gives none yet.
  const dates = new Set(days.map((h) => h.date));
  const observed = days
    .filter((h) => weekdayOf(h.date) === 0 && !dates.has(shiftDays(h.date, 1)))
    .map((h) => ({ date: shiftDays(h.date, 1), name: `${h.name} (observed)` }));
  // No holiday of the Schedule or of DECLARED is on 31 December, so no Monday leaves its year.
  return [...days, ...observed].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

const byYear = new Map<number, PublicHoliday[]>();
const namesByYear = new Map<number, Map<string, string>>();

/** The public holidays of a year, in date order (a day holding two holidays appears twice). */
export function publicHolidaysOf(year: number): PublicHoliday[] {
  if (!Number.isInteger(year) || year < FIRST_HOLIDAY_YEAR) {
    throw new RangeError(`South African public holidays are known from ${FIRST_HOLIDAY_YEAR} (asked for ${year})`);
  }
  let list = byYear.get(year);
  if (!list) {
    list = computeYear(year);
    byYear.set(year, list);
  }
  return list;
}

function namesOf(year: number): Map<string, string> {
  let names = namesByYear.get(year);
  if (!names) {
    names = new Map();
    for (const h of publicHolidaysOf(year)) {
      const before = names.get(h.date);
      names.set(h.date, before ? `${before} and ${h.name}` : h.name);
    }
    namesByYear.set(year, names);
  }
  return names;
}

/** The holiday's name ('Human Rights Day and Good Friday' when two fall together), or null. */
export function holidayName(date: string): string | null {
  return namesOf(Number(date.slice(0, 4))).get(date) ?? null;
}

export function isPublicHoliday(date: string): boolean {
  return holidayName(date) !== null;
}
