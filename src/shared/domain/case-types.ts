import { z } from 'zod';
import type { TPlatform } from '../platform';
import { requiredText } from './cases';

// Case types from a list (issue 32): each platform ships the kinds of case its organisations open,
// and an organisation adds its own (case_types, migration 0026). The new-case dialog offers both;
// a case's type stays text, so a case opened before the list keeps its words.
// GET /api/case-types, POST /api/case-types {name}, DELETE /api/case-types/{id}.

export const SHIPPED_CASE_TYPES: Record<TPlatform, readonly string[]> = {
  healthcare: [
    'Consultation', 'Maternity', 'Cardiac Surgery', 'Hip Replacement', 'Knee Replacement', 'Hip Fracture Fixation', 'Stroke Rehabilitation',
    'Type 2 Diabetes Management', 'Hypertension Management', 'Community-acquired Pneumonia', 'Tuberculosis Treatment Initiation',
    'Motor Vehicle Accident Trauma', 'Gastroenteritis with Dehydration',
  ],
  legal: [
    'Personal Injury (RAF Claim)', 'Unfair Dismissal (CCMA)', 'Labour Court Review', 'Commercial Contract Dispute', 'Shareholder Dispute',
    'Debt Recovery', 'Lease Dispute', 'Eviction Defence (PIE Act)', 'Divorce Settlement', 'Deceased Estate', 'Will Drafting',
    'Property Transfer (Conveyancing)', 'Trademark Opposition', 'Trademark Infringement',
  ],
  medicolegal: [
    'Birth Injury Claim', 'Cerebral Palsy Claim', 'Surgical Negligence', 'Retained Surgical Swab', 'Misdiagnosis Claim', 'Missed Fracture Diagnosis',
    'Medication Error Claim', 'Hospital-acquired Infection', 'Wrongful Death Claim',
  ],
};

export const CASE_TYPE_NAME_MAX = 100;

/** One spelling per organisation: names that differ only in case or spaces are the same type. */
export function caseTypeKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export const ZAddCaseTypeInput = z.object({ name: requiredText('Name the case type', CASE_TYPE_NAME_MAX) });
export type TAddCaseTypeInput = z.infer<typeof ZAddCaseTypeInput>;
export const ZCaseTypeIdInput = z.object({ id: z.string().trim().min(1, 'Choose a case type').max(100) });

export const ZCaseTypeList = z.object({
  items: z.array(
    z.object({
      /** The organisation's own type's id (it can be removed); null for a shipped one. */
      id: z.string().nullable(),
      name: z.string(),
    }),
  ),
});
export type TCaseTypeList = z.infer<typeof ZCaseTypeList>;

/** The shipped list, then the organisation's own types by name; an own type with a shipped name is not repeated. */
export function mergeCaseTypes(platform: TPlatform, own: readonly { id: string; name: string }[]): TCaseTypeList {
  const shipped = SHIPPED_CASE_TYPES[platform];
  const taken = new Set(shipped.map(caseTypeKey));
  const mine = own.filter((t) => !taken.has(caseTypeKey(t.name))).sort((a, b) => a.name.localeCompare(b.name));
  return { items: [...shipped.map((name) => ({ id: null, name })), ...mine.map((t) => ({ id: t.id, name: t.name }))] };
}
