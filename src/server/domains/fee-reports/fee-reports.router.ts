import { z } from 'zod';
import {
  type TFeeDebtors,
  type TFeesByFeeEarner,
  type TWipReport,
  ZFeeDebtors,
  ZFeeDebtorsInput,
  ZFeeStatement,
  ZFeeStatementInput,
  ZFeeTarget,
  ZFeeTargetList,
  ZFeesByFeeEarner,
  ZFeesByFeeEarnerInput,
  ZSetFeeTargetRequest,
  ZWipReport,
  ZWipReportInput,
} from '../../../shared/domain/fee-reports';
import { router, tenantProcedure } from '../../trpc';
import { feeDebtors } from './fee-debtors.service';
import { feeDebtorsCsv, feesByFeeEarnerCsv, wipCsv } from './fee-reports-csv';
import { feeStatement } from './fee-statement.service';
import { listFeeTargets, setFeeTarget } from './fee-targets.service';
import { feesByFeeEarner } from './fees-by-fee-earner.service';
import { wipReport } from './wip-report.service';

// The firm's fee reports (issue 34, decision 0067): work in progress, aged debtors, fees against
// target, fee earners' targets and a client's statement. Firm-wide money, so Finance Staff and the
// Director (fees.manage); a fee-earner reads their own matters' WIP and fee notes on the matter.
// GET /api/reports/aged-debtors is shared with the medical accounts' report (statements.agedDebtors):
// the REST adapter answers it with the procedure of the caller's platform (rest-routes.ts).

const feature = 'feeNotes' as const;
const capability = 'fees.manage' as const;
const tags = ['fee-reports'];

export const feeReportsRouter = router({
  wip: tenantProcedure
    .meta({
      capability,
      feature,
      openapi: {
        method: 'GET',
        path: '/reports/wip',
        tags,
        summary:
          'Work in progress by matter and fee earner (stopped time and disbursements on no live fee note): the largest ?limit= (100) matters and the totals of all; ?format=csv for every row',
      },
      csv: { fileName: () => 'work-in-progress.csv', render: (data) => wipCsv(data as TWipReport) },
    })
    .input(ZWipReportInput)
    .output(ZWipReport)
    .query(({ ctx, input }) => wipReport(ctx.db, ctx.actor, input)),

  agedDebtors: tenantProcedure
    .meta({
      capability,
      feature,
      openapi: {
        method: 'GET',
        path: '/reports/aged-debtors',
        tags,
        summary:
          'Legal platforms: what each client owes on issued fee notes by issue date (current, 30, 60, 90, 120+ days): the largest ?limit= (100) and the totals of all; ?format=csv for every debtor',
      },
      csv: { fileName: () => 'aged-debtors.csv', render: (data) => feeDebtorsCsv(data as TFeeDebtors) },
    })
    .input(ZFeeDebtorsInput)
    .output(ZFeeDebtors)
    .query(({ ctx, input }) => feeDebtors(ctx.db, ctx.actor, input)),

  feesByFeeEarner: tenantProcedure
    .meta({
      capability,
      feature,
      openapi: {
        method: 'GET',
        path: '/reports/fees-by-fee-earner',
        tags,
        summary:
          "Fees billed net of credit notes per fee earner against their monthly target × the period's months (?from=&to=, default this month), with time recorded and billed; ?format=csv",
      },
      csv: { fileName: () => 'fees-by-fee-earner.csv', render: (data) => feesByFeeEarnerCsv(data as TFeesByFeeEarner) },
    })
    .input(ZFeesByFeeEarnerInput)
    .output(ZFeesByFeeEarner)
    .query(({ ctx, input }) => feesByFeeEarner(ctx.db, ctx.actor, input)),

  targets: tenantProcedure
    .meta({ capability, feature, openapi: { method: 'GET', path: '/fee-targets', tags, summary: "The firm's fee earners with their monthly fee targets" } })
    .input(z.void())
    .output(ZFeeTargetList)
    .query(async ({ ctx }) => ({ items: await listFeeTargets(ctx.db, ctx.actor) })),

  setTarget: tenantProcedure
    .meta({
      capability,
      feature,
      openapi: {
        method: 'PUT',
        path: '/fee-targets/{userId}',
        tags,
        summary: "Set a member's monthly fee target in cents, exclusive of VAT (null removes it)",
      },
    })
    .input(ZSetFeeTargetRequest)
    .output(ZFeeTarget)
    .mutation(({ ctx, input }) => setFeeTarget(ctx.db, ctx.actor, input)),

  statement: tenantProcedure
    .meta({
      capability,
      feature,
      openapi: {
        method: 'GET',
        path: '/fee-statements/{personId}',
        tags,
        summary: "A client's statement: every fee note issued to them, receipts and credit notes with the running balance, and its age analysis (PDF: …/pdf)",
      },
    })
    .input(ZFeeStatementInput)
    .output(ZFeeStatement)
    .query(({ ctx, input }) => feeStatement(ctx.db, ctx.actor, input.personId)),
});
