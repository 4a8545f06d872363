import { z } from 'zod';
import { ZBillingSettings, ZBillingSettingsInput, ZPractitionerNumberInput } from '../../../shared/domain/medical-accounts';
import { router, tenantProcedure } from '../../trpc';
import { getBillingSettings, saveBillingSettings, setPractitionerNumber } from './practice.service';

const tags = ['medical-accounts'];

// Issue 33: the practice's identity on its accounts (healthcare only). Those who bill read it; the
// Administrator sets it.
export const practiceRouter = router({
  settings: tenantProcedure
    .meta({ capability: 'accounts.manage', feature: 'medicalAccounts', openapi: { method: 'GET', path: '/billing/settings', tags, summary: "The practice's BHF number, VAT number, banking details and the treating clinicians' practitioner numbers" } })
    .input(z.void())
    .output(ZBillingSettings)
    .query(({ ctx }) => getBillingSettings(ctx.db, ctx.actor)),

  saveSettings: tenantProcedure
    .meta({ capability: 'billingSettings.manage', feature: 'medicalAccounts', openapi: { method: 'PUT', path: '/billing/settings', tags, summary: "Set the practice's BHF number (7 digits), VAT number and banking details" } })
    .input(ZBillingSettingsInput)
    .output(ZBillingSettings)
    .mutation(({ ctx, input }) => saveBillingSettings(ctx.db, ctx.actor, input)),

  setPractitionerNumber: tenantProcedure
    .meta({ capability: 'billingSettings.manage', feature: 'medicalAccounts', openapi: { method: 'PUT', path: '/users/{userId}/practitioner-number', tags, summary: "Set or clear a treating clinician's own practice number" } })
    .input(ZPractitionerNumberInput)
    .output(ZBillingSettings)
    .mutation(({ ctx, input }) => setPractitionerNumber(ctx.db, ctx.actor, input)),
});
