import { ZCaseIdInput } from '../../../shared/domain/cases';
import { ZAmendEncounterInput, ZCreateEncounterInput, ZEncounter, ZEncounterList } from '../../../shared/domain/encounters';
import { router, tenantProcedure } from '../../trpc';
import { amendEncounter, createEncounter, listEncounters } from './encounters.service';

const tags = ['encounters'];

export const encountersRouter = router({
  list: tenantProcedure
    .meta({ capability: 'records.view', feature: 'medicalRecords', openapi: { method: 'GET', path: '/patient-cases/{id}/encounters', tags, summary: 'The encounters of a case, newest first, amended ones marked' } })
    .input(ZCaseIdInput)
    .output(ZEncounterList)
    .query(({ ctx, input }) => listEncounters(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'records.write', feature: 'medicalRecords', openapi: { method: 'POST', path: '/patient-cases/{id}/encounters', tags, summary: 'Record an encounter: SOAP note, vitals and ICD-10 diagnoses' } })
    .input(ZCreateEncounterInput)
    .output(ZEncounter)
    .mutation(({ ctx, input }) => createEncounter(ctx.db, ctx.actor, input)),

  amend: tenantProcedure
    .meta({ capability: 'records.write', feature: 'medicalRecords', openapi: { method: 'POST', path: '/patient-cases/{id}/encounters/{encounterId}/amend', tags, summary: 'Amend an encounter: a new version; the old one stays, shown as amended' } })
    .input(ZAmendEncounterInput)
    .output(ZEncounter)
    .mutation(({ ctx, input }) => amendEncounter(ctx.db, ctx.actor, input)),
});
