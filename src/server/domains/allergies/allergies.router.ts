import { ZAllergy, ZAllergyList, ZCreateAllergyInput, ZEnteredInErrorInput, ZNoKnownAllergiesInput } from '../../../shared/domain/allergies';
import { ZPersonIdInput } from '../../../shared/domain/people';
import { router, tenantProcedure } from '../../trpc';
import { createAllergy, listAllergies, markEnteredInError, recordNoKnownAllergies } from './allergies.service';

// Allergies on the person (issue 31). Reads need records.view, recording records.write, where the
// platform keeps medical records; recording is further kept to the hospital's platform.

const feature = 'medicalRecords' as const;
const tags = ['allergies'];

export const allergiesRouter = router({
  list: tenantProcedure
    .meta({ capability: 'records.view', feature, openapi: { method: 'GET', path: '/people/{id}/allergies', tags, summary: "A person's allergies (entered-in-error ones kept, marked) and whether no known allergies was recorded" } })
    .input(ZPersonIdInput)
    .output(ZAllergyList)
    .query(({ ctx, input }) => listAllergies(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'records.write', feature, openapi: { method: 'POST', path: '/people/{id}/allergies', tags, summary: 'Record an allergy (substance, reaction, severity); ends "no known allergies"' } })
    .input(ZCreateAllergyInput)
    .output(ZAllergy)
    .mutation(({ ctx, input }) => createAllergy(ctx.db, ctx.actor, input)),

  enteredInError: tenantProcedure
    .meta({ capability: 'records.write', feature, openapi: { method: 'POST', path: '/allergies/{id}/entered-in-error', tags, summary: 'Mark an allergy entered in error (kept on the record; a second time is 409)' } })
    .input(ZEnteredInErrorInput)
    .output(ZAllergy)
    .mutation(({ ctx, input }) => markEnteredInError(ctx.db, ctx.actor, input)),

  noKnownAllergies: tenantProcedure
    .meta({ capability: 'records.write', feature, openapi: { method: 'PUT', path: '/people/{id}/no-known-allergies', tags, summary: 'Record "no known allergies" (409 while an allergy is on record)' } })
    .input(ZNoKnownAllergiesInput)
    .output(ZAllergyList)
    .mutation(({ ctx, input }) => recordNoKnownAllergies(ctx.db, ctx.actor, input.id)),
});
