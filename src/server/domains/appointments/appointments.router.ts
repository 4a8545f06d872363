import { z } from 'zod';
import { ZAppointment, ZCreateAppointmentInput, ZListAppointmentsInput, ZScheduleItem, ZUpdateAppointmentStatusInput } from '../../../shared/domain/appointments';
import { router, tenantProcedure } from '../../trpc';
import {
  createAppointment,
  listAppointments,
  listUpcomingAppointments,
  updateAppointmentStatus,
} from './appointments.service';

const tags = ['appointments'];

export const appointmentsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'appointments.view', openapi: { method: 'GET', path: '/appointments', tags, summary: 'Appointments of the organisation by start time, with court hearings (type Hearing) on the legal platforms; ?caseId= for one case' } })
    .input(ZListAppointmentsInput)
    .output(z.array(ZScheduleItem))
    .query(({ ctx, input }) => listAppointments(ctx.db, ctx.actor, input)),

  upcoming: tenantProcedure
    .meta({ capability: 'appointments.view', openapi: { method: 'GET', path: '/appointments/upcoming', tags, summary: 'The next 5 appointments or court hearings still to happen' } })
    .input(z.void())
    .output(z.array(ZScheduleItem))
    .query(({ ctx }) => listUpcomingAppointments(ctx.db, ctx.actor)),

  create: tenantProcedure
    .meta({ capability: 'appointments.manage', openapi: { method: 'POST', path: '/appointments', tags, summary: 'Book an appointment' } })
    .input(ZCreateAppointmentInput)
    .output(ZAppointment)
    .mutation(({ ctx, input }) => createAppointment(ctx.db, ctx.actor, input)),

  updateStatus: tenantProcedure
    .meta({ capability: 'appointments.manage', openapi: { method: 'PATCH', path: '/appointments/{id}', tags, summary: 'Change the status of an appointment' } })
    .input(ZUpdateAppointmentStatusInput)
    .output(ZAppointment)
    .mutation(({ ctx, input }) => updateAppointmentStatus(ctx.db, ctx.actor, input)),
});
