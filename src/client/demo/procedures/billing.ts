import {
  type TBillingStatement,
  type TBillingSummary,
  ZBillingStatementInput,
  buildStatement,
  currentBillingMonth,
  planStatusOf,
} from '../../../shared/domain/billing';
import { type DemoProcedures, procedure } from '../procedure';
import { allTimeEntries } from './costs';
import { homeOrganization } from './organizations';

// Billing (issue 7) in the demo: the home organisation's plan, and the statement built by the same
// shared function as the server from the demo's time entries — the ones the demo Cost Management
// screen prices — so the two screens agree. As elsewhere in the demo, a demo Super Admin answers
// from the home organisation; the /billing screen itself shows a Super Admin the restricted state.

/** The SPEC §1 trial allows up to 10 users; the demo's paying organisations have no limit. */
const TRIAL_MAX_USERS = 10;

export const billingProcedures = {
  'billing.summary': procedure({
    input: null,
    capability: 'billing.view',
    run(ctx): TBillingSummary {
      const org = homeOrganization(ctx);
      const plan = planStatusOf(org.plan, org.trialEndsAt);
      return {
        organizationName: org.name,
        platform: org.platform,
        plan: org.plan,
        ...plan,
        trialEndsAt: org.trialEndsAt,
        maxUsers: plan.status === 'active' ? null : TRIAL_MAX_USERS,
        usersInUse: org.memberCount,
      };
    },
  }),

  'billing.statement': procedure({
    input: ZBillingStatementInput,
    capability: 'billing.view',
    run(ctx, input): TBillingStatement {
      return buildStatement(input?.month ?? currentBillingMonth(), allTimeEntries(ctx));
    },
  }),
} satisfies Partial<DemoProcedures>;
