import { z } from 'zod';
import {
  ZAssignBedInput,
  ZBed,
  ZBedAssignment,
  ZBedIdInput,
  ZCreateBedInput,
  ZListBedsInput,
  ZUpdateBedInput,
} from '../../../shared/domain/beds';
import { router, tenantProcedure } from '../../trpc';
import { assignPatientToBed, bedHistory, releaseBed } from './bed-assignments.service';
import { createBed, listBeds, updateBed } from './beds.service';

// Bed management exists on the healthcare platform only (SPEC §3.6): `feature` answers 403 elsewhere.
const tags = ['beds'];

export const bedsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'beds.view', feature: 'bedManagement', openapi: { method: 'GET', path: '/beds', tags, summary: 'Beds of the organisation, optionally of one ward' } })
    .input(ZListBedsInput)
    .output(z.array(ZBed))
    .query(({ ctx, input }) => listBeds(ctx.db, ctx.actor, input)),

  create: tenantProcedure
    .meta({ capability: 'beds.manage', feature: 'bedManagement', openapi: { method: 'POST', path: '/beds', tags, summary: 'Add a bed' } })
    .input(ZCreateBedInput)
    .output(ZBed)
    .mutation(({ ctx, input }) => createBed(ctx.db, ctx.actor, input)),

  update: tenantProcedure
    .meta({ capability: 'beds.manage', feature: 'bedManagement', openapi: { method: 'PUT', path: '/beds/{id}', tags, summary: 'Edit a bed' } })
    .input(ZUpdateBedInput)
    .output(ZBed)
    .mutation(({ ctx, input }) => updateBed(ctx.db, ctx.actor, input)),

  assign: tenantProcedure
    .meta({ capability: 'beds.manage', feature: 'bedManagement', openapi: { method: 'POST', path: '/beds/{id}/assign', tags, summary: 'Place a patient in an Available bed' } })
    .input(ZAssignBedInput)
    .output(ZBed)
    .mutation(({ ctx, input }) => assignPatientToBed(ctx.db, ctx.actor, input)),

  release: tenantProcedure
    .meta({ capability: 'beds.manage', feature: 'bedManagement', openapi: { method: 'POST', path: '/beds/{id}/release', tags, summary: 'Release an Occupied bed' } })
    .input(ZBedIdInput)
    .output(ZBed)
    .mutation(({ ctx, input }) => releaseBed(ctx.db, ctx.actor, input.id)),

  history: tenantProcedure
    .meta({ capability: 'beds.view', feature: 'bedManagement', openapi: { method: 'GET', path: '/beds/{id}/history', tags, summary: "A bed's assignments, newest first" } })
    .input(ZBedIdInput)
    .output(z.array(ZBedAssignment))
    .query(({ ctx, input }) => bedHistory(ctx.db, ctx.actor, input.id)),
});
