import { ZAddCasePartyInput, ZCasePartiesInput, ZRecordConflictCheckInput, ZRemoveCasePartyInput } from '../../../shared/domain/case-parties';
import { ZCreatePersonInput, ZMergePeopleInput, ZPersonIdInput, ZPersonListInput, ZPersonMatchesInput, ZUpdatePersonInput } from '../../../shared/domain/people';
import { ZSearchInput } from '../../../shared/domain/search';
import { notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';

// FOUNDATION PLACEHOLDER (issue 19): people, parties and search in demo mode; the demo helper
// replaces these with answers from fixtures and the session's overlay.

export const peopleProcedures = {
  'people.list': procedure({ input: ZPersonListInput, capability: 'people.view', run: (_ctx, input) => ({ items: [], total: 0, page: input.page, pageSize: input.pageSize }) }),
  'people.matches': procedure({ input: ZPersonMatchesInput, capability: 'people.view', run: () => ({ items: [] }) }),
  'people.get': procedure({ input: ZPersonIdInput, capability: 'people.view', run: (): never => { throw notFound('Person'); } }),
  'people.create': procedure({ input: ZCreatePersonInput, capability: 'people.manage', run: (): never => { throw notFound('Person'); } }),
  'people.update': procedure({ input: ZUpdatePersonInput, capability: 'people.manage', run: (): never => { throw notFound('Person'); } }),
  'people.merge': procedure({ input: ZMergePeopleInput, capability: 'people.merge', run: (): never => { throw notFound('Person'); } }),
  'people.accessReport': procedure({ input: ZPersonIdInput, capability: 'audit.view', run: (): never => { throw notFound('Person'); } }),
  'parties.list': procedure({ input: ZCasePartiesInput, capability: 'caseFile.view', run: () => ({ items: [] }) }),
  'parties.add': procedure({ input: ZAddCasePartyInput, capability: 'caseFile.write', run: (): never => { throw notFound('Person'); } }),
  'parties.remove': procedure({ input: ZRemoveCasePartyInput, capability: 'caseFile.write', run: (): never => { throw notFound('Party'); } }),
  'parties.conflictCheck': procedure({ input: ZCasePartiesInput, capability: 'caseFile.view', run: () => ({ hits: [], latest: null, history: [] }) }),
  'parties.recordConflictCheck': procedure({ input: ZRecordConflictCheckInput, capability: 'caseFile.write', run: (): never => { throw notFound('Case'); } }),
  'search.search': procedure({ input: ZSearchInput, capability: 'search.use', run: () => ({ items: [] }) }),
} satisfies Partial<DemoProcedures>;
