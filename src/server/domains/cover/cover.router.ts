import { ZCover, ZPersonIdInput, ZSaveCoverInput } from '../../../shared/domain/medical-accounts';
import { router, tenantProcedure } from '../../trpc';
import { getCover, saveCover } from './cover.service';

const tags = ['medical-accounts'];

// Issue 33: a person's cover — cash or a medical aid, with the main member who holds the account.
export const coverRouter = router({
  get: tenantProcedure
    .meta({ capability: 'people.view', feature: 'medicalAccounts', openapi: { method: 'GET', path: '/people/{id}/cover', tags, summary: "A person's cover: cash, or medical aid with scheme, plan, option, membership number, dependant code and main member" } })
    .input(ZPersonIdInput)
    .output(ZCover)
    .query(({ ctx, input }) => getCover(ctx.db, ctx.actor, input.id)),

  save: tenantProcedure
    .meta({ capability: 'people.manage', feature: 'medicalAccounts', openapi: { method: 'PUT', path: '/people/{id}/cover', tags, summary: "Record a person's cover; medical aid needs the scheme, membership number and a 2-digit dependant code" } })
    .input(ZSaveCoverInput)
    .output(ZCover)
    .mutation(({ ctx, input: { id, ...cover } }) => saveCover(ctx.db, ctx.actor, id, cover)),
});
