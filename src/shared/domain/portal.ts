import { z } from 'zod';
import { dayKey } from '../calendar';
import { ZAppointmentStatus, ZAppointmentType } from './appointments';
import { ZCasePriority, ZCaseStatus, optionalText, requiredText } from './cases';
import { MESSAGE_CONTENT_MAX, MESSAGE_SUBJECT_MAX } from './messages';

// SPEC §2.13: the patient portal, with the Patient's own records from the server. Everything here
// is about the caller's own cases; the staff-facing read of recent results is at the bottom.

/** Pending: ordered, no result yet. Final: resulted within range. Abnormal: resulted, needs attention. */
export const TEST_RESULT_STATUSES = ['Pending', 'Final', 'Abnormal'] as const;
export const ZTestResultStatus = z.enum(TEST_RESULT_STATUSES);
export type TTestResultStatus = z.infer<typeof ZTestResultStatus>;

/** Stopped: ended early by a clinician (issue 22); Completed: the course ran its planned days. */
export const MEDICATION_STATUSES = ['Active', 'Completed', 'Stopped'] as const;
export const ZMedicationStatus = z.enum(MEDICATION_STATUSES);
export type TMedicationStatus = z.infer<typeof ZMedicationStatus>;

/** Subjects the care team sees in its inbox for the portal's two kinds of request. */
export const APPOINTMENT_REQUEST_SUBJECT = 'Appointment request';
export const rescheduleRequestSubject = (title: string) => `Reschedule request: ${title}`.slice(0, MESSAGE_SUBJECT_MAX);

export const REQUEST_REASON_MAX = 1000;
export const PORTAL_MESSAGE_LIMIT = 100;

const ZRequiredId = (message: string) => requiredText(message, 64);

const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};

/** A day after today on the South African calendar: a request for today is a phone call, not a form. */
const preferredDate = requiredText('Preferred date is required', 10)
  .refine(isCalendarDate, 'Preferred date must be a date (YYYY-MM-DD)')
  .refine((v) => !isCalendarDate(v) || v > dayKey(), 'Preferred date must be in the future');

// ---- what the portal reads ----

export const ZPortalCase = z.object({
  id: z.string(),
  caseType: z.string(),
  department: z.string().nullable(),
  status: ZCaseStatus,
  priority: ZCasePriority,
  progressPercentage: z.number().int(),
  admissionDate: z.string().nullable(),
  estimatedDischarge: z.string().nullable(),
  bedNumber: z.string().nullable(),
  treatmentPlan: z.string().nullable(),
  assignedDoctor: z.string().nullable(),
  assignedNurse: z.string().nullable(),
  caseManager: z.string().nullable(),
});
export type TPortalCase = z.infer<typeof ZPortalCase>;

export const ZPortalSummary = z.object({
  name: z.string(),
  email: z.string(),
  organizationName: z.string(),
  cases: z.array(ZPortalCase),
});
export type TPortalSummary = z.infer<typeof ZPortalSummary>;

export const ZPortalAppointment = z.object({
  id: z.string(),
  caseId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  appointmentType: ZAppointmentType,
  location: z.string().nullable(),
  /**
   * The real status. SPEC §3.3's portal values 'Confirmed' / 'Pending' come from fixed demo content;
   * no stored state says an appointment is pending, so the patient sees what the staff see.
   */
  status: ZAppointmentStatus,
  /** Not finished and not started: the patient may still ask to move it. */
  canReschedule: z.boolean(),
});
export type TPortalAppointment = z.infer<typeof ZPortalAppointment>;

export const ZPortalMessage = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** 'sent' by the patient, or 'received' from the care team. */
  direction: z.enum(['sent', 'received']),
  otherPartyName: z.string().nullable(),
  isRead: z.boolean(),
});
export type TPortalMessage = z.infer<typeof ZPortalMessage>;

export const ZTestResult = z.object({
  id: z.string(),
  caseId: z.string(),
  testName: z.string(),
  category: z.string(),
  resultSummary: z.string(),
  referenceRange: z.string().nullable(),
  status: ZTestResultStatus,
  orderedBy: z.string().nullable(),
  orderedAt: z.string(),
  resultedAt: z.string().nullable(),
  // Issue 22: what a clinician entered (null on results that came as a laboratory's summary only).
  value: z.string().nullable().optional(),
  unit: z.string().nullable().optional(),
  flag: z.string().nullable().optional(),
});
export type TTestResult = z.infer<typeof ZTestResult>;

export const ZMedication = z.object({
  id: z.string(),
  caseId: z.string(),
  name: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  instructions: z.string().nullable(),
  prescribedBy: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: ZMedicationStatus,
  /** Issue 22: how it is given (Oral, IV …); null on older rows. */
  route: z.string().nullable().optional(),
});
export type TMedication = z.infer<typeof ZMedication>;

export const ZPatientProfile = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  dateOfBirth: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactRelationship: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  medicalAidScheme: z.string().nullable(),
  medicalAidNumber: z.string().nullable(),
  medicalAidMainMember: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TPatientProfile = z.infer<typeof ZPatientProfile>;

// ---- what the portal writes ----

export const ZPortalSendMessageInput = z.object({
  caseId: ZRequiredId('Choose your case'),
  subject: requiredText('Subject is required', MESSAGE_SUBJECT_MAX),
  content: requiredText('Message is required', MESSAGE_CONTENT_MAX),
});
export type TPortalSendMessageInput = z.infer<typeof ZPortalSendMessageInput>;

export const ZRequestAppointmentInput = z.object({
  caseId: ZRequiredId('Choose your case'),
  preferredDate,
  reason: requiredText('Reason is required', REQUEST_REASON_MAX),
});
export type TRequestAppointmentInput = z.infer<typeof ZRequestAppointmentInput>;

export const ZRequestRescheduleInput = z.object({
  appointmentId: ZRequiredId('Choose an appointment'),
  preferredDate,
  reason: requiredText('Reason is required', REQUEST_REASON_MAX),
});
export type TRequestRescheduleInput = z.infer<typeof ZRequestRescheduleInput>;

/**
 * A South African number: 10 digits starting 0 (082 555 1234, 021 555 1234) or +27 and 9 digits,
 * spaces, brackets and dashes allowed. Stored as typed: staff read it back to the patient.
 */
export const SA_PHONE_HINT = 'Enter a South African phone number, e.g. 082 555 1234 or +27 82 555 1234';
export const isSouthAfricanPhone = (v: string) => /^(0\d{9}|\+27\d{9})$/.test(v.replace(/[\s()-]/g, ''));
const saPhone = optionalText(30).refine((v) => v === null || isSouthAfricanPhone(v), SA_PHONE_HINT);

/**
 * The editable parts of the profile. A field left out stays as it is; a blank one is cleared. Name,
 * e-mail and date of birth belong to the hospital's records and are not accepted here.
 */
export const ZUpdatePatientProfileInput = z
  .object({
    phone: saPhone,
    address: optionalText(300),
    emergencyContactName: optionalText(100),
    emergencyContactRelationship: optionalText(50),
    emergencyContactPhone: saPhone,
    medicalAidScheme: optionalText(100),
    medicalAidNumber: optionalText(30).refine((v) => v === null || /^[A-Za-z0-9 /-]{3,30}$/.test(v), 'Use letters, digits, spaces, / or - only'),
    medicalAidMainMember: optionalText(100),
  })
  .partial()
  // A body naming none of these fields is a mistake, not a save: refuse it rather than touch the row.
  .refine((v) => Object.values(v).some((field) => field !== undefined), { message: 'Change at least one field', path: ['input'] });
export type TUpdatePatientProfileInput = z.infer<typeof ZUpdatePatientProfileInput>;

// ---- staff: the Diagnostic Services dashboard ----

export const RECENT_TEST_RESULTS_LIMIT = 8;

export const ZRecentTestResult = z.object({
  id: z.string(),
  caseId: z.string(),
  patientName: z.string(),
  testName: z.string(),
  status: ZTestResultStatus,
  orderedAt: z.string(),
  resultedAt: z.string().nullable(),
  /** Issue 22: "value unit" and the flag of a result a clinician entered; the summary otherwise. */
  summary: z.string().optional(),
  flag: z.string().nullable().optional(),
});
export type TRecentTestResult = z.infer<typeof ZRecentTestResult>;
