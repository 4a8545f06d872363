import { z } from 'zod';
import { isoDateTime, optionalId, optionalText, requiredText } from './cases';

// SPEC §3.3, §4 and §5: appointments on the Schedule screen.

export const APPOINTMENT_TYPES = ['Consultation', 'Follow-up', 'Surgery', 'Therapy', 'Meeting'] as const;
export const APPOINTMENT_STATUSES = ['Scheduled', 'In Progress', 'Completed', 'Cancelled'] as const;
export const ZAppointmentType = z.enum(APPOINTMENT_TYPES);
export const ZAppointmentStatus = z.enum(APPOINTMENT_STATUSES);
export type TAppointmentType = z.infer<typeof ZAppointmentType>;
export type TAppointmentStatus = z.infer<typeof ZAppointmentStatus>;

/** Statuses of an appointment that will no longer happen: left out of "upcoming". */
export const FINISHED_APPOINTMENT_STATUSES = ['Cancelled', 'Completed'] as const satisfies readonly TAppointmentStatus[];

/** SPEC §9: the upcoming list shows at most 5. */
export const UPCOMING_APPOINTMENTS_LIMIT = 5;

export const ZCreateAppointmentInput = z
  .object({
    title: requiredText('Title is required', 200),
    description: optionalText(5000),
    startTime: requiredText('Start time is required', 40).pipe(isoDateTime('Start time must be a date and time')),
    endTime: requiredText('End time is required', 40).pipe(isoDateTime('End time must be a date and time')),
    appointmentType: ZAppointmentType.default('Consultation'),
    location: optionalText(200),
    /** The case this appointment belongs to, if any; must be a case of the organisation. */
    caseId: optionalId,
  })
  .refine((v) => v.endTime > v.startTime, {
    message: 'End time must be after the start time',
    path: ['endTime'],
    // Compare only two valid times (other fields may still be wrong: report both at once).
    when: ({ value, issues }) =>
      typeof value === 'object' && value !== null && !issues.some((i) => !i.path?.length || i.path[0] === 'startTime' || i.path[0] === 'endTime'),
  });
export type TCreateAppointmentInput = z.infer<typeof ZCreateAppointmentInput>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /api/appointments?caseId= (issue 18): one case's appointments; no input, the organisation's. */
export const ZListAppointmentsInput = z
  .object({ caseId: z.preprocess(blankToUndefined, z.string().trim().max(64, 'Case id must be at most 64 characters').optional()) })
  .prefault({});
export type TListAppointmentsInput = z.infer<typeof ZListAppointmentsInput>;

// SPEC §4: the status changes freely among the four.
export const ZUpdateAppointmentStatusInput = z.object({ id: z.string().min(1).max(64), status: ZAppointmentStatus });
export type TUpdateAppointmentStatusInput = z.infer<typeof ZUpdateAppointmentStatusInput>;

export const ZAppointment = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  appointmentType: ZAppointmentType,
  location: z.string().nullable(),
  status: ZAppointmentStatus,
  caseId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/**
 * What the schedule lists (GET /api/appointments, appointments.upcoming): the appointments, and on
 * the legal platforms the court hearings of the cases (issue 20) as items of type 'Hearing'. A
 * hearing is made and changed on its case (POST /api/patient-cases/{id}/hearings), never booked or
 * set Completed here; its id is the hearing's.
 */
export const SCHEDULE_ITEM_TYPES = [...APPOINTMENT_TYPES, 'Hearing'] as const;
export const ZScheduleItem = ZAppointment.extend({ appointmentType: z.enum(SCHEDULE_ITEM_TYPES) });
export type TScheduleItem = z.infer<typeof ZScheduleItem>;
export const isHearing = (item: Pick<TScheduleItem, 'appointmentType'>): boolean => item.appointmentType === 'Hearing';
