import { z } from 'zod';
import { ZAddCaseTypeInput, ZCaseTypeIdInput, ZCaseTypeList } from '../../../shared/domain/case-types';
import { router, tenantProcedure } from '../../trpc';
import { addCaseType, listCaseTypes, removeCaseType } from './case-types.service';

const tags = ['case-types'];

// Issue 32: case types from a list per platform; an organisation's Administrator adds its own
// (checklists.manage: the same person keeps the case types and the checklists made for them).
export const caseTypesRouter = router({
  list: tenantProcedure
    .meta({ capability: 'cases.view', openapi: { method: 'GET', path: '/case-types', tags, summary: "The case types offered when a case is opened: the platform's list and the organisation's own" } })
    .input(z.void())
    .output(ZCaseTypeList)
    .query(({ ctx }) => listCaseTypes(ctx.db, ctx.actor)),

  add: tenantProcedure
    .meta({ capability: 'checklists.manage', openapi: { method: 'POST', path: '/case-types', tags, summary: "Add a case type of the organisation's own (a name already on the list is 409)" } })
    .input(ZAddCaseTypeInput)
    .output(ZCaseTypeList)
    .mutation(({ ctx, input }) => addCaseType(ctx.db, ctx.actor, input)),

  remove: tenantProcedure
    .meta({ capability: 'checklists.manage', openapi: { method: 'DELETE', path: '/case-types/{id}', tags, summary: "Remove one of the organisation's own case types (cases keep their type)" } })
    .input(ZCaseTypeIdInput)
    .output(ZCaseTypeList)
    .mutation(({ ctx, input }) => removeCaseType(ctx.db, ctx.actor, input.id)),
});
