import { ZPatientBanner } from '../../../shared/domain/patient-banner';
import { patientBanner } from '../patient-banner/patient-banner.service';
import {
  ZBreakGlassGrant,
  ZBreakGlassInput,
  ZCaseShown,
  ZCaseIdInput,
  ZCaseList,
  ZCaseListInput,
  ZCreateCaseInput,
  ZUpdateCaseInput,
} from '../../../shared/domain/cases';
import { router, tenantProcedure } from '../../trpc';
import { breakGlass, updateCase } from './case-edit.service';
import { createCase, getCase, listCases } from './cases.service';

const tags = ['cases'];

export const casesRouter = router({
  list: tenantProcedure
    .meta({ capability: 'cases.view', openapi: { method: 'GET', path: '/patient-cases', tags, summary: 'Cases of the organisation: search, status filter, pages (newest first)' } })
    .input(ZCaseListInput)
    .output(ZCaseList)
    .query(({ ctx, input }) => listCases(ctx.db, ctx.actor, input)),

  /** SPEC §7.3 reads cases from /api/cases too. */
  listAlias: tenantProcedure
    .meta({ capability: 'cases.view', openapi: { method: 'GET', path: '/cases', tags, summary: 'Alias of GET /patient-cases' } })
    .input(ZCaseListInput)
    .output(ZCaseList)
    .query(({ ctx, input }) => listCases(ctx.db, ctx.actor, input)),

  get: tenantProcedure
    .meta({ capability: 'cases.view', openapi: { method: 'GET', path: '/patient-cases/{id}', tags, summary: 'One case with its assigned staff' } })
    .input(ZCaseIdInput)
    .output(ZCaseShown)
    .query(({ ctx, input }) => getCase(ctx.db, ctx.actor, input.id)),

  // Issue 31: who the patient is, at the top of every screen of a hospital case.
  banner: tenantProcedure
    .meta({ capability: 'records.view', feature: 'medicalRecords', openapi: { method: 'GET', path: '/patient-cases/{id}/banner', tags, summary: 'The patient banner: name, age and date of birth, sex, ID or folder number, allergies, alerts, current bed' } })
    .input(ZCaseIdInput)
    .output(ZPatientBanner)
    .query(({ ctx, input }) => patientBanner(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'cases.create', openapi: { method: 'POST', path: '/patient-cases', tags, summary: 'Open a case (status Scheduled)' } })
    .input(ZCreateCaseInput)
    .output(ZCaseShown)
    .mutation(({ ctx, input }) => createCase(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({ capability: 'cases.update', openapi: { method: 'PATCH', path: '/patient-cases/{id}', tags, summary: 'Edit any fields of a case (expectedVersion: a stale one is 409); {status} alone as SPEC §7.3' } })
    .input(ZUpdateCaseInput)
    .output(ZCaseShown)
    .mutation(({ ctx, input }) => updateCase(ctx.db, ctx.actor, input)),

  breakGlass: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'POST', path: '/patient-cases/{id}/break-glass', tags, summary: 'Open a restricted case for one hour, with a reason (audited)' } })
    .input(ZBreakGlassInput)
    .output(ZBreakGlassGrant)
    .mutation(({ ctx, input }) => breakGlass(ctx.db, ctx.actor, input)),

});
