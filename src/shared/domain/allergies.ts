import { z } from 'zod';
import { optionalText, requiredText } from './cases';

// Allergies on the person (issue 31, decision 0054): substance, reaction, severity, who recorded it
// when. Never deleted — a wrong entry is marked entered-in-error and stops counting. "No known
// allergies" is a record of its own (who, when), distinct from nothing recorded.

export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe', 'unknown'] as const;
export type TAllergySeverity = (typeof ALLERGY_SEVERITIES)[number];
export const ALLERGY_SEVERITY_LABELS: Record<TAllergySeverity, string> = { mild: 'Mild', moderate: 'Moderate', severe: 'Severe', unknown: 'Severity unknown' };

/** What the banner says: allergies on record, "no known allergies" as recorded, or nothing recorded yet. */
export const ALLERGY_STATUSES = ['recorded', 'none-known', 'not-recorded'] as const;
export type TAllergyStatus = (typeof ALLERGY_STATUSES)[number];

export const SUBSTANCE_MAX = 100;
export const REACTION_MAX = 200;

const personId = z.string({ error: 'The person is required' }).trim().min(1, 'The person is required').max(64);

export const ZCreateAllergyInput = z.object({
  id: personId,
  substance: requiredText('Name the substance (a drug, drug class, food or other)', SUBSTANCE_MAX),
  reaction: optionalText(REACTION_MAX),
  severity: z.enum(ALLERGY_SEVERITIES, { error: `Severity must be one of: ${ALLERGY_SEVERITIES.join(', ')}` }),
});
export type TCreateAllergyInput = z.input<typeof ZCreateAllergyInput>;

export const ZEnteredInErrorInput = z.object({
  id: z.string({ error: 'The allergy is required' }).trim().min(1, 'The allergy is required').max(64),
  reason: optionalText(500),
});
export type TEnteredInErrorInput = z.input<typeof ZEnteredInErrorInput>;

export const ZNoKnownAllergiesInput = z.object({ id: personId });

export const ZAllergy = z.object({
  id: z.string(),
  personId: z.string(),
  substance: z.string(),
  reaction: z.string().nullable(),
  severity: z.enum(ALLERGY_SEVERITIES),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
  /** Set when the entry was wrong: it stays on the record, struck through, and no longer warns. */
  enteredInError: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string().nullable() }).nullable(),
});
export type TAllergy = z.infer<typeof ZAllergy>;

export const ZAllergyList = z.object({
  status: z.enum(ALLERGY_STATUSES),
  /** When and by whom "no known allergies" was recorded (status none-known). */
  noKnownAllergies: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
  /** Active entries first (most severe first), then those entered in error. */
  items: z.array(ZAllergy),
});
export type TAllergyList = z.infer<typeof ZAllergyList>;

const SEVERITY_ORDER: Record<TAllergySeverity, number> = { severe: 0, moderate: 1, unknown: 2, mild: 3 };

/** The list as every reader shows it: status from the active entries, most severe first. */
export function allergyList(items: readonly TAllergy[], noKnownAllergies: TAllergyList['noKnownAllergies']): TAllergyList {
  const sorted = [...items].sort(
    (a, b) => Number(a.enteredInError !== null) - Number(b.enteredInError !== null) || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.substance.localeCompare(b.substance),
  );
  const active = sorted.some((a) => a.enteredInError === null);
  return { status: active ? 'recorded' : noKnownAllergies ? 'none-known' : 'not-recorded', noKnownAllergies: active ? null : noKnownAllergies, items: sorted };
}
