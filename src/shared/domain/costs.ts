import { z } from 'zod';
import { isoDateTime } from './cases';
import { ORGANIZATION_ROLES } from '../roles';
import { dayKey } from '../calendar';
import { PLATFORM_CONFIG, type TPlatform } from '../platform';
import { MY_TIME_ENTRIES_MAX } from '../time-entry-limits';

// SPEC §2.12, §3.5 and §9: effective-dated hourly rates, time entries on cases, and the case cost
// figures computed from them. Money is integer cents in storage and on the wire next to a rands
// number (cents / 100) for display; hours are shown to one decimal.

export const HOURLY_RATE_MAX = 100_000;
export const TIME_ENTRY_DESCRIPTION_MAX = 500;
/** What time recorded without a description was spent on, in the platform's words (issue 32). */
export function defaultTimeEntryDescription(platform: TPlatform): string {
  return PLATFORM_CONFIG[platform].words.defaultWork;
}
export const MY_TIME_ENTRIES_DEFAULT = 50;
export { MY_TIME_ENTRIES_MAX };
export const COST_SUMMARIES_PAGE_SIZE_DEFAULT = 24;
export const COST_SUMMARIES_PAGE_SIZE_MAX = 100;

/** Cents to rands, exactly as far as a double shows two decimals. */
export const centsToRands = (cents: number): number => cents / 100;

/** SPEC §9: duration minutes divided by 60 and rounded to one decimal. */
export const minutesToHours = (minutes: number): number => Math.round((minutes / 60) * 10) / 10;

/** The rate validated below has at most two decimals, so this is exact. */
export const randsToCents = (rands: number): number => Math.round(rands * 100);

const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};

// SPEC §3.5: the rate "may arrive as a string"; the form sends a decimal number (step 0.01).
const hourlyRate = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number('Hourly rate must be a number')
    .positive('Hourly rate must be more than 0')
    .max(HOURLY_RATE_MAX, `Hourly rate must be at most ${HOURLY_RATE_MAX}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Hourly rate has at most 2 decimals (cents)'),
);

export const ZAddHourlyRateInput = z.object({
  userId: z.string('Choose a staff member').trim().min(1, 'Choose a staff member').max(64),
  /** The staff member's role; left out, their role in the organisation is used. */
  role: z.enum(ORGANIZATION_ROLES, 'Role must be one of the organisation roles').optional(),
  hourlyRate,
  effectiveDate: z
    .string()
    .trim()
    .refine(isCalendarDate, 'Effective date must be a date (YYYY-MM-DD)')
    .default(() => dayKey()),
});
export type TAddHourlyRateInput = z.infer<typeof ZAddHourlyRateInput>;

export const ZStaffUserIdInput = z.object({ userId: z.string().trim().min(1).max(64) });
export type TStaffUserIdInput = z.infer<typeof ZStaffUserIdInput>;

export const ZStaffHourlyRate = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  role: z.string(),
  hourlyRate: z.number(),
  hourlyRateCents: z.number().int(),
  effectiveDate: z.string(),
});
export type TStaffHourlyRate = z.infer<typeof ZStaffHourlyRate>;

export const ZStartTimeEntryInput = z.object({
  caseId: z.string('Choose a case').trim().min(1, 'Choose a case').max(64),
  description: z
    .string()
    .trim()
    .max(TIME_ENTRY_DESCRIPTION_MAX, `Description is at most ${TIME_ENTRY_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type TStartTimeEntryInput = z.infer<typeof ZStartTimeEntryInput>;

/** Most a past entry may last: a long theatre list or a day in court, not a forgotten timer. */
export const PAST_TIME_MAX_MINUTES = 16 * 60;

/**
 * Time recorded after the fact (issue 18: "add a past entry" on the case page): when it started
 * (an instant with its zone; the form sends South African time) and how many minutes it took. It
 * must have ended by now; it is priced at the rate in force on the day it started.
 */
export const ZRecordPastTimeInput = ZStartTimeEntryInput.extend({
  startTime: isoDateTime('Start must be a date and time'),
  durationMinutes: z.coerce
    .number('Duration must be a number of minutes')
    .int('Duration must be whole minutes')
    .min(1, 'Duration must be at least 1 minute')
    .max(PAST_TIME_MAX_MINUTES, `Duration must be at most ${PAST_TIME_MAX_MINUTES / 60} hours`),
});
export type TRecordPastTimeInput = z.infer<typeof ZRecordPastTimeInput>;

export const ZTimeEntryIdInput = z.object({ id: z.string().trim().min(1).max(64) });
export type TTimeEntryIdInput = z.infer<typeof ZTimeEntryIdInput>;

export const ZListMyTimeEntriesInput = z
  .object({
    limit: z.coerce
      .number('Limit must be a number')
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .max(MY_TIME_ENTRIES_MAX, `Limit must be at most ${MY_TIME_ENTRIES_MAX}`)
      .default(MY_TIME_ENTRIES_DEFAULT),
    /** Issue 18: only the caller's entries on this case (the case page's Time & costs). */
    caseId: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(64).optional()),
  })
  .optional();
export type TListMyTimeEntriesInput = z.infer<typeof ZListMyTimeEntriesInput>;

export const ZCaseIdInput = z.object({ caseId: z.string().trim().min(1).max(64) });
export type TCaseIdInput = z.infer<typeof ZCaseIdInput>;

/** SPEC §3.5 "case cost detail": one time entry, priced at the rate in force when it started. */
export const ZTimeEntry = z.object({
  id: z.string(),
  caseId: z.string(),
  patientName: z.string(),
  userId: z.string(),
  userName: z.string(),
  role: z.string(),
  description: z.string(),
  startTime: z.string(),
  /** Null while the entry is ongoing. */
  endTime: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  hours: z.number().nullable(),
  totalCost: z.number(),
  totalCostCents: z.number().int(),
  hourlyRate: z.number(),
  hourlyRateCents: z.number().int(),
});
export type TTimeEntry = z.infer<typeof ZTimeEntry>;

export const ZCaseCostSummary = z.object({
  caseId: z.string(),
  patientName: z.string(),
  caseType: z.string(),
  totalCost: z.number(),
  totalCostCents: z.number().int(),
  totalHours: z.number(),
  doctorCost: z.number(),
  doctorCostCents: z.number().int(),
  nurseCost: z.number(),
  nurseCostCents: z.number().int(),
  caseManagerCost: z.number(),
  caseManagerCostCents: z.number().int(),
  /** Every role other than Doctor, Nurse and Case Manager: the four parts sum to the total. */
  otherCost: z.number(),
  otherCostCents: z.number().int(),
  entryCount: z.number().int(),
});
export type TCaseCostSummary = z.infer<typeof ZCaseCostSummary>;

// A large hospital has tens of thousands of cases with recorded time: summaries come a page at a
// time, by patient name. Query-string fields arrive as text; no input means the first page.
export const ZCaseCostSummaryListInput = z
  .object({
    page: z.coerce.number('Page must be a number').int('Page must be a whole number').min(1, 'Page must be 1 or more').max(10_000, 'Page must be at most 10000').default(1),
    pageSize: z.coerce
      .number('Page size must be a number')
      .int('Page size must be a whole number')
      .min(1, 'Page size must be 1 or more')
      .max(COST_SUMMARIES_PAGE_SIZE_MAX, `Page size must be at most ${COST_SUMMARIES_PAGE_SIZE_MAX}`)
      .default(COST_SUMMARIES_PAGE_SIZE_DEFAULT),
  })
  .prefault({});
export type TCaseCostSummaryListInput = z.infer<typeof ZCaseCostSummaryListInput>;

export const ZCaseCostSummaryPage = z.object({
  items: z.array(ZCaseCostSummary),
  /** Cases of the organisation with at least one time entry. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TCaseCostSummaryPage = z.infer<typeof ZCaseCostSummaryPage>;
