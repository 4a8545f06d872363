import {
  ZAddCasePartyInput,
  ZCaseParties,
  ZCaseParty,
  ZCasePartiesInput,
  ZConflictCheck,
  ZConflictCheckRecord,
  ZRecordConflictCheckInput,
  ZRemoveCasePartyInput,
} from '../../../shared/domain/case-parties';
import { router, tenantProcedure } from '../../trpc';
import { conflictCheck, recordConflictCheck } from './conflict-check.service';
import { addCaseParty, listCaseParties, removeCaseParty } from './parties.service';

const tags = ['case-parties'];

export const partiesRouter = router({
  list: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'GET', path: '/patient-cases/{id}/parties', tags, summary: 'Related parties of a case: people or organisations of the registry, each in a role' } })
    .input(ZCasePartiesInput)
    .output(ZCaseParties)
    .query(({ ctx, input }) => listCaseParties(ctx.db, ctx.actor, input.id)),

  add: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'POST', path: '/patient-cases/{id}/parties', tags, summary: 'Add a person of the registry to a case in a role' } })
    .input(ZAddCasePartyInput)
    .output(ZCaseParty)
    .mutation(({ ctx, input }) => addCaseParty(ctx.db, ctx.actor, input)),

  remove: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'DELETE', path: '/patient-cases/{id}/parties/{partyId}', tags, summary: 'Remove a party from a case (the timeline keeps it)' } })
    .input(ZRemoveCasePartyInput)
    .output(ZCaseParty)
    .mutation(({ ctx, input }) => removeCaseParty(ctx.db, ctx.actor, input)),

  conflictCheck: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'GET', path: '/patient-cases/{id}/conflict-check', tags, summary: 'Conflict check: where the case’s person and parties appear in other cases, and the recorded result' } })
    .input(ZCasePartiesInput)
    .output(ZConflictCheck)
    .query(({ ctx, input }) => conflictCheck(ctx.db, ctx.actor, input.id)),

  recordConflictCheck: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'POST', path: '/patient-cases/{id}/conflict-check', tags, summary: 'Record the conflict check result (clear / conflict noted), by whom and when' } })
    .input(ZRecordConflictCheckInput)
    .output(ZConflictCheckRecord)
    .mutation(({ ctx, input }) => recordConflictCheck(ctx.db, ctx.actor, input)),
});
