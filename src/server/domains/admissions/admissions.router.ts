import { z } from 'zod';
import { ZAdmission, ZAdmitInput, ZDischargeInput, ZListAdmissionsInput, ZTransferInput, ZWardCensus } from '../../../shared/domain/admissions';
import { router, tenantProcedure } from '../../trpc';
import { admitPerson, dischargePatient, listOpenAdmissions, transferPatient } from './admissions.service';
import { wardCensus } from './ward-census.service';

// Issue 22: admit / transfer / discharge and the ward census; healthcare only (bedManagement).
const tags = ['admissions'];
const feature = 'bedManagement' as const;

export const admissionsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'beds.view', feature, openapi: { method: 'GET', path: '/admissions', tags, summary: 'The people admitted now, with their beds' } })
    .input(ZListAdmissionsInput)
    .output(z.array(ZAdmission))
    .query(({ ctx }) => listOpenAdmissions(ctx.db, ctx.actor)),

  admit: tenantProcedure
    .meta({ capability: 'admissions.manage', feature, openapi: { method: 'POST', path: '/admissions', tags, summary: 'Admit a person of the registry to an Available bed, linking or opening their case' } })
    .input(ZAdmitInput)
    .output(ZAdmission)
    .mutation(({ ctx, input }) => admitPerson(ctx.db, ctx.actor, input)),

  transfer: tenantProcedure
    .meta({ capability: 'admissions.manage', feature, openapi: { method: 'POST', path: '/admissions/{id}/transfer', tags, summary: 'Move an admitted patient to another Available bed; the old bed goes to Cleaning' } })
    .input(ZTransferInput)
    .output(ZAdmission)
    .mutation(({ ctx, input }) => transferPatient(ctx.db, ctx.actor, input)),

  discharge: tenantProcedure
    .meta({ capability: 'admissions.manage', feature, openapi: { method: 'POST', path: '/admissions/{id}/discharge', tags, summary: 'Discharge an admitted patient; the bed goes to Available or Cleaning; a summary becomes a PDF on the case' } })
    .input(ZDischargeInput)
    .output(ZAdmission)
    .mutation(({ ctx, input }) => dischargePatient(ctx.db, ctx.actor, input)),

  census: tenantProcedure
    .meta({ capability: 'beds.view', feature, openapi: { method: 'GET', path: '/wards/census', tags: ['beds'], summary: 'Per ward: beds, occupied, who is in them, expected discharges today, 30 days of occupancy' } })
    .input(z.object({}).optional())
    .output(ZWardCensus)
    .query(({ ctx }) => wardCensus(ctx.db, ctx.actor)),
});
