import { z } from 'zod';
import {
  ZAddHourlyRateInput,
  ZCaseCostSummaryListInput,
  ZCaseCostSummaryPage,
  ZCaseIdInput,
  ZListMyTimeEntriesInput,
  ZStaffHourlyRate,
  ZStaffUserIdInput,
  ZStartTimeEntryInput,
  ZTimeEntry,
  ZTimeEntryIdInput,
} from '../../../shared/domain/costs';
import { router, tenantProcedure } from '../../trpc';
import { caseCostDetails, caseCostSummaries } from './case-costs.service';
import { addHourlyRate, listCurrentRates, rateHistory } from './rates.service';
import { listMyTimeEntries, startTimeEntry, stopTimeEntry } from './time-entries.service';

// Cost data is for Administrators and Super Admins (SPEC §6: costs.view / costs.manage); every
// staff member records their own time on cases (timeEntries.record).
const tags = ['costs'];

export const costsRouter = router({
  listRates: tenantProcedure
    .meta({ capability: 'costs.view', openapi: { method: 'GET', path: '/staff-hourly-rates', tags, summary: 'The hourly rate in force today per staff member' } })
    .input(z.void())
    .output(z.array(ZStaffHourlyRate))
    .query(({ ctx }) => listCurrentRates(ctx.db, ctx.actor)),

  rateHistory: tenantProcedure
    .meta({ capability: 'costs.view', openapi: { method: 'GET', path: '/staff-hourly-rates/{userId}/history', tags, summary: "A staff member's rates, latest effective date first" } })
    .input(ZStaffUserIdInput)
    .output(z.array(ZStaffHourlyRate))
    .query(({ ctx, input }) => rateHistory(ctx.db, ctx.actor, input.userId)),

  addRate: tenantProcedure
    .meta({ capability: 'costs.manage', openapi: { method: 'POST', path: '/staff-hourly-rates', tags, summary: 'Add an hourly rate from its effective date' } })
    .input(ZAddHourlyRateInput)
    .output(ZStaffHourlyRate)
    .mutation(({ ctx, input }) => addHourlyRate(ctx.db, ctx.actor, input)),

  startTimeEntry: tenantProcedure
    .meta({ capability: 'timeEntries.record', openapi: { method: 'POST', path: '/time-entries', tags, summary: 'Start your time on a case' } })
    .input(ZStartTimeEntryInput)
    .output(ZTimeEntry)
    .mutation(({ ctx, input }) => startTimeEntry(ctx.db, ctx.actor, input)),

  stopTimeEntry: tenantProcedure
    .meta({ capability: 'timeEntries.record', openapi: { method: 'POST', path: '/time-entries/{id}/stop', tags, summary: 'Stop a running time entry' } })
    .input(ZTimeEntryIdInput)
    .output(ZTimeEntry)
    .mutation(({ ctx, input }) => stopTimeEntry(ctx.db, ctx.actor, input.id)),

  listMyTimeEntries: tenantProcedure
    .meta({ capability: 'timeEntries.record', openapi: { method: 'GET', path: '/time-entries/mine', tags, summary: 'Your recent time entries; ?caseId= for one case' } })
    .input(ZListMyTimeEntriesInput)
    .output(z.array(ZTimeEntry))
    .query(({ ctx, input }) => listMyTimeEntries(ctx.db, ctx.actor, input)),

  caseSummaries: tenantProcedure
    .meta({ capability: 'costs.view', openapi: { method: 'GET', path: '/case-cost-summaries', tags, summary: 'Cost per case from its time entries, a page at a time by patient name' } })
    .input(ZCaseCostSummaryListInput)
    .output(ZCaseCostSummaryPage)
    .query(({ ctx, input }) => caseCostSummaries(ctx.db, ctx.actor, input)),

  caseDetails: tenantProcedure
    .meta({ capability: 'costs.view', openapi: { method: 'GET', path: '/case-cost-details/{caseId}', tags, summary: "A case's time entries with their cost" } })
    .input(ZCaseIdInput)
    .output(z.array(ZTimeEntry))
    .query(({ ctx, input }) => caseCostDetails(ctx.db, ctx.actor, input.caseId)),
});
