import type { Updateable } from 'kysely';
import type { CasesTable } from '../../../../db/schema';
import { CASE_FIELD_LABELS, type TCase, type TUpdateCaseInput } from '../../../shared/domain/cases';
import type { TFieldChange } from '../../../shared/domain/case-timeline';
import { PLATFORM_CONFIG, type TPlatform } from '../../../shared/platform';

// What an edit of a case changes (case-edit.service.ts): the column values to write and the
// timeline's "old → new" lines, as a person reads them — names for people, "Yes"/"No" for restricted,
// urgent flags joined by ", ". Dates stay ISO; the screen formats them.

/** Each editable field of ZUpdateCaseInput and its column. */
export const EDITABLE_COLUMNS = {
  patientName: 'patient_name',
  caseType: 'case_type',
  description: 'description',
  scheduledDate: 'scheduled_date',
  patientUserId: 'patient_user_id',
  assignedDoctorId: 'assigned_doctor_id',
  assignedNurseId: 'assigned_nurse_id',
  caseManagerId: 'case_manager_id',
  department: 'department',
  admissionDate: 'admission_date',
  estimatedDischarge: 'estimated_discharge',
  bedNumber: 'bed_number',
  treatmentPlan: 'treatment_plan',
  notes: 'notes',
  priority: 'priority',
  status: 'status',
  progressPercentage: 'progress_percentage',
  urgentFlags: 'urgent_flags',
  restricted: 'restricted',
} as const satisfies Record<string, keyof CasesTable>;
export type TEditableField = keyof typeof EDITABLE_COLUMNS;

/** The fields whose values are user ids (shown as names on the timeline). */
export const PEOPLE_FIELDS = ['patientUserId', 'assignedDoctorId', 'assignedNurseId', 'caseManagerId'] as const;

export interface CaseEdit {
  /** The fields the input sets to a value other than the current one. */
  changed: TEditableField[];
  set: Updateable<CasesTable>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `input` that differ from `current`, and the columns to write for them. */
export function diffCase(current: TCase, input: TUpdateCaseInput): CaseEdit {
  const changed: TEditableField[] = [];
  const set: Record<string, unknown> = {};
  for (const field of Object.keys(EDITABLE_COLUMNS) as TEditableField[]) {
    const value = input[field];
    if (value === undefined || same(value, current[field])) continue;
    changed.push(field);
    set[EDITABLE_COLUMNS[field]] = field === 'urgentFlags' ? JSON.stringify(value) : field === 'restricted' ? (value ? 1 : 0) : value;
  }
  return { changed, set: set as Updateable<CasesTable> };
}

function labelOf(field: TEditableField, platform: TPlatform): string {
  const team = PLATFORM_CONFIG[platform].teamLabels;
  if (field === 'assignedDoctorId') return team.doctor;
  if (field === 'assignedNurseId') return team.nurse;
  if (field === 'caseManagerId') return team.caseManager;
  return CASE_FIELD_LABELS[field] ?? field;
}

function shown(field: TEditableField, value: unknown, names: Map<string, string>): string | null {
  if (value === null || value === undefined) return null;
  if ((PEOPLE_FIELDS as readonly string[]).includes(field)) return names.get(String(value)) ?? String(value);
  if (field === 'urgentFlags') return Array.isArray(value) && value.length > 0 ? value.join(', ') : null;
  if (field === 'restricted') return value ? 'Yes' : 'No';
  if (field === 'progressPercentage') return `${String(value)}%`;
  return String(value);
}

/** The timeline's lines for a write: from the case before to the case after, field by field. */
export function fieldChanges(fields: readonly TEditableField[], before: TCase, after: TCase, platform: TPlatform, names: Map<string, string>): TFieldChange[] {
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, label: labelOf(field, platform), from: shown(field, before[field], names), to: shown(field, after[field], names) }));
}
