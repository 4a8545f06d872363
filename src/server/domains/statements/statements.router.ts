import { z } from 'zod';
import { ZAgedDebtors, ZAgedDebtorsInput, ZStatement } from '../../../shared/domain/account-wire';
import { ZPersonIdInput } from '../../../shared/domain/medical-accounts';
import { router, tenantProcedure } from '../../trpc';
import { agedDebtors, agedDebtorsCsv, getOwnStatement, getStatement } from './statements.service';

// Statements and aged debtors (issue 33): billing staff (accounts.manage) read a family's statement
// and the organisation's aged debtors (JSON, or CSV with ?format=csv); a Patient reads their own
// statement in the portal (patientPortal.view).

const feature = 'medicalAccounts' as const;
const tags = ['medical-accounts'];

export const statementsRouter = router({
  forPerson: tenantProcedure
    .meta({ capability: 'accounts.manage', feature, openapi: { method: 'GET', path: '/people/{id}/statement', tags, summary: "The statement of the person's account holder (main member): every account of the family, payments, balance and age analysis" } })
    .input(ZPersonIdInput)
    .output(ZStatement)
    .query(({ ctx, input }) => getStatement(ctx.db, ctx.actor, input.id)),

  agedDebtors: tenantProcedure
    .meta({
      capability: 'accounts.manage',
      feature,
      openapi: { method: 'GET', path: '/reports/aged-debtors', tags, summary: 'Healthcare: what each account holder owes on the medical accounts, by age (current, 30, 60, 90, 120+ days): the largest ?limit= (100) and the totals of all; ?format=csv for every debtor' },
      csv: { fileName: () => 'aged-debtors.csv', render: (data) => agedDebtorsCsv(data as z.infer<typeof ZAgedDebtors>) },
    })
    .input(ZAgedDebtorsInput)
    .output(ZAgedDebtors)
    .query(({ ctx, input }) => agedDebtors(ctx.db, ctx.actor, input)),

  own: tenantProcedure
    .meta({ capability: 'patientPortal.view', feature, openapi: { method: 'GET', path: '/portal/statement', tags, summary: "The signed-in patient's own statement (null when they have no account)" } })
    .input(z.object({}).optional())
    .output(ZStatement.nullable())
    .query(({ ctx }) => getOwnStatement(ctx.db, ctx.actor)),
});
