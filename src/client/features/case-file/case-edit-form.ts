import { isoToSaWallClock, localInputToIso } from '../../../shared/calendar';
import { ZUpdateCaseInput, type TCaseShown as TCase, type TUpdateCaseInput } from '../../../shared/domain/cases';

// The edit form of a case (issue 18) holds what its inputs hold (strings, a checkbox); this turns it
// into the PATCH body with only the fields the person changed, checked by the shared schema.

export interface CaseEditFields {
  patientName: string;
  caseType: string;
  priority: string;
  status: string;
  description: string;
  department: string;
  scheduledDate: string;
  admissionDate: string;
  estimatedDischarge: string;
  progressPercentage: string;
  bedNumber: string;
  treatmentPlan: string;
  notes: string;
  /** One flag a line (commas also separate). */
  urgentFlags: string;
  restricted: boolean;
}

export type CaseEditField = keyof CaseEditFields;

const day = (iso: string | null | undefined) => (iso ? isoToSaWallClock(iso).slice(0, 10) : '');

export function fieldsOf(item: TCase): CaseEditFields {
  return {
    patientName: item.patientName,
    caseType: item.caseType,
    priority: item.priority,
    status: item.status,
    description: item.description ?? '',
    department: item.department ?? '',
    scheduledDate: item.scheduledDate ? isoToSaWallClock(item.scheduledDate) : '',
    admissionDate: day(item.admissionDate),
    estimatedDischarge: day(item.estimatedDischarge),
    progressPercentage: String(item.progressPercentage),
    bedNumber: item.bedNumber ?? '',
    treatmentPlan: item.treatmentPlan ?? '',
    notes: item.notes ?? '',
    urgentFlags: (item.urgentFlags ?? []).join('\n'),
    restricted: item.restricted,
  };
}

/** A calendar day typed in the form is that day in South Africa: midnight SAST, not UTC. */
const dayToIso = (value: string) => (value.trim() === '' ? '' : localInputToIso(`${value.trim()}T00:00`));

/** What each field means to the API; blank text is "not set". */
function comparable(fields: CaseEditFields): Record<CaseEditField, unknown> {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    patientName: fields.patientName.trim(),
    caseType: fields.caseType.trim(),
    priority: fields.priority,
    status: fields.status,
    description: text(fields.description),
    department: text(fields.department),
    scheduledDate: fields.scheduledDate.trim() === '' ? null : localInputToIso(fields.scheduledDate),
    admissionDate: dayToIso(fields.admissionDate) || null,
    estimatedDischarge: dayToIso(fields.estimatedDischarge) || null,
    progressPercentage: fields.progressPercentage.trim() === '' ? fields.progressPercentage : Number(fields.progressPercentage),
    bedNumber: text(fields.bedNumber),
    treatmentPlan: text(fields.treatmentPlan),
    notes: text(fields.notes),
    urgentFlags: fields.urgentFlags
      .split(/[\n,]/)
      .map((flag) => flag.trim())
      .filter(Boolean),
    restricted: fields.restricted,
  };
}

export type CaseEditResult =
  { ok: true; input: TUpdateCaseInput; changed: CaseEditField[] } | { ok: false; errors: Partial<Record<CaseEditField, string>> };

/**
 * The PATCH body: the fields that differ from what the editor saw, with the version they saw.
 * Nothing changed → an empty `changed` (the dialog just closes).
 */
export function buildCaseEdit(seen: TCase, fields: CaseEditFields): CaseEditResult {
  const before = comparable(fieldsOf(seen));
  const after = comparable(fields);
  const changed = (Object.keys(after) as CaseEditField[]).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  const body: Record<string, unknown> = {
    id: seen.id,
    expectedVersion: seen.version,
  };
  for (const key of changed) body[key] = after[key];
  const parsed = ZUpdateCaseInput.safeParse(body);
  if (!parsed.success) {
    const errors: Partial<Record<CaseEditField, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as CaseEditField | undefined;
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, input: parsed.data, changed };
}
