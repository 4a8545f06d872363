import {
  ZCreatePersonInput,
  ZMergePeopleInput,
  ZMergePeopleResult,
  ZPerson,
  ZPersonAccessReport,
  ZPersonDetail,
  ZPersonIdInput,
  ZPersonList,
  ZPersonListInput,
  ZPersonMatches,
  ZPersonMatchesInput,
  ZUpdatePersonInput,
} from '../../../shared/domain/people';
import { router, tenantProcedure } from '../../trpc';
import { personAccessReport } from './person-access-report.service';
import { findPersonMatches } from './person-matches.service';
import { mergePeople } from './person-merge.service';
import { createPerson, getPersonDetail, listPeople, updatePerson } from './people.service';

const tags = ['people'];

export const peopleRouter = router({
  list: tenantProcedure
    .meta({ capability: 'people.view', openapi: { method: 'GET', path: '/people', tags, summary: 'People of the organisation: search by name or ID number, pages' } })
    .input(ZPersonListInput)
    .output(ZPersonList)
    .query(({ ctx, input }) => listPeople(ctx.db, ctx.actor, input)),

  matches: tenantProcedure
    .meta({ capability: 'people.view', openapi: { method: 'GET', path: '/people/matches', tags, summary: 'Duplicate and conflict check: people with this ID number, or a similar name and the same birth date, with their cases' } })
    .input(ZPersonMatchesInput)
    .output(ZPersonMatches)
    .query(({ ctx, input }) => findPersonMatches(ctx.db, ctx.actor, input)),

  get: tenantProcedure
    .meta({ capability: 'people.view', openapi: { method: 'GET', path: '/people/{id}', tags, summary: 'One person with every case, appointment and document across their cases' } })
    .input(ZPersonIdInput)
    .output(ZPersonDetail)
    .query(({ ctx, input }) => getPersonDetail(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'people.manage', openapi: { method: 'POST', path: '/people', tags, summary: 'Add a person (or an organisation) to the registry; an SA ID number is checked' } })
    .input(ZCreatePersonInput)
    .output(ZPerson)
    .mutation(({ ctx, input }) => createPerson(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({ capability: 'people.manage', openapi: { method: 'PATCH', path: '/people/{id}', tags, summary: 'Edit a person (expectedVersion: a stale one is 409)' } })
    .input(ZUpdatePersonInput)
    .output(ZPerson)
    .mutation(({ ctx, input }) => updatePerson(ctx.db, ctx.actor, input)),

  merge: tenantProcedure
    .meta({ capability: 'people.merge', openapi: { method: 'POST', path: '/people/{id}/merge', tags, summary: 'Fold duplicateId into this person: cases and parties move; audited and on both timelines' } })
    .input(ZMergePeopleInput)
    .output(ZMergePeopleResult)
    .mutation(({ ctx, input }) => mergePeople(ctx.db, ctx.actor, input)),

  accessReport: tenantProcedure
    .meta({ capability: 'audit.view', openapi: { method: 'GET', path: '/people/{id}/access-report', tags, summary: 'POPIA s23 for a person: everyone who read or changed anything of theirs, across their cases' } })
    .input(ZPersonIdInput)
    .output(ZPersonAccessReport)
    .query(({ ctx, input }) => personAccessReport(ctx.db, ctx.actor, input.id)),
});
