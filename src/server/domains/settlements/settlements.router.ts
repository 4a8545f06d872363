import { z } from 'zod';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { ZSettlementFigures } from '../../../shared/domain/settlement-figures';
import { ZCreateSettlementEventInput, ZSettlementEvent, ZSettlementEventList, ZUpdateSettlementStatusInput } from '../../../shared/domain/settlements';
import { router, tenantProcedure } from '../../trpc';
import { createSettlementEvent, listSettlementEvents, settlementFigures, updateSettlementStatus } from './settlements.service';

// The settlement log (issue 20): GET/POST /api/patient-cases/{id}/settlement-events, PATCH
// /api/settlement-events/{id} (status only: the log is append-only), and the dashboards' figures.
// Only on platforms with court cases (legal, medicolegal).

const tags = ['settlements'];
const feature = 'courtCases' as const;

export const settlementsRouter = router({
  list: tenantProcedure
    .meta({ capability: 'caseFile.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/settlement-events', tags, summary: 'The settlement log of a case: offers, counter-offers, tenders, mediation outcomes and court orders, in date order' } })
    .input(ZCaseIdInput)
    .output(ZSettlementEventList)
    .query(({ ctx, input }) => listSettlementEvents(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'caseFile.write', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/settlement-events', tags, summary: 'Log a settlement event (a court order is final, the rest open); the heads of damages may not exceed the amount' } })
    .input(ZCreateSettlementEventInput)
    .output(ZSettlementEvent)
    .mutation(({ ctx, input }) => createSettlementEvent(ctx.db, ctx.actor, input)),

  updateStatus: tenantProcedure
    .meta({ capability: 'caseFile.write', feature, openapi: { method: 'PATCH', path: '/settlement-events/{id}', tags, summary: 'Move a settlement event’s status (accepted, rejected …) against the version seen; a stale version is 409' } })
    .input(ZUpdateSettlementStatusInput)
    .output(ZSettlementEvent)
    .mutation(({ ctx, input }) => updateSettlementStatus(ctx.db, ctx.actor, input)),

  figures: tenantProcedure
    .meta({ capability: 'caseFile.view', feature, openapi: { method: 'GET', path: '/settlements/figures', tags, summary: 'The Settlements dashboard panel: settled this year, open offers, the latest events (cases the caller may read)' } })
    .input(z.void())
    .output(ZSettlementFigures)
    .query(({ ctx }) => settlementFigures(ctx.db, ctx.actor)),
});
