import { useNavigate, useSearch } from '@tanstack/react-router';
import { currentBillingMonth } from '../../../shared/domain/billing';
import { AppPage } from '../../components/shell/app-page';
import { RestrictedState } from '../../components/shell/data-states';
import { useIdentity } from '../../lib/identity';
import { type BillingSearch, statementMonthOf } from './billing-month';
import { mayUseBilling } from './may-use-billing';
import { PlanCard } from './plan-card';
import { StatementSection } from './statement-section';

/** /billing (issue 7): the organisation's plan or trial and the monthly statement of recorded time. */
export function BillingScreen() {
  const identity = useIdentity();
  const search: BillingSearch = useSearch({ from: '/_app/billing' });
  const navigate = useNavigate({ from: '/billing' });
  const month = statementMonthOf(search);
  const setMonth = (next: string) =>
    void navigate({ search: { month: next >= currentBillingMonth() ? undefined : next } });

  return (
    <AppPage title="Billing" description="Your plan, your users and the monthly statement of time recorded on cases, in ZAR">
      {!mayUseBilling(identity) ? (
        <RestrictedState>
          {identity.isSuperAdmin
            ? 'Billing belongs to an organisation. Super Admins see every organisation’s plan on the Organizations page.'
            : 'Only administrators and finance staff can see billing.'}
        </RestrictedState>
      ) : (
        <>
          <PlanCard />
          <StatementSection month={month} onMonthChange={setMonth} />
        </>
      )}
    </AppPage>
  );
}
