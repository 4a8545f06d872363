import { z } from 'zod';
import {
  ZAppointmentConflicts,
  ZAppointmentConflictsInput,
  ZAppointmentWrite,
  ZCreateAppointmentInput,
  ZListAppointmentsInput,
  ZScheduleItem,
  ZUpdateAppointmentInput,
} from '../../../shared/domain/appointments';
import { router, tenantProcedure } from '../../trpc';
import { checkAppointmentConflicts, createAppointment, listAppointments, listUpcomingAppointments, updateAppointment } from './appointments.service';

const tags = ['appointments'];

export const appointmentsRouter = router({
  list: tenantProcedure
    .meta({
      capability: 'appointments.view',
      openapi: { method: 'GET', path: '/appointments', tags, summary: 'Appointments by start time, with court hearings (type Hearing) on the legal platforms; ?from=&to= (ISO instants) a range, ?userId= those a person attends, ?caseId= one case' },
    })
    .input(ZListAppointmentsInput)
    .output(z.array(ZScheduleItem))
    .query(({ ctx, input }) => listAppointments(ctx.db, ctx.actor, input)),

  upcoming: tenantProcedure
    .meta({ capability: 'appointments.view', openapi: { method: 'GET', path: '/appointments/upcoming', tags, summary: 'The next 5 appointments or court hearings still to happen' } })
    .input(z.void())
    .output(z.array(ZScheduleItem))
    .query(({ ctx }) => listUpcomingAppointments(ctx.db, ctx.actor)),

  conflicts: tenantProcedure
    .meta({ capability: 'appointments.manage', openapi: { method: 'GET', path: '/appointments/conflicts', tags, summary: 'What a time would double-book (an attendee or the room), before it is saved' } })
    .input(ZAppointmentConflictsInput)
    .output(ZAppointmentConflicts)
    .query(({ ctx, input }) => checkAppointmentConflicts(ctx.db, ctx.actor, input)),

  create: tenantProcedure
    .meta({ capability: 'appointments.manage', openapi: { method: 'POST', path: '/appointments', tags, summary: 'Book an appointment; the answer names what it overlaps (conflicts)' } })
    .input(ZCreateAppointmentInput)
    .output(ZAppointmentWrite)
    .mutation(({ ctx, input }) => createAppointment(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({
      capability: 'appointments.manage',
      openapi: { method: 'PATCH', path: '/appointments/{id}', tags, summary: 'Change, reschedule or cancel an appointment (expectedVersion: stale → 409); the answer names what it overlaps' },
    })
    .input(ZUpdateAppointmentInput)
    .output(ZAppointmentWrite)
    .mutation(({ ctx, input }) => updateAppointment(ctx.db, ctx.actor, input)),
});
