import {
  ZCaseShown,
  ZCaseIdInput,
  ZCaseList,
  ZCaseListInput,
  ZCreateCaseInput,
  ZUpdateCaseStatusInput,
} from '../../../shared/domain/cases';
import { router, tenantProcedure } from '../../trpc';
import { createCase, getCase, listCases, updateCaseStatus } from './cases.service';

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

  create: tenantProcedure
    .meta({ capability: 'cases.create', openapi: { method: 'POST', path: '/patient-cases', tags, summary: 'Open a case (status Scheduled)' } })
    .input(ZCreateCaseInput)
    .output(ZCaseShown)
    .mutation(({ ctx, input }) => createCase(ctx.db, ctx.actor, input)),

  updateStatus: tenantProcedure
    .meta({ capability: 'cases.update', openapi: { method: 'PATCH', path: '/patient-cases/{id}', tags, summary: 'Change the status of a case' } })
    .input(ZUpdateCaseStatusInput)
    .output(ZCaseShown)
    .mutation(({ ctx, input }) => updateCaseStatus(ctx.db, ctx.actor, input)),
});
