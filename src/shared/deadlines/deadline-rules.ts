// The deadline rules, one row per rule: what starts the period, how long it is, which way it runs
// and how it is counted. Counting conventions (docs/decisions/0034-sa-public-holidays-and-court-days.md):
//
// 1. Court days (Uniform Rules): rule 1 counts only days that are not a Saturday, Sunday or public
//    holiday; the Interpretation Act 33 of 1957 s4 excludes the first day and includes the last.
//    "Within 10 court days of service" ends on the 10th court day after the day of service.
//    "Not less than 15 days before the trial" is met by delivering on the 15th court day before the
//    trial date (the trial day is not one of the 15). Read as 15 clear days, a court would want one
//    court day earlier; the explanation names the day we count to, so the reader sees the convention.
// 2. Statutory calendar days (PAIA): s4 again, and its proviso — a last day on a Sunday or public
//    holiday moves to the next day that is neither. A Saturday does not move (s4 does not name it).
//    PAIA does not make its "days" working days, so we take calendar days: an assumption the
//    explanation states.
// 3. Months and years (Act 40 of 2002 s3, Prescription Act): periods running "from" a day are counted
//    by the civil method (civilis computatio; Kleynhans v Yorkshire Insurance 1957 (3) SA 544 (A),
//    applied in RAF v Masindi [2018] ZASCA 94): the trigger day is the first day and the period ends
//    at midnight at the end of the day before the corresponding day. When the last month has no
//    corresponding day (31 Aug + 6 months, 29 Feb + 3 years) we take that month's last day as the
//    corresponding day, so the period ends the day before it: a day earlier than the most generous
//    reading, never later. A last day on a weekend or holiday is not carried forward (Masindi did so
//    for the RAF Act on its own terms; we do not assume it), and the explanation says so.

import type { TDeadlineRuleId, TDeadlineUnit } from '../domain/deadlines';
import { holidayName, type PublicHoliday } from '../sa/public-holidays';
import { addCalendarDays, addMonths, countCourtDays, isWeekend, weekdayName } from '../sa/court-days';

export interface DeadlineCount {
  due: string;
  /** How the count went, as a clause of the explanation. */
  how: string;
  /** What the reader must know about the due day itself (a weekend not carried forward). */
  caveat?: string;
}

export interface DeadlineRule {
  id: TDeadlineRuleId;
  title: string;
  /** Short name opening the explanation: 'Rule 19(1)'. */
  label: string;
  source: string;
  /** What the trigger date is. */
  trigger: string;
  /** The explanation up to the trigger date: 'notice of intention to defend within 10 court days of service on'. */
  lead: string;
  direction: 'after' | 'before';
  amount: number;
  unit: TDeadlineUnit;
  /** The counting convention, in a sentence, for pickers. */
  counting: string;
  compute: (trigger: string) => DeadlineCount;
}

/** 'Thu 2026-12-10'. */
export const dayLabel = (date: string) => `${weekdayName(date).slice(0, 3)} ${date}`;
const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
const holidayList = (days: PublicHoliday[]) => days.map((h) => `${h.name} (${dayLabel(h.date)})`).join(', ');

function courtDays(trigger: string, n: number, direction: 'after' | 'before', rule19Recess: boolean): DeadlineCount {
  const count = countCourtDays(trigger, direction === 'after' ? n : -n, { skipRule19Recess: rule19Recess });
  // Counting back meets the days latest first; the reader reads a calendar forwards.
  const holidays = [...count.skippedHolidays].sort((a, b) => (a.date < b.date ? -1 : 1));
  const recesses = [...count.skippedRecesses].sort((a, b) => (a.from < b.from ? -1 : 1));
  const passed = [
    ...recesses.map((w) => `the recess ${w.from} – ${w.to}`),
    ...(holidays.length > 0 ? [holidayList(holidays)] : []),
  ];
  const notCounting = rule19Recess ? 'Saturdays, Sundays, public holidays or 16 Dec–15 Jan' : 'Saturdays, Sundays or public holidays';
  return {
    due: count.date,
    how: `the ${ordinal(n)} court day ${direction} that day, not counting ${notCounting}${passed.length > 0 ? `; passed over ${passed.join(', ')}` : ''}`,
  };
}

// PAIA's days as calendar days, with the Interpretation Act s4 proviso: a last day on a Sunday or
// public holiday is not counted either.
function paiaDays(trigger: string, n: number): DeadlineCount {
  let due = addCalendarDays(trigger, n);
  const movedOver: string[] = [];
  for (;;) {
    const name = holidayName(due);
    if (weekdayName(due) !== 'Sunday' && name === null) break;
    movedOver.push(name === null ? `${dayLabel(due)} is a Sunday` : `${dayLabel(due)} is ${name}`);
    due = addCalendarDays(due, 1);
  }
  const calendar = `${n} calendar days (assumed: PAIA does not make its days working days), the first day not counted`;
  if (movedOver.length === 0) return { due, how: calendar };
  return { due, how: `${calendar}; the ${ordinal(n)} day falls where the period cannot end (${movedOver.join(', ')}), so it ends on the next day that is not a Sunday or public holiday (Interpretation Act s4)` };
}

function civilMonths(trigger: string, months: number): DeadlineCount {
  const corresponding = addMonths(trigger, months);
  const due = addCalendarDays(corresponding, -1);
  const shortMonth = corresponding.slice(8) !== trigger.slice(8) ? ` (that month has no ${ordinal(Number(trigger.slice(8)))}: its last day)` : '';
  const name = holidayName(due);
  const closed = isWeekend(due) ? `a ${weekdayName(due)}` : name !== null ? name : null;
  return {
    due,
    how: `civil method: that day is the first day and the period ends the day before the corresponding day, ${dayLabel(corresponding)}${shortMonth}`,
    ...(closed === null ? {} : { caveat: `${closed}: not carried to the next court day; act before it` }),
  };
}

const RULES: readonly DeadlineRule[] = [
  {
    id: 'rule-19',
    title: 'Notice of intention to defend',
    label: 'Rule 19(1)',
    source: 'Uniform Rules of Court, rule 19(1) (court days: rule 1)',
    trigger: 'date of service of the summons',
    lead: 'notice of intention to defend within 10 court days of service on',
    direction: 'after',
    amount: 10,
    unit: 'court days',
    counting: 'The 10th court day after the day of service; Saturdays, Sundays, public holidays and 16 December–15 January are not counted.',
    compute: (trigger) => courtDays(trigger, 10, 'after', true),
  },
  {
    id: 'rule-36-9-a',
    title: 'Notice of an expert witness',
    label: 'Rule 36(9)(a)',
    source: 'Uniform Rules of Court, rule 36(9)(a)',
    trigger: 'trial date',
    lead: 'notice of an expert witness at least 15 court days before the trial on',
    direction: 'before',
    amount: 15,
    unit: 'court days',
    counting: 'Latest on the 15th court day before the trial date (the trial day not counted); Saturdays, Sundays and public holidays are not counted.',
    compute: (trigger) => courtDays(trigger, 15, 'before', false),
  },
  {
    id: 'rule-36-9-b',
    title: "Summary of the expert's opinions and reasons",
    label: 'Rule 36(9)(b)',
    source: 'Uniform Rules of Court, rule 36(9)(b)',
    trigger: 'trial date',
    lead: "summary of the expert's opinions and reasons at least 10 court days before the trial on",
    direction: 'before',
    amount: 10,
    unit: 'court days',
    counting: 'Latest on the 10th court day before the trial date (the trial day not counted); Saturdays, Sundays and public holidays are not counted.',
    compute: (trigger) => courtDays(trigger, 10, 'before', false),
  },
  {
    id: 'act-40-s3',
    title: 'Notice to an organ of state',
    label: 'Act 40 of 2002 s3(2)(a)',
    source: 'Institution of Legal Proceedings against certain Organs of State Act 40 of 2002, s3(2)(a)',
    trigger: 'date the debt became due (s3(3)(a): when the creditor knew the organ of state and the facts)',
    lead: 'notice to the organ of state within 6 months from the day the debt became due,',
    direction: 'after',
    amount: 6,
    unit: 'months',
    counting: 'Civil method: the due day is the first day; the period ends the day before the same date 6 months later (a short month: the day before its last day). Not carried past a weekend or holiday.',
    compute: (trigger) => civilMonths(trigger, 6),
  },
  {
    id: 'prescription',
    title: 'Prescription of a debt (3 years)',
    label: 'Prescription Act 68 of 1969 s11(d)',
    source: 'Prescription Act 68 of 1969, s11(d) read with s12(1) and (3)',
    trigger: 'date of knowledge (s12(3): the creditor knew the debtor and the facts)',
    lead: 'the debt prescribes 3 years from the date of knowledge,',
    direction: 'after',
    amount: 3,
    unit: 'years',
    counting: 'Civil method: the day of knowledge is the first day; the period ends the day before the same date 3 years later (29 February: the day before 28 February). Serve process (s15) by then.',
    compute: (trigger) => civilMonths(trigger, 36),
  },
  {
    id: 'paia-s25',
    title: 'Decision on a request for access to records',
    label: 'PAIA s25(1)',
    source: 'Promotion of Access to Information Act 2 of 2000, s25(1) (private bodies: s56(1), also 30 days)',
    trigger: 'date the request was received',
    lead: 'decision on a records request within 30 days after it was received on',
    direction: 'after',
    amount: 30,
    unit: 'calendar days',
    counting: '30 calendar days after the day of receipt (assumed: PAIA does not make them working days); a last day on a Sunday or public holiday moves to the next day that is neither (Interpretation Act s4).',
    compute: (trigger) => paiaDays(trigger, 30),
  },
  {
    id: 'paia-s26',
    title: 'Decision on a request, the period extended',
    label: 'PAIA s26(1)',
    source: 'Promotion of Access to Information Act 2 of 2000, s26(1) (private bodies: s57(1))',
    trigger: 'date the request was received',
    lead: 'decision on a records request, the 30 days extended once by 30 more, within 60 days after it was received on',
    direction: 'after',
    amount: 60,
    unit: 'calendar days',
    // The extension runs on from the 30th day itself, not from a day the first period was carried to.
    counting: '60 calendar days after the day of receipt (30 and the one extension of 30); a last day on a Sunday or public holiday moves to the next day that is neither (Interpretation Act s4).',
    compute: (trigger) => paiaDays(trigger, 60),
  },
];

export const DEADLINE_RULES: ReadonlyMap<string, DeadlineRule> = new Map(RULES.map((r) => [r.id, r]));
