import { z } from 'zod';

// SPEC §2.11, §3.5, §4 and §5: beds of a healthcare organisation, their assignment to patients and
// the history of those assignments.

export const BED_TYPES = ['General', 'ICU', 'Emergency', 'Maternity'] as const;
// Cleaning (issue 22): a bed a patient has left, to be cleaned before the next; Edit puts it back to Available.
export const BED_STATUSES = ['Available', 'Occupied', 'Maintenance', 'Reserved', 'Cleaning'] as const;
export type TBedType = (typeof BED_TYPES)[number];
export type TBedStatus = (typeof BED_STATUSES)[number];

export const BED_NUMBER_MAX = 20;
export const WARD_MAX = 100;
export const BED_NOTES_MAX = 1000;
export const PATIENT_ID_MAX = 64;

const id = z.string().trim().min(1).max(64);

/** A text field whose absence reads as "required" and whose wrong type reads as such. */
const text = (label: string, required: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text`) });

const bedNumber = text('Bed Number', 'Bed Number is required').trim().min(1, 'Bed Number is required').max(BED_NUMBER_MAX, `Bed Number is at most ${BED_NUMBER_MAX} characters`);
const ward = text('Ward', 'Ward is required').trim().min(1, 'Ward is required').max(WARD_MAX, `Ward is at most ${WARD_MAX} characters`);
const bedType = z.enum(BED_TYPES, `Bed type must be one of ${BED_TYPES.join(', ')}`);
const bedStatus = z.enum(BED_STATUSES, `Status must be one of ${BED_STATUSES.join(', ')}`);

// The nurse picker's 'No assignment' option arrives as null or ''. Left out (undefined) means
// "keep what is stored" on an edit, so it stays undefined here.
const assignedNurseId = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

const notes = z
  .string()
  .trim()
  .max(BED_NOTES_MAX, `Notes are at most ${BED_NOTES_MAX} characters`)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

export const ZCreateBedInput = z.object({
  bedNumber,
  ward,
  bedType: bedType.default('General'),
  status: bedStatus.default('Available'),
  assignedNurseId,
  notes,
});
export type TCreateBedInput = z.infer<typeof ZCreateBedInput>;

// PUT carries the same fields as POST; a field left out keeps its stored value.
export const ZUpdateBedInput = z.object({
  id,
  bedNumber: bedNumber.optional(),
  ward: ward.optional(),
  bedType: bedType.optional(),
  status: bedStatus.optional(),
  assignedNurseId,
  notes,
});
export type TUpdateBedInput = z.infer<typeof ZUpdateBedInput>;

export const ZListBedsInput = z
  .object({ ward: z.string().trim().max(WARD_MAX).optional() })
  .optional();
export type TListBedsInput = z.infer<typeof ZListBedsInput>;

export const ZBedIdInput = z.object({ id });
export type TBedIdInput = z.infer<typeof ZBedIdInput>;

export const ZAssignBedInput = z.object({
  id,
  patientId: text('Patient ID', 'Patient ID is required')
    .trim()
    .min(1, 'Patient ID is required')
    .max(PATIENT_ID_MAX, `Patient ID is at most ${PATIENT_ID_MAX} characters`),
  caseId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
});
export type TAssignBedInput = z.infer<typeof ZAssignBedInput>;

export const ZBed = z.object({
  id: z.string(),
  bedNumber: z.string(),
  ward: z.string(),
  bedType: z.enum(BED_TYPES),
  status: z.enum(BED_STATUSES),
  assignedNurseId: z.string().nullable(),
  /** The assigned nurse's name, for the card. */
  assignedNurse: z.string().nullable(),
  notes: z.string().nullable(),
  patientId: z.string().nullable(),
  /** The case of the bed's current stay, when it was assigned for one (issue 18: the card links it). */
  caseId: z.string().nullable(),
  /** The patient's name and the case reference of that stay's case (issue 31). */
  patientName: z.string().nullable(),
  caseReference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBed = z.infer<typeof ZBed>;

export const ZBedAssignment = z.object({
  id: z.string(),
  bedId: z.string(),
  patientId: z.string(),
  caseId: z.string().nullable(),
  assignedAt: z.string(),
  assignedById: z.string().nullable(),
  assignedBy: z.string().nullable(),
  /** Null while the patient is still in the bed. */
  releasedAt: z.string().nullable(),
  releasedById: z.string().nullable(),
  releasedBy: z.string().nullable(),
});
export type TBedAssignment = z.infer<typeof ZBedAssignment>;
