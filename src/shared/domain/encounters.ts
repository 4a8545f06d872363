import { z } from 'zod';
import { isoDateTime, optionalText } from './cases';
import { ICD10_CODE_PATTERN, normalizeIcd10Code } from './icd10';
import { parseDecimal } from '../decimal';
import { enumWithAliases } from './wire-values';

// Encounters on a healthcare case (issue 22): a dated, typed contact with a clinician, a SOAP note,
// vitals and ICD-10 diagnoses. Append-only like notes: an amendment is a new encounter naming the one
// it amends (amendsId), and the amended one stays, shown as amended (amendedById).

// Lowercase kebab-case ids on the wire and in storage, the words in ENCOUNTER_TYPE_LABELS (decision
// 0060); the capitalised spellings of the release before are accepted for one release.
export const ENCOUNTER_TYPES = ['consultation', 'ward-round', 'theatre', 'emergency'] as const;
export type TEncounterType = (typeof ENCOUNTER_TYPES)[number];
export const ENCOUNTER_TYPE_LABELS: Record<TEncounterType, string> = { consultation: 'Consultation', 'ward-round': 'Ward round', theatre: 'Theatre', emergency: 'Emergency' };
const LEGACY_ENCOUNTER_TYPES: Readonly<Record<string, TEncounterType>> = { Consultation: 'consultation', 'Ward round': 'ward-round', Theatre: 'theatre', Emergency: 'emergency' };
export const ZEncounterType = enumWithAliases(ENCOUNTER_TYPES, LEGACY_ENCOUNTER_TYPES, `Choose a type: ${ENCOUNTER_TYPES.join(', ')}`);

export type TVitalKey = 'pulse' | 'systolic' | 'diastolic' | 'temperatureC' | 'respiratoryRate' | 'spo2' | 'weightKg';

/**
 * Plausible ranges: a value outside is almost certainly a typing error (a pulse of 720 for 72), so it
 * is refused rather than stored. The bounds are wider than any normal range — they are the extremes
 * seen in living adults and neonates as resuscitation and critical-care references report them
 * (e.g. hypothermia to 30 °C and hyperpyrexia to 45 °C, SpO2 readable by pulse oximetry from ~50 %,
 * a preterm neonate from 0.3 kg) — so a very sick patient's real reading is never refused.
 */
export const VITAL_RANGES: Record<TVitalKey, { label: string; unit: string; min: number; max: number; integer: boolean }> = {
  pulse: { label: 'Pulse', unit: 'bpm', min: 20, max: 250, integer: true },
  systolic: { label: 'Systolic pressure', unit: 'mmHg', min: 50, max: 280, integer: true },
  diastolic: { label: 'Diastolic pressure', unit: 'mmHg', min: 20, max: 180, integer: true },
  temperatureC: { label: 'Temperature', unit: '°C', min: 30, max: 45, integer: false },
  respiratoryRate: { label: 'Respiratory rate', unit: '/min', min: 4, max: 70, integer: true },
  spo2: { label: 'SpO2', unit: '%', min: 50, max: 100, integer: true },
  weightKg: { label: 'Weight', unit: 'kg', min: 0.3, max: 400, integer: false },
};
export const VITAL_KEYS = Object.keys(VITAL_RANGES) as TVitalKey[];

export const vitalRangeMessage = (key: TVitalKey): string => {
  const r = VITAL_RANGES[key];
  return `${r.label} must be between ${r.min} and ${r.max} ${r.unit}`;
};

// A form sends text; an empty field is no reading, and "37,2" (the decimal comma) is 37.2.
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' && v.trim() !== '' ? (parseDecimal(v) ?? v) : v);

const vital = (key: TVitalKey) => {
  const r = VITAL_RANGES[key];
  const message = vitalRangeMessage(key);
  let n = z.number({ error: message }).min(r.min, message).max(r.max, message);
  if (r.integer) n = n.int(`${r.label} must be a whole number`);
  return z.preprocess(blankToUndefined, n.optional());
};

/** A vital every observation set needs (issue 31: NEWS2 scores all seven): missing is "… is required". */
export const requiredVital = (key: TVitalKey) => {
  const r = VITAL_RANGES[key];
  const message = vitalRangeMessage(key);
  let n = z.number({ error: (issue) => (issue.input === undefined ? `${r.label} is required` : message) }).min(r.min, message).max(r.max, message);
  if (r.integer) n = n.int(`${r.label} must be a whole number`);
  return z.preprocess(blankToUndefined, n);
};

export const DIASTOLIC_ABOVE_SYSTOLIC = 'Diastolic pressure must be below the systolic';

export const ZVitalsInput = z
  .object(Object.fromEntries(VITAL_KEYS.map((k) => [k, vital(k)])) as { [K in TVitalKey]: ReturnType<typeof vital> })
  .refine((v) => v.systolic === undefined || v.diastolic === undefined || (v.diastolic as number) < (v.systolic as number), {
    message: DIASTOLIC_ABOVE_SYSTOLIC,
    path: ['diastolic'],
  });
export type TVitalsInput = { [K in TVitalKey]?: number };

export const ZVitals = z.object({
  pulse: z.number().nullable(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  temperatureC: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  spo2: z.number().nullable(),
  weightKg: z.number().nullable(),
});
export type TVitals = z.infer<typeof ZVitals>;

export const MAX_DIAGNOSES = 12;
export const ONE_PRIMARY_MESSAGE = 'Mark at most one diagnosis as primary';
export const DUPLICATE_CODE_MESSAGE = 'This code is already a diagnosis of the encounter';

export const ZDiagnosisInput = z.object({
  code: z
    .string({ error: 'Choose an ICD-10 code' })
    .max(10, 'Not an ICD-10 code')
    .transform(normalizeIcd10Code)
    .refine((c) => ICD10_CODE_PATTERN.test(c), 'Not an ICD-10 code (e.g. I10 or E11.9)'),
  primary: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(false)),
});

export const ZDiagnosesInput = z
  .array(ZDiagnosisInput)
  .max(MAX_DIAGNOSES, `At most ${MAX_DIAGNOSES} diagnoses`)
  .default([])
  .superRefine((list, ctx) => {
    if (list.filter((d) => d.primary).length > 1) ctx.addIssue({ code: 'custom', message: ONE_PRIMARY_MESSAGE, path: [] });
    const seen = new Set<string>();
    list.forEach((d, i) => {
      if (seen.has(d.code)) ctx.addIssue({ code: 'custom', message: DUPLICATE_CODE_MESSAGE, path: [i, 'code'] });
      seen.add(d.code);
    });
  });

/** A clock a few minutes fast (a tablet on the ward) is not a future encounter. */
export const OCCURRED_AT_TOLERANCE_MS = 5 * 60 * 1000;
export const FUTURE_MESSAGE = 'The encounter cannot be in the future';
export const SOAP_MAX = 20_000;

const encounterContent = {
  type: ZEncounterType,
  occurredAt: isoDateTime('When must be a date and time').refine((v) => Date.parse(v) <= Date.now() + OCCURRED_AT_TOLERANCE_MS, FUTURE_MESSAGE),
  subjective: optionalText(SOAP_MAX),
  objective: optionalText(SOAP_MAX),
  assessment: optionalText(SOAP_MAX),
  plan: optionalText(SOAP_MAX),
  diagnoses: ZDiagnosesInput,
  vitals: z.preprocess((v) => (v === null ? undefined : v), ZVitalsInput.optional()),
};

export const ZCreateEncounterInput = z.object({ id: z.string().min(1).max(64), ...encounterContent });
export type TCreateEncounterInput = z.infer<typeof ZCreateEncounterInput>;
export type TCreateEncounterForm = z.input<typeof ZCreateEncounterInput>;

export const ZAmendEncounterInput = z.object({ id: z.string().min(1).max(64), encounterId: z.string().min(1).max(64), ...encounterContent });
export type TAmendEncounterInput = z.infer<typeof ZAmendEncounterInput>;

export const ZEncounterDiagnosis = z.object({ code: z.string(), description: z.string(), primary: z.boolean() });
export type TEncounterDiagnosis = z.infer<typeof ZEncounterDiagnosis>;

export const ZEncounter = z.object({
  id: z.string(),
  type: ZEncounterType,
  occurredAt: z.string(),
  clinicianId: z.string().nullable(),
  clinicianName: z.string(),
  subjective: z.string().nullable(),
  objective: z.string().nullable(),
  assessment: z.string().nullable(),
  plan: z.string().nullable(),
  vitals: ZVitals,
  diagnoses: z.array(ZEncounterDiagnosis),
  amendsId: z.string().nullable(),
  amendedById: z.string().nullable(),
  createdAt: z.string(),
});
export type TEncounter = z.infer<typeof ZEncounter>;

export const ZEncounterList = z.object({ items: z.array(ZEncounter) });
export type TEncounterList = z.infer<typeof ZEncounterList>;
