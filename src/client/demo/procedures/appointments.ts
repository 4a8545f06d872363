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
import { badRequest, notFound } from '../demo-error';
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

export const appointmentsProcedures = {
  // ?caseId= (issue 18): one case's appointments, through need to know as on the server.
  'appointments.list': procedure({
    input: ZListAppointmentsInput,
    capability: 'appointments.view',
    run(ctx, input) {
      if (!input.caseId) return withHearings(ctx, allAppointments(ctx));
      const kase = openCase(ctx, input.caseId);
      return withHearings(ctx, allAppointments(ctx).filter((a) => a.caseId === kase.id), kase.id);
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
      requireCase(ctx, input.caseId, 'caseId');
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
        attendees: [],
      });
      return { ...saved, conflicts: [] };
    },
  }),

  // Issue 21 foundation: the calendar part of the demo replaces these with the server's rules.
  'appointments.conflicts': procedure({
    input: ZAppointmentConflictsInput,
    capability: 'appointments.manage',
    run: () => ({ conflicts: [] }),
  }),

  'appointments.update': procedure({
    input: ZUpdateAppointmentInput,
    capability: 'appointments.manage',
    run(ctx, input) {
      const current = allAppointments(ctx).find((a) => a.id === input.id);
      if (!current) throw notFound('Appointment');
      const saved = ctx.overlay.put('appointments', { ...current, status: input.status ?? current.status, updatedAt: ctx.nowIso() });
      return { ...saved, conflicts: [] };
    },
  }),
} satisfies Partial<DemoProcedures>;
