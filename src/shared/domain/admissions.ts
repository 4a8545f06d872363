import { z } from 'zod';

// Issue 22: admit a person of the registry to a bed, transfer them bed to bed, discharge them, and
// the ward census. Quick Assign / Release (beds.ts, SPEC §2.11) stay; an admission is the fuller
// record of a stay: a person, a case, who and when, and a discharge summary.

const id = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} is at most 64 characters`);

/** The bed statuses a discharge may leave the bed in: ready for the next patient, or to be cleaned first. */
export const DISCHARGE_BED_STATUSES = ['Available', 'Cleaning'] as const;
export type TDischargeBedStatus = (typeof DISCHARGE_BED_STATUSES)[number];

export const DISCHARGE_SUMMARY_MAX = 5000;

/** Issue 31: where the patient went (NULL on a stay a quick Release ended: no clinical discharge). */
export const DISCHARGE_DISPOSITIONS = ['home', 'transfer-out', 'death', 'absconded'] as const;
export type TDischargeDisposition = (typeof DISCHARGE_DISPOSITIONS)[number];
export const DISCHARGE_MEDICATION_ACTIONS = ['continue', 'stop'] as const;
export type TDischargeMedicationAction = (typeof DISCHARGE_MEDICATION_ACTIONS)[number];
export const DISPOSITION_LABELS: Record<TDischargeDisposition, string> = { home: 'Home', 'transfer-out': 'Transferred out', death: 'Died', absconded: 'Absconded' };
/** Days of occupancy history the census carries per ward. */
export const CENSUS_HISTORY_DAYS = 30;
/** The case type of a case an admission opens for a person who has none. */
export const ADMISSION_CASE_TYPE = 'Inpatient admission';

/** An ISO date-time or a YYYY-MM-DD day; empty means none. Kept as the ISO string it names. */
const estimatedDischarge = z
  .string({ error: 'Estimated discharge must be a date' })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T10:00:00+02:00` : v);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Estimated discharge must be a date' });
      return z.NEVER;
    }
    return at.toISOString();
  });

export const ZAdmitInput = z
  .object({
    personId: id('Person'),
    bedId: id('Bed'),
    /** The case the stay belongs to; without one the person's open case is used (issue 31). */
    caseId: z
      .string()
      .trim()
      .max(64)
      .nullish()
      .transform((v) => v || null),
    /** Open a new "Inpatient admission" case even when the person has an open one: a deliberate choice. */
    newCase: z.boolean({ error: 'newCase must be true or false' }).optional(),
    estimatedDischarge,
  })
  .superRefine((input, ctx) => {
    if (input.caseId && input.newCase) ctx.addIssue({ code: 'custom', path: ['newCase'], message: 'Choose a case or a new case, not both' });
  });
export type TAdmitInput = z.input<typeof ZAdmitInput>;
export type TAdmitInputParsed = z.output<typeof ZAdmitInput>;

export const TRANSFER_REASON_MAX = 500;

/** Issue 31: a transfer says why (step-up to ICU, isolation, closer to theatre …); it is on the timeline. */
export const ZTransferInput = z.object({
  id: id('Admission'),
  bedId: id('Bed'),
  reason: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Give the reason for the transfer' : 'The reason must be text') })
    .trim()
    .min(1, 'Give the reason for the transfer')
    .max(TRANSFER_REASON_MAX, `The reason is at most ${TRANSFER_REASON_MAX} characters`),
});
export type TTransferInput = z.infer<typeof ZTransferInput>;

export const ZDischargeInput = z.object({
  id: id('Admission'),
  bedStatus: z.enum(DISCHARGE_BED_STATUSES, `Bed status must be one of ${DISCHARGE_BED_STATUSES.join(', ')}`),
  summary: z
    .string({ error: 'Summary must be text' })
    .trim()
    .max(DISCHARGE_SUMMARY_MAX, `The summary is at most ${DISCHARGE_SUMMARY_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
  /** Issue 31: where the patient went. */
  disposition: z.enum(DISCHARGE_DISPOSITIONS, `Disposition must be one of ${DISCHARGE_DISPOSITIONS.join(', ')}`),
  /** Issue 31: every active medication of the case, reviewed: continue (on the GP letter) or stop. */
  medications: z
    .array(z.object({ medicationId: id('Medication'), action: z.enum(DISCHARGE_MEDICATION_ACTIONS, `Action must be one of ${DISCHARGE_MEDICATION_ACTIONS.join(', ')}`) }))
    .max(50, 'At most 50 medications')
    .optional()
    .default([]),
});
export type TDischargeInput = z.input<typeof ZDischargeInput>;

export const ZAdmission = z.object({
  id: z.string(),
  personId: z.string(),
  personName: z.string(),
  caseId: z.string(),
  caseReference: z.string().nullable(),
  /** Null once discharged. */
  bedId: z.string().nullable(),
  bedNumber: z.string().nullable(),
  ward: z.string().nullable(),
  admittedAt: z.string(),
  estimatedDischarge: z.string().nullable(),
  dischargedAt: z.string().nullable(),
  disposition: z.enum(DISCHARGE_DISPOSITIONS).nullable(),
  /** The discharge summary PDF on the case's Documents tab, when one was written. */
  summaryDocumentId: z.string().nullable(),
  version: z.number(),
});
export type TAdmission = z.infer<typeof ZAdmission>;

export const ZListAdmissionsInput = z.object({}).optional();

export const ZCensusPatient = z.object({
  /** Null for a quick-Assign stay, which names only a patient ID. */
  personId: z.string().nullable(),
  /** The person's name, or the quick-Assign patient ID. */
  name: z.string(),
  admissionId: z.string().nullable(),
  caseId: z.string().nullable(),
  bedId: z.string(),
  bedNumber: z.string(),
  admittedAt: z.string(),
  estimatedDischarge: z.string().nullable(),
  lengthOfStayDays: z.number(),
});
export type TCensusPatient = z.infer<typeof ZCensusPatient>;

export const ZCensusWard = z.object({
  ward: z.string(),
  beds: z.number(),
  occupied: z.number(),
  patients: z.array(ZCensusPatient),
  /** Occupied beds at the end of each of the last CENSUS_HISTORY_DAYS South African days, oldest first. */
  history: z.array(z.object({ date: z.string(), occupied: z.number() })),
});
export type TCensusWard = z.infer<typeof ZCensusWard>;

export const ZWardCensus = z.object({
  /** The South African day the census is of (YYYY-MM-DD). */
  date: z.string(),
  wards: z.array(ZCensusWard),
  /** Admitted patients whose estimated discharge falls on that day. */
  expectedDischargesToday: z.array(ZCensusPatient.extend({ ward: z.string() })),
});
export type TWardCensus = z.infer<typeof ZWardCensus>;

const saDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The South African calendar day (YYYY-MM-DD) of an instant. */
export function saCalendarDay(at: string | Date): string {
  return saDay.format(typeof at === 'string' ? new Date(at) : at);
}

/** Whole South African calendar days between two instants: admitted today is 0, yesterday 1. */
export function lengthOfStayDays(admittedAt: string, now: string | Date): number {
  const from = Date.parse(`${saCalendarDay(admittedAt)}T00:00:00Z`);
  const to = Date.parse(`${saCalendarDay(now)}T00:00:00Z`);
  return Math.max(0, Math.round((to - from) / 86_400_000));
}

/** The last `days` South African days ending with today's, oldest first (YYYY-MM-DD). */
export function lastSaDays(now: string | Date, days: number): string[] {
  const today = Date.parse(`${saCalendarDay(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** The instant a South African day ends (midnight SA = 22:00 UTC the day before the next). */
export function endOfSaDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 22 * 3_600_000).toISOString();
}

export interface CensusStay {
  ward: string;
  assignedAt: string;
  releasedAt: string | null;
}

/**
 * Occupied beds per ward at the end of each day: a stay counts on a day when it began before that
 * day ended and was not released by then. Pure, so the server and the demo compute the same.
 */
export function occupancyHistory(wards: readonly string[], stays: readonly CensusStay[], now: string | Date, days = CENSUS_HISTORY_DAYS): Map<string, { date: string; occupied: number }[]> {
  const dayList = lastSaDays(now, days);
  const nowIsoText = typeof now === 'string' ? now : now.toISOString();
  const result = new Map<string, { date: string; occupied: number }[]>();
  for (const ward of wards) {
    const wardStays = stays.filter((s) => s.ward === ward);
    result.set(
      ward,
      dayList.map((date) => {
        // Today's figure is the beds occupied now, not at midnight still to come.
        const end = date === dayList[dayList.length - 1] ? nowIsoText : endOfSaDay(date);
        return { date, occupied: wardStays.filter((s) => s.assignedAt <= end && (s.releasedAt === null || s.releasedAt > end)).length };
      }),
    );
  }
  return result;
}
