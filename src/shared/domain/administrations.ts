import { z } from 'zod';
import { isoDateTime, optionalText, requiredText } from './cases';
import { MEDICATION_TEXT_MAX, ZCaseMedication, ZMedicationRoute } from './clinical-results';
import { OCCURRED_AT_TOLERANCE_MS } from './encounters';
import { zDay } from './litigation-common';

// Doses given against a prescription (issue 31, decision 0054): given at, dose, route, by whom — or
// not given, with the reason (the patient refused, was nil by mouth, was off the ward). Append-only;
// the medication administration record (MAR) of a South African calendar day lists each
// prescription running that day with the doses recorded against it.

export const NOT_GIVEN_REASON_MAX = 500;

export const ZRecordAdministrationInput = z.object({
  /** The prescription (medication) the dose is given against. */
  id: z.string({ error: 'The medication is required' }).trim().min(1, 'The medication is required').max(64),
  givenAt: isoDateTime('Given at must be a date and time').refine((v) => Date.parse(v) <= Date.now() + OCCURRED_AT_TOLERANCE_MS, 'A dose cannot be given in the future'),
  dose: requiredText('Enter the dose given', MEDICATION_TEXT_MAX),
  route: ZMedicationRoute,
  /** Set when the dose was not given: the reason is the record. */
  notGivenReason: optionalText(NOT_GIVEN_REASON_MAX),
});
export type TRecordAdministrationInput = z.input<typeof ZRecordAdministrationInput>;

export const ZAdministration = z.object({
  id: z.string(),
  medicationId: z.string(),
  caseId: z.string(),
  givenAt: z.string(),
  dose: z.string(),
  route: z.string(),
  given: z.boolean(),
  notGivenReason: z.string().nullable(),
  byName: z.string().nullable(),
});
export type TAdministration = z.infer<typeof ZAdministration>;

export const ZMarInput = z.object({
  id: z.string().min(1).max(64),
  /** The South African calendar day (YYYY-MM-DD); today when not given. */
  date: z.preprocess((v) => (v === '' || v === null ? undefined : v), zDay('Date').optional()),
});

export const ZMar = z.object({
  date: z.string(),
  /** Each prescription running on the day (or with a dose recorded on it), with that day's doses, earliest first. */
  items: z.array(z.object({ medication: ZCaseMedication, administrations: z.array(ZAdministration) })),
});
export type TMar = z.infer<typeof ZMar>;
