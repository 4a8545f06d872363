import { AppPage } from '../../components/shell/app-page';
import { RestrictedState } from '../../components/shell/data-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity, type Identity } from '../../lib/identity';
import { CostAnalyticsTab } from './cost-analytics-tab';
import { HourlyRatesTab } from './hourly-rates-tab';
import { PatientCostsTab } from './patient-costs-tab';

/** SPEC §2.12: only an Administrator or a super admin (the stored role, or the demo id superadmin1). */
function mayUseCosts(identity: Identity): boolean {
  return identity.role === 'Administrator' || identity.isSuperAdmin;
}

/** SPEC §2.12 /cost-management: hourly rates, what each case costs, and the averages. */
export function CostManagementScreen() {
  const identity = useIdentity();
  return (
    <AppPage title="Cost Management" description="Hourly rates, case costs and cost analytics in ZAR">
      {!mayUseCosts(identity) ? (
        <RestrictedState>Only administrators and super admins can access cost management features.</RestrictedState>
      ) : (
        // Each tab mounts only when shown, so rates, summaries and details are fetched when needed.
        <Tabs defaultValue="rates">
          <TabsList>
            <TabsTrigger value="rates">Hourly Rates</TabsTrigger>
            <TabsTrigger value="cases">{identity.caseTerminology === 'patient' ? 'Patient Costs' : 'Matter Costs'}</TabsTrigger>
            <TabsTrigger value="analytics">Cost Analytics</TabsTrigger>
          </TabsList>
          <TabsContent value="rates" className="mt-4">
            <HourlyRatesTab />
          </TabsContent>
          <TabsContent value="cases" className="mt-4">
            <PatientCostsTab />
          </TabsContent>
          <TabsContent value="analytics" className="mt-4">
            <CostAnalyticsTab />
          </TabsContent>
        </Tabs>
      )}
    </AppPage>
  );
}
