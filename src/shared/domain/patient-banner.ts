import { z } from 'zod';
import { ZAllergyList } from './allergies';
import { DISCHARGE_DISPOSITIONS, saCalendarDay } from './admissions';

// The patient banner (issue 31): who this is, at the top of every screen of a hospital case —
// name, age and date of birth, sex, SA ID or folder number, allergies (or "no known allergies" as
// recorded, distinct from nothing recorded), alerts, and the bed they are in now.

export const ZPatientBanner = z.object({
  caseId: z.string(),
  personId: z.string().nullable(),
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  /** Whole years on today's South African date; null without a date of birth. */
  ageYears: z.number().nullable(),
  sex: z.enum(['female', 'male']).nullable(),
  /** Whole or masked, as the reader may see it (decision 0042). */
  idNumber: z.string().nullable(),
  passportNumber: z.string().nullable(),
  folderNumber: z.string().nullable(),
  /** Null when the case has no person of the registry (nothing to hold allergies). */
  allergies: ZAllergyList.nullable(),
  /** The case's urgent flags. */
  alerts: z.array(z.string()),
  /** The open stay. */
  bed: z.object({ admissionId: z.string(), bedNumber: z.string().nullable(), ward: z.string().nullable(), admittedAt: z.string() }).nullable(),
  /** The last discharge of this case, once the stay has ended. */
  lastDischarge: z.object({ at: z.string(), disposition: z.enum(DISCHARGE_DISPOSITIONS).nullable() }).nullable(),
});
export type TPatientBanner = z.infer<typeof ZPatientBanner>;

/** Whole years between a date of birth (YYYY-MM-DD) and the South African date of `now`. */
export function ageInYears(dateOfBirth: string, now: string | Date): number {
  const today = saCalendarDay(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
