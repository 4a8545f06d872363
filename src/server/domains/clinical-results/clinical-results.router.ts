import {
  ZCaseMedication,
  ZCaseMedicationList,
  ZCaseResult,
  ZCaseResultList,
  ZCreateMedicationInput,
  ZCreateResultInput,
  ZLatestVitalsList,
  ZReleaseResultInput,
  ZStopMedicationInput,
} from '../../../shared/domain/clinical-results';
import { z } from 'zod';
import { ZCaseIdInput } from '../../../shared/domain/cases';
import { router, tenantProcedure } from '../../trpc';
import {
  createCaseMedication,
  createCaseResult,
  listCaseMedications,
  listCaseResults,
  releaseCaseResult,
  stopCaseMedication,
} from './clinical-results.service';
import { latestVitals } from './vitals.service';
import { medicationAdministrationRecord, recordAdministration } from './administrations.service';
import { ZAdministration, ZMar, ZMarInput, ZRecordAdministrationInput } from '../../../shared/domain/administrations';

// Results and medications of a case (issue 22). Reads need records.view, entry records.write; both
// only where the platform keeps medical records (healthcare, medicolegal). Entry is further kept to
// the hospital's platform in the service: no medicolegal role writes a clinical record.

const feature = 'medicalRecords' as const;

export const resultsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/results', tags: ['results'], summary: 'The results of a case, newest first' } })
    .input(ZCaseIdInput)
    .output(ZCaseResultList)
    .query(({ ctx, input }) => listCaseResults(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'records.write', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/results', tags: ['results'], summary: 'Record a result (test, value, unit, reference range, flag, report PDF of the case); held from the portal unless releaseToPatient' } })
    .input(ZCreateResultInput)
    .output(ZCaseResult)
    .mutation(({ ctx, input }) => createCaseResult(ctx.db, ctx.actor, input)),

  // Issue 31: a result reaches the patient's portal only once a clinician releases it.
  release: tenantProcedure
    .meta({ capability: 'results.release', feature, openapi: { method: 'POST', path: '/results/{id}/release', tags: ['results'], summary: "Release a held result to the patient's portal and notify them (a second release is 409)" } })
    .input(ZReleaseResultInput)
    .output(ZCaseResult)
    .mutation(({ ctx, input }) => releaseCaseResult(ctx.db, ctx.actor, input)),

  latestVitals: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/vitals/latest', tags: ['results'], summary: "The vitals monitor: each active patient's newest vitals (from encounters not amended since)" } })
    .input(z.void())
    .output(ZLatestVitalsList)
    .query(({ ctx }) => latestVitals(ctx.db, ctx.actor)),
});

export const medicationsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/medications', tags: ['medications'], summary: 'The medications of a case, active first' } })
    .input(ZCaseIdInput)
    .output(ZCaseMedicationList)
    .query(({ ctx, input }) => listCaseMedications(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'medications.prescribe', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/medications', tags: ['medications'], summary: 'Prescribe a medication (name, dose, route, frequency, start date); a recorded allergy it matches is 409 until allergyAcknowledged' } })
    .input(ZCreateMedicationInput)
    .output(ZCaseMedication)
    .mutation(({ ctx, input }) => createCaseMedication(ctx.db, ctx.actor, input)),

  stop: tenantProcedure
    .meta({ capability: 'records.write', feature, openapi: { method: 'PATCH', path: '/medications/{id}', tags: ['medications'], summary: 'Stop a medication (stop date on or after the start; stopping twice is 409; never deleted)' } })
    .input(ZStopMedicationInput)
    .output(ZCaseMedication)
    .mutation(({ ctx, input }) => stopCaseMedication(ctx.db, ctx.actor, input)),

  // Issue 31: doses given against a prescription, and the medication administration record of a day.
  administer: tenantProcedure
    .meta({ capability: 'medications.administer', feature, openapi: { method: 'POST', path: '/medications/{id}/administrations', tags: ['medications'], summary: 'Record a dose given (given at, dose, route) or not given (notGivenReason) against an Active prescription' } })
    .input(ZRecordAdministrationInput)
    .output(ZAdministration)
    .mutation(({ ctx, input }) => recordAdministration(ctx.db, ctx.actor, input)),

  administrations: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/administrations', tags: ['medications'], summary: 'The medication administration record of a South African day (date=YYYY-MM-DD, today by default)' } })
    .input(ZMarInput)
    .output(ZMar)
    .query(({ ctx, input }) => medicationAdministrationRecord(ctx.db, ctx.actor, input.id, input.date)),
});
