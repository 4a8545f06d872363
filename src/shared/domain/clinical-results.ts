import { z } from 'zod';
import { enumWithAliases } from './wire-values';
import { optionalText, requiredText } from './cases';
import { zDay } from './litigation-common';
import { CONSCIOUSNESS_LEVELS, NEWS2_BANDS } from './news2';

// Results and medications entered by clinicians on a case (issue 22). They land in the test_results
// and medications tables of 0003 (which the portal and the dashboards already read), with the
// columns 0016 added: value, unit, flag and a report PDF; route and who stopped a medication when.
// Decisions (docs/decisions/0038-results-and-medications.md):
// - flag: Normal, Low, High, Critical, Abnormal (the laboratory's H / L / C / A). A result entered
//   with a value is 'Final' when Normal or unflagged, 'Abnormal' otherwise (the portal's statuses).
// - route: the routes a South African medication chart names (Oral, IV, IM, SC, Topical, Inhaled,
//   Sublingual, Rectal (PR), Vaginal (PV), Nasal, Eye, Ear, Transdermal, Nebulised).
// - a medication is never deleted: stopping sets the stop date and keeps who stopped it when; a
//   second stop is a 409. The stop date is on or after the start date.
// - a report is a PDF uploaded to the same case first (POST /api/documents); the result names it.

export const RESULT_FLAGS = ['Normal', 'Low', 'High', 'Critical', 'Abnormal'] as const;
export const ZResultFlag = z.enum(RESULT_FLAGS, { error: `Flag must be one of: ${RESULT_FLAGS.join(', ')}` });
export type TResultFlag = z.infer<typeof ZResultFlag>;

// Lowercase kebab-case ids on the wire and in storage, the words in MEDICATION_ROUTE_LABELS (decision
// 0060); the capitalised spellings of the release before are accepted for one release.
export const MEDICATION_ROUTES = [
  'oral', 'iv', 'im', 'sc', 'sublingual', 'topical', 'transdermal', 'inhaled', 'nebulised', 'nasal', 'eye', 'ear', 'rectal', 'vaginal',
] as const;
export type TMedicationRoute = (typeof MEDICATION_ROUTES)[number];
const LEGACY_MEDICATION_ROUTES: Readonly<Record<string, TMedicationRoute>> = {
  Oral: 'oral', IV: 'iv', IM: 'im', SC: 'sc', Sublingual: 'sublingual', Topical: 'topical', Transdermal: 'transdermal', Inhaled: 'inhaled',
  Nebulised: 'nebulised', Nasal: 'nasal', Eye: 'eye', Ear: 'ear', 'Rectal (PR)': 'rectal', 'Vaginal (PV)': 'vaginal',
};
export const ZMedicationRoute = enumWithAliases(MEDICATION_ROUTES, LEGACY_MEDICATION_ROUTES, `Route must be one of: ${MEDICATION_ROUTES.join(', ')}`);

export const MEDICATION_ROUTE_LABELS: Record<TMedicationRoute, string> = {
  oral: 'Oral (by mouth)', iv: 'IV (intravenous)', im: 'IM (intramuscular)', sc: 'SC (subcutaneous)', sublingual: 'Sublingual',
  topical: 'Topical', transdermal: 'Transdermal (patch)', inhaled: 'Inhaled', nebulised: 'Nebulised', nasal: 'Nasal', eye: 'Eye drops',
  ear: 'Ear drops', rectal: 'Rectal (PR)', vaginal: 'Vaginal (PV)',
};

/** The short words for a stored route (a list, a letter): 'oral' → 'Oral', 'iv' → 'IV'; text from before the list as it was. */
export function routeWords(route: string | null | undefined): string {
  if (!route) return '';
  const id = (MEDICATION_ROUTES as readonly string[]).includes(route) ? (route as TMedicationRoute) : LEGACY_MEDICATION_ROUTES[route];
  return id ? ROUTE_SHORT[id] : route;
}

const ROUTE_SHORT: Record<TMedicationRoute, string> = {
  oral: 'Oral', iv: 'IV', im: 'IM', sc: 'SC', sublingual: 'Sublingual', topical: 'Topical', transdermal: 'Transdermal', inhaled: 'Inhaled',
  nebulised: 'Nebulised', nasal: 'Nasal', eye: 'Eye drops', ear: 'Ear drops', rectal: 'PR', vaginal: 'PV',
};

/** Laboratory sections, for the category the portal groups by; guessed from the test's name when not given. */
export const RESULT_CATEGORIES = ['Haematology', 'Chemistry', 'Microbiology', 'Radiology', 'Point of care', 'Other'] as const;
export const ZResultCategory = z.enum(RESULT_CATEGORIES, { error: `Category must be one of: ${RESULT_CATEGORIES.join(', ')}` });
export type TResultCategory = z.infer<typeof ZResultCategory>;

const CATEGORY_WORDS: readonly [TResultCategory, RegExp][] = [
  ['Haematology', /\b(fbc|full blood|haemoglobin|hb|wcc|white cell|platelet|inr|ptt|esr|haematocrit|cbc)\b/i],
  ['Chemistry', /\b(u&e|urea|creatinine|sodium|potassium|glucose|hba1c|crp|lft|alt|ast|lipid|cholesterol|troponin|tsh|albumin|bilirubin|egfr|calcium|magnesium)\b/i],
  ['Microbiology', /\b(culture|mc&s|swab|pcr|gram|sensitivity)\b/i],
  ['Radiology', /\b(x-ray|xray|ct|mri|ultrasound|sonar|scan)\b/i],
  ['Point of care', /\b(fingerprick|hgt|dipstix|urine dip|bedside|poc)\b/i],
];

export function categoryOfTest(test: string): TResultCategory {
  return CATEGORY_WORDS.find(([, words]) => words.test(test))?.[0] ?? 'Other';
}

export const RESULT_TEXT_MAX = 200;

export const ZCreateResultInput = z.object({
  id: z.string().trim().min(1).max(64),
  test: requiredText('Name the test', RESULT_TEXT_MAX),
  value: requiredText('Enter the value', RESULT_TEXT_MAX),
  unit: optionalText(40),
  referenceRange: optionalText(100),
  flag: z.preprocess((v) => (v === '' ? null : v), ZResultFlag.nullish()).transform((v) => v ?? null),
  category: z.preprocess((v) => (v === '' ? null : v), ZResultCategory.nullish()).transform((v) => v ?? null),
  /** A PDF uploaded to this case (POST /api/documents) that is the laboratory's report. */
  reportDocumentId: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(64).nullish()).transform((v) => v ?? null),
  /** Issue 31: release to the patient's portal now (needs results.release); held until a clinician releases it otherwise. */
  releaseToPatient: z.boolean({ error: 'releaseToPatient must be true or false' }).optional(),
});
export type TCreateResultInput = z.input<typeof ZCreateResultInput>;
export type TCreateResultValues = z.output<typeof ZCreateResultInput>;

export const ZCaseResult = z.object({
  id: z.string(),
  caseId: z.string(),
  test: z.string(),
  category: z.string(),
  value: z.string().nullable(),
  unit: z.string().nullable(),
  /** "value unit" for rows entered here; the laboratory's summary for older rows. */
  summary: z.string(),
  referenceRange: z.string().nullable(),
  flag: ZResultFlag.nullable(),
  status: z.string(),
  at: z.string(),
  byName: z.string().nullable(),
  report: z.object({ id: z.string(), fileName: z.string() }).nullable(),
  /** Issue 31: held from the portal until a clinician releases it (null: held). */
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
});
export type TCaseResult = z.infer<typeof ZCaseResult>;

export const ZReleaseResultInput = z.object({ id: z.string({ error: 'The result is required' }).trim().min(1, 'The result is required').max(64) });
export type TReleaseResultInput = z.infer<typeof ZReleaseResultInput>;
export const ALREADY_RELEASED_MESSAGE = 'This result was already released to the patient';
export const ZCaseResultList = z.object({ items: z.array(ZCaseResult) });
export type TCaseResultList = z.infer<typeof ZCaseResultList>;

export const MEDICATION_TEXT_MAX = 200;

export const ZCreateMedicationInput = z.object({
  id: z.string().trim().min(1).max(64),
  name: requiredText('Name the medication', MEDICATION_TEXT_MAX),
  dose: requiredText('Enter the dose', MEDICATION_TEXT_MAX),
  route: ZMedicationRoute,
  frequency: requiredText('Enter how often', MEDICATION_TEXT_MAX),
  startDate: zDay('Start date'),
  instructions: optionalText(1000),
  /** Issue 31: the prescriber saw the recorded-allergy warning and prescribes anyway (else a match is a 409). */
  allergyAcknowledged: z.boolean({ error: 'allergyAcknowledged must be true or false' }).optional(),
});
export type TCreateMedicationInput = z.input<typeof ZCreateMedicationInput>;
export type TCreateMedicationValues = z.output<typeof ZCreateMedicationInput>;

export const ZStopMedicationInput = z.object({
  id: z.string().trim().min(1).max(64),
  stopDate: zDay('Stop date'),
});
export type TStopMedicationInput = z.infer<typeof ZStopMedicationInput>;

export const CASE_MEDICATION_STATUSES = ['Active', 'Stopped', 'Completed'] as const;

export const ZCaseMedication = z.object({
  id: z.string(),
  caseId: z.string(),
  name: z.string(),
  dose: z.string(),
  route: z.string().nullable(),
  frequency: z.string(),
  instructions: z.string().nullable(),
  startDate: z.string(),
  stopDate: z.string().nullable(),
  status: z.enum(CASE_MEDICATION_STATUSES),
  prescriberName: z.string().nullable(),
  /** The prescriber's role when prescribing (issue 31), e.g. Doctor; null on older rows. */
  prescriberRole: z.string().nullable(),
  /** Chosen in the discharge review: continue (on the GP letter) or stop. */
  dischargeAction: z.enum(['continue', 'stop']).nullable(),
  stoppedByName: z.string().nullable(),
  stoppedAt: z.string().nullable(),
});
export type TCaseMedication = z.infer<typeof ZCaseMedication>;
export const ZCaseMedicationList = z.object({ items: z.array(ZCaseMedication) });
export type TCaseMedicationList = z.infer<typeof ZCaseMedicationList>;

export const ALREADY_STOPPED_MESSAGE = 'This medication was already stopped';

// The clinical dashboard's vitals monitor (SPEC §2.9): each active patient's newest vitals, from the
// newest encounter that recorded any and was not amended since (part A writes encounters), or the
// newest observation set (issue 31), with its NEWS2; the highest score first.
export const VITALS_MONITOR_LIMIT = 8;

export const ZLatestVitals = z.object({
  caseId: z.string(),
  patientName: z.string(),
  bedNumber: z.string().nullable(),
  priority: z.string(),
  recordedAt: z.string(),
  pulse: z.number().nullable(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  temperatureC: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  spo2: z.number().nullable(),
  weightKg: z.number().nullable(),
  /** Issue 31: from the newest observation set of the case (NEWS2 needs all seven); null without one. */
  news2: z.number().nullable(),
  band: z.enum(NEWS2_BANDS).nullable(),
  onOxygen: z.boolean().nullable(),
  consciousness: z.enum(CONSCIOUSNESS_LEVELS).nullable(),
  /** The ward of the patient's bed. */
  ward: z.string().nullable(),
});
export type TLatestVitals = z.infer<typeof ZLatestVitals>;
export const ZLatestVitalsList = z.object({ items: z.array(ZLatestVitals) });
export type TLatestVitalsList = z.infer<typeof ZLatestVitalsList>;

/** Adult early-warning bounds (NEWS2's "score 0" band edges): outside them a value is shown as a concern. */
export const VITAL_CONCERN: Record<'pulse' | 'systolic' | 'temperatureC' | 'respiratoryRate' | 'spo2', { low: number; high: number }> = {
  pulse: { low: 51, high: 90 },
  systolic: { low: 111, high: 219 },
  temperatureC: { low: 36.1, high: 38.0 },
  respiratoryRate: { low: 12, high: 20 },
  spo2: { low: 96, high: 100 },
};

export function isVitalConcern(key: keyof typeof VITAL_CONCERN, value: number | null): boolean {
  if (value === null) return false;
  const band = VITAL_CONCERN[key];
  return value < band.low || value > band.high;
}
