import { ZSearchInput, ZSearchResults } from '../../../shared/domain/search';
import { router, tenantProcedure } from '../../trpc';
import { searchEverything } from './search.service';

export const searchRouter = router({
  search: tenantProcedure
    .meta({ capability: 'search.use', openapi: { method: 'GET', path: '/search', tags: ['search'], summary: 'The header search: people, cases, documents and notes the caller may read, each with its page' } })
    .input(ZSearchInput)
    .output(ZSearchResults)
    .query(({ ctx, input }) => searchEverything(ctx.db, ctx.actor, input)),
});
