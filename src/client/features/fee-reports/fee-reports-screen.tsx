import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, RestrictedState } from '../../components/shell/data-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { FeeDebtorsPanel } from './fee-debtors-panel';
import { FeeTargetsPanel } from './fee-targets-panel';
import { FeesByFeeEarnerPanel } from './fees-by-fee-earner-panel';
import { WipPanel } from './wip-panel';

const TITLE = 'Fees';

/**
 * /fees (issue 34): the firm's fee reports — work in progress, aged debtors (with each client's
 * statement), fees billed against target — and the fee earners' targets. Firm-wide money: Finance
 * Staff and the Director (fees.manage), on the platforms that bill.
 */
export function FeeReportsScreen() {
  const identity = useIdentity();
  const trpc = useTRPC();
  const mayRead = can(identity, 'fees.manage');
  // A State unit that acts for no claimant bills nobody (a setting): say so rather than show refused reports.
  const settings = useQuery({ ...trpc.fees.settings.queryOptions(), enabled: mayRead });
  if (!mayRead) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only Finance Staff and the Director read the firm's fee reports. A matter's own fees are on its Fees tab.</RestrictedState>
      </AppPage>
    );
  }
  return (
    <AppPage
      title={TITLE}
      description="Unbilled work, what clients owe on issued fee notes, and fees billed against each fee earner's target. Every report downloads as CSV."
    >
      <Tabs defaultValue="wip">
        <TabsList className="h-auto max-w-full flex-wrap justify-start">
          <TabsTrigger value="wip">Work in progress</TabsTrigger>
          <TabsTrigger value="debtors">Aged debtors</TabsTrigger>
          <TabsTrigger value="fees">Fees by fee earner</TabsTrigger>
          <TabsTrigger value="targets">Targets</TabsTrigger>
        </TabsList>
        <TabsContent value="wip" className="mt-4">
          <WipPanel />
        </TabsContent>
        <TabsContent value="debtors" className="mt-4">
          <FeeDebtorsPanel />
        </TabsContent>
        <TabsContent value="fees" className="mt-4">
          <FeesByFeeEarnerPanel />
        </TabsContent>
        <TabsContent value="targets" className="mt-4">
          <FeeTargetsPanel />
        </TabsContent>
      </Tabs>
    </AppPage>
  );
}
