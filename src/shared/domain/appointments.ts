import { z } from 'zod';
import type { TPlatform } from '../platform';
import { isoDateTime, optionalId, optionalText, requiredText } from './cases';

// SPEC §3.3, §4 and §5: appointments on the Schedule screen; issue 21: the calendar (a range,
// attendees, a version, reschedule with the double-booking check).

/** Every type any platform books; each platform offers its own list (APPOINTMENT_TYPES_BY_PLATFORM). */
export const APPOINTMENT_TYPES = [
  'Consultation', 'Follow-up', 'Surgery', 'Therapy', 'Meeting',
  'Consultation with counsel', 'Independent medical examination',
] as const;
export const APPOINTMENT_STATUSES = ['Scheduled', 'In Progress', 'Completed', 'Cancelled'] as const;
export const ZAppointmentType = z.enum(APPOINTMENT_TYPES);
export const ZAppointmentStatus = z.enum(APPOINTMENT_STATUSES);
export type TAppointmentType = z.infer<typeof ZAppointmentType>;
export type TAppointmentStatus = z.infer<typeof ZAppointmentStatus>;

/**
 * What each platform books (issue 21). Court hearings are not booked here: they are made on the
 * case's Court tab and show on the calendar as items of type 'Hearing'.
 */
export const APPOINTMENT_TYPES_BY_PLATFORM: Record<TPlatform, readonly TAppointmentType[]> = {
  healthcare: ['Consultation', 'Follow-up', 'Surgery', 'Therapy', 'Meeting'],
  legal: ['Consultation', 'Consultation with counsel', 'Meeting', 'Follow-up'],
  medicolegal: ['Consultation', 'Consultation with counsel', 'Independent medical examination', 'Meeting', 'Follow-up'],
};

/**
 * The longest an appointment may last. Range reads and the double-booking check use it as the lower
 * bound of their index scan (an appointment that overlaps a range started at most this long before).
 */
export const APPOINTMENT_MAX_DURATION_MS = 7 * 86_400_000;
export const APPOINTMENT_TOO_LONG_MESSAGE = 'An appointment lasts at most 7 days';
const tooLong = (v: { startTime?: string; endTime?: string }) =>
  v.startTime !== undefined && v.endTime !== undefined && Date.parse(v.endTime) - Date.parse(v.startTime) > APPOINTMENT_MAX_DURATION_MS;

/** At most this many attendees on one appointment. */
export const APPOINTMENT_ATTENDEES_MAX = 30;
/** The longest range one calendar read may ask for (a month view with its spill-over weeks fits). */
export const APPOINTMENT_RANGE_MAX_DAYS = 62;

const ZAttendeeIds = z
  .array(z.string().trim().min(1).max(64), 'Attendees must be a list of user ids')
  .max(APPOINTMENT_ATTENDEES_MAX, `At most ${APPOINTMENT_ATTENDEES_MAX} attendees`)
  .transform((ids) => [...new Set(ids)]);

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
    /** Staff (and the case's portal person) attending; each must be an active member. */
    attendeeIds: ZAttendeeIds.default([]),
  })
  .refine((v) => v.endTime > v.startTime, {
    message: 'End time must be after the start time',
    path: ['endTime'],
    // Compare only two valid times (other fields may still be wrong: report both at once).
    when: ({ value, issues }) =>
      typeof value === 'object' && value !== null && !issues.some((i) => !i.path?.length || i.path[0] === 'startTime' || i.path[0] === 'endTime'),
  })
  .refine((v) => !tooLong(v), {
    message: APPOINTMENT_TOO_LONG_MESSAGE,
    path: ['endTime'],
    when: ({ value, issues }) =>
      typeof value === 'object' && value !== null && !issues.some((i) => !i.path?.length || i.path[0] === 'startTime' || i.path[0] === 'endTime'),
  });
export type TCreateAppointmentInput = z.infer<typeof ZCreateAppointmentInput>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const optionalQueryId = (label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(64, `${label} must be at most 64 characters`).optional());
const optionalInstant = (label: string) => z.preprocess(blankToUndefined, isoDateTime(`${label} must be a date and time`).optional());

/**
 * GET /api/appointments?from=&to=&userId=&caseId= : with no input, the organisation's whole schedule
 * (SPEC §7.3); `caseId` one case's (issue 18); `from`/`to` (ISO instants) the appointments overlapping
 * that range, at most APPOINTMENT_RANGE_MAX_DAYS; `userId` those a person attends (issue 21).
 */
export const ZListAppointmentsInput = z
  .object({
    caseId: optionalQueryId('Case id'),
    userId: optionalQueryId('User id'),
    from: optionalInstant('From'),
    to: optionalInstant('To'),
  })
  .prefault({})
  .superRefine((v, ctx) => {
    // A time that failed its own check is named there; comparing it would add a second, wrong message.
    if ([v.from, v.to].some((t) => t !== undefined && Number.isNaN(Date.parse(t)))) return;
    if ((v.from === undefined) !== (v.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [v.from === undefined ? 'from' : 'to'], message: 'Give both from and to, or neither' });
    } else if (v.from !== undefined && v.to !== undefined) {
      if (v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be after from' });
      else if (Date.parse(v.to) - Date.parse(v.from) > APPOINTMENT_RANGE_MAX_DAYS * 86_400_000) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: `A range is at most ${APPOINTMENT_RANGE_MAX_DAYS} days` });
      }
    }
  });
export type TListAppointmentsInput = z.infer<typeof ZListAppointmentsInput>;

/**
 * PATCH /api/appointments/{id}: SPEC §7.3's `{status}` keeps working; issue 21 adds the other fields.
 * `expectedVersion` is the version the editor saw (stale → 409 with the current appointment); without
 * it the change applies to the current version, as the §7.3 status body always did.
 */
export const ZUpdateAppointmentInput = z
  .object({
    id: z.string().min(1).max(64),
    status: ZAppointmentStatus.optional(),
    title: requiredText('Title is required', 200).optional(),
    description: optionalText(5000).optional(),
    startTime: requiredText('Start time is required', 40).pipe(isoDateTime('Start time must be a date and time')).optional(),
    endTime: requiredText('End time is required', 40).pipe(isoDateTime('End time must be a date and time')).optional(),
    appointmentType: ZAppointmentType.optional(),
    location: optionalText(200).optional(),
    caseId: optionalId.optional(),
    attendeeIds: ZAttendeeIds.optional(),
    expectedVersion: z.coerce.number().int('Version must be a whole number').min(1, 'Version must be 1 or more').optional(),
  })
  // An empty body changes nothing: name the §7.3 field, so the old callers' error stays as it was.
  .refine(({ id: _id, expectedVersion: _v, ...fields }) => Object.values(fields).some((v) => v !== undefined), {
    message: 'Give the status or another field to change',
    path: ['status'],
  })
  .refine((v) => v.startTime === undefined || v.endTime === undefined || v.endTime > v.startTime, {
    message: 'End time must be after the start time',
    path: ['endTime'],
    when: ({ value, issues }) =>
      typeof value === 'object' && value !== null && !issues.some((i) => !i.path?.length || i.path[0] === 'startTime' || i.path[0] === 'endTime'),
  });
export type TUpdateAppointmentInput = z.infer<typeof ZUpdateAppointmentInput>;

/** The §7.3 status body, for callers that change only the status (the status dropdown). */
export const ZUpdateAppointmentStatusInput = z.object({ id: z.string().min(1).max(64), status: ZAppointmentStatus });
export type TUpdateAppointmentStatusInput = z.infer<typeof ZUpdateAppointmentStatusInput>;

/**
 * GET /api/appointments/conflicts: would this time double-book an attendee or the room? The calendar
 * asks before it saves, so the warning comes before the write; the write's answer repeats it.
 */
export const ZAppointmentConflictsInput = z
  .object({
    startTime: isoDateTime('Start time must be a date and time'),
    endTime: isoDateTime('End time must be a date and time'),
    attendeeIds: z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), ZAttendeeIds.default([])),
    location: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    /** The appointment being moved: it does not conflict with itself. */
    excludeId: optionalQueryId('Appointment id'),
  })
  .refine((v) => v.endTime > v.startTime, { message: 'End time must be after the start time', path: ['endTime'] })
  .refine((v) => !tooLong(v), { message: APPOINTMENT_TOO_LONG_MESSAGE, path: ['endTime'] });
export type TAppointmentConflictsInput = z.infer<typeof ZAppointmentConflictsInput>;

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
  version: z.number().int(),
  attendees: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/** Another appointment that overlaps in time and shares an attendee (userId) or the room (userId null). */
export const ZAppointmentConflict = z.object({
  appointmentId: z.string(),
  userId: z.string().nullable(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type TAppointmentConflict = z.infer<typeof ZAppointmentConflict>;
export const ZAppointmentConflicts = z.object({ conflicts: z.array(ZAppointmentConflict) });

/** POST and PATCH answer the appointment and what it now overlaps (empty when none). */
export const ZAppointmentWrite = ZAppointment.extend({ conflicts: z.array(ZAppointmentConflict) });
export type TAppointmentWrite = z.infer<typeof ZAppointmentWrite>;

/** POST /api/calendar/feed: the private iCalendar address (shown once; a new POST replaces it). */
export const ZCalendarFeed = z.object({ url: z.string() });
export const ZCalendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });

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
