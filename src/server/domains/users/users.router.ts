import { z } from 'zod';
import { ZListUsersInput, ZOrganizationMember } from '../../../shared/domain/users';
import { router, tenantProcedure } from '../../trpc';
import { listOrganizationMembers } from './users.service';

export const usersRouter = router({
  list: tenantProcedure
    .meta({ capability: 'users.view', openapi: { method: 'GET', path: '/users', tags: ['users'], summary: 'Members of the organisation, optionally of one role' } })
    .input(ZListUsersInput)
    .output(z.array(ZOrganizationMember))
    .query(({ ctx, input }) => listOrganizationMembers(ctx.db, ctx.actor, input)),
});
