import { ZCaseIdInput } from '../../../shared/domain/cases';
import { ZCreateObservationInput, ZObservation, ZObservationList } from '../../../shared/domain/observations';
import { router, tenantProcedure } from '../../trpc';
import { listObservations, recordObservation } from './observations.service';

// Observations with NEWS2 (issue 31): clinicians record them (records.write) on the hospital's
// platform; the care team reads them (records.view).

const feature = 'medicalRecords' as const;
const tags = ['observations'];

export const observationsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/observations', tags, summary: 'The observation sets of a case with their NEWS2, newest first' } })
    .input(ZCaseIdInput)
    .output(ZObservationList)
    .query(({ ctx, input }) => listObservations(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'records.write', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/observations', tags, summary: 'Record observations (RR, SpO2, air/oxygen, systolic BP, pulse, ACVPU, temperature); answers the NEWS2 and its band' } })
    .input(ZCreateObservationInput)
    .output(ZObservation)
    .mutation(({ ctx, input }) => recordObservation(ctx.db, ctx.actor, input)),
});
