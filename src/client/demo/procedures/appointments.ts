import { openCase } from './case-file-state';
import {
  FINISHED_APPOINTMENT_STATUSES,
  type TAppointment,
  type TScheduleItem,
  UPCOMING_APPOINTMENTS_LIMIT,
  ZCreateAppointmentInput,
  ZListAppointmentsInput,
  ZUpdateAppointmentInput,
  ZAppointmentConflictsInput,
} from '../../../shared/domain/appointments';
import type { DemoContext } from '../context';
import { DemoError, badRequest, notFound } from '../demo-error';
import { attendeesFor, findDemoConflicts, requirePlatformType } from './appointment-rules';
import { demoAppointments } from '../fixtures/appointments';
import { type DemoProcedures, procedure } from '../procedure';
import { allCases } from './cases';
import { hearingsOnDemoSchedule } from './court';

export function allAppointments(ctx: DemoContext): TAppointment[] {
  return ctx.overlay
    .merge('appointments', demoAppointments(ctx.platform, ctx.anchor))
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id));
}

/** SPEC §2.10 / §9: from now on, still to happen, soonest first, at most 5. */
export function upcomingAppointments(ctx: DemoContext): TAppointment[] {
  const now = ctx.nowIso();
  const finished: readonly string[] = FINISHED_APPOINTMENT_STATUSES;
  return allAppointments(ctx).filter((a) => a.startTime >= now && !finished.includes(a.status));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byStart = (items: TScheduleItem[]) => items.sort((a, b) => compare(a.startTime, b.startTime) || compare(a.id, b.id));

/** The schedule: appointments and, on the legal platforms, the court hearings (issue 20), by start. */
function withHearings(ctx: DemoContext, appointments: TScheduleItem[], caseId?: string | null): TScheduleItem[] {
  return byStart([...appointments, ...hearingsOnDemoSchedule(ctx, { caseId })]);
}

/** A case reference in a body: as the server, a 400 naming the field when it is not one of ours. */
export function requireCase(ctx: DemoContext, caseId: string | null, field: string): void {
  if (caseId === null || allCases(ctx).some((c) => c.id === caseId)) return;
  const message = 'Choose a case of your organisation';
  throw badRequest(message, { [field]: message });
}

const CHANGED_MESSAGE = 'This appointment was changed by someone else. Reload to see it as it is now.';

export const appointmentsProcedures = {
  // ?caseId= (issue 18): one case's appointments, through need to know as on the server; issue 21:
  // ?from=&to= the appointments overlapping a range, ?userId= those a person attends (no hearings).
  'appointments.list': procedure({
    input: ZListAppointmentsInput,
    capability: 'appointments.view',
    run(ctx, input) {
      const kase = input.caseId ? openCase(ctx, input.caseId) : null;
      const { from, to, userId } = input;
      const inRange = (a: { startTime: string; endTime: string }) => from === undefined || to === undefined || (a.startTime < to && a.endTime > from);
      const appointments = allAppointments(ctx).filter(
        (a) => (!kase || a.caseId === kase.id) && inRange(a) && (userId === undefined || a.attendees.some((p) => p.userId === userId)),
      );
      const hearings = userId === undefined ? hearingsOnDemoSchedule(ctx, { caseId: kase?.id ?? null }).filter(inRange) : [];
      return byStart([...appointments, ...hearings]);
    },
  }),
  'appointments.upcoming': procedure({
    input: null,
    capability: 'appointments.view',
    run(ctx) {
      const now = ctx.nowIso();
      const hearings = hearingsOnDemoSchedule(ctx).filter((h) => h.startTime >= now);
      return byStart([...upcomingAppointments(ctx), ...hearings]).slice(0, UPCOMING_APPOINTMENTS_LIMIT);
    },
  }),

  'appointments.create': procedure({
    input: ZCreateAppointmentInput,
    capability: 'appointments.manage',
    run(ctx, input) {
      requirePlatformType(ctx, input.appointmentType);
      requireCase(ctx, input.caseId, 'caseId');
      const attendees = attendeesFor(ctx, input.attendeeIds);
      const now = ctx.nowIso();
      const saved = ctx.overlay.put<TAppointment>('appointments', {
        id: ctx.newId(),
        title: input.title,
        description: input.description,
        startTime: input.startTime,
        endTime: input.endTime,
        appointmentType: input.appointmentType,
        location: input.location,
        status: 'Scheduled',
        caseId: input.caseId,
        createdAt: now,
        updatedAt: now,
        version: 1,
        attendees,
      });
      return { ...saved, conflicts: findDemoConflicts(allAppointments(ctx), { ...input, excludeId: saved.id }) };
    },
  }),

  // Issue 21: what a time would double-book, asked before the calendar saves.
  'appointments.conflicts': procedure({
    input: ZAppointmentConflictsInput,
    capability: 'appointments.manage',
    run: (ctx, input) => ({ conflicts: findDemoConflicts(allAppointments(ctx), input) }),
  }),

  // As the server: any subset of the fields; a stale expectedVersion is a 409 with the current one.
  'appointments.update': procedure({
    input: ZUpdateAppointmentInput,
    capability: 'appointments.manage',
    run(ctx, input) {
      const current = allAppointments(ctx).find((a) => a.id === input.id);
      if (!current) throw notFound('Appointment');
      if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
        throw new DemoError('CONFLICT', CHANGED_MESSAGE, undefined, { current });
      }
      if (input.appointmentType !== undefined) requirePlatformType(ctx, input.appointmentType);
      if (input.caseId !== undefined && input.caseId !== current.caseId) requireCase(ctx, input.caseId, 'caseId');
      const attendees = input.attendeeIds !== undefined ? attendeesFor(ctx, input.attendeeIds) : current.attendees;
      const after: TAppointment = {
        ...current,
        title: input.title ?? current.title,
        description: input.description !== undefined ? input.description : current.description,
        startTime: input.startTime ?? current.startTime,
        endTime: input.endTime ?? current.endTime,
        appointmentType: input.appointmentType ?? current.appointmentType,
        location: input.location !== undefined ? input.location : current.location,
        status: input.status ?? current.status,
        caseId: input.caseId !== undefined ? input.caseId : current.caseId,
        attendees,
      };
      if (after.endTime <= after.startTime) {
        const message = 'End time must be after the start time';
        throw badRequest(message, { endTime: message });
      }
      const key = (a: TAppointment) => JSON.stringify({ ...a, attendees: a.attendees.map((p) => p.userId).sort(), version: 0, updatedAt: '' });
      const saved = key(after) === key(current) ? current : ctx.overlay.put('appointments', { ...after, version: current.version + 1, updatedAt: ctx.nowIso() });
      const finished: readonly string[] = FINISHED_APPOINTMENT_STATUSES;
      const conflicts = finished.includes(saved.status)
        ? []
        : findDemoConflicts(allAppointments(ctx), { ...saved, attendeeIds: saved.attendees.map((p) => p.userId), excludeId: saved.id });
      return { ...saved, conflicts };
    },
  }),
} satisfies Partial<DemoProcedures>;
