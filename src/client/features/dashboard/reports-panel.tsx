import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { seesRevenue } from '../../../shared/dashboard-variants';
import { formatZar, formatZarThousands } from '../../../shared/format';
import { can } from '../../../shared/roles';
import type { Identity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { DashboardPanel } from './dashboard-panel';
import { QuickLinksPanel } from './quick-links';

/** SPEC §2.9 operations "reports", with revenue and billing for the Administrator and Finance Staff. */
export function ReportsPanel({ identity }: { identity: Identity }) {
  const links = [
    { label: 'Analytics', detail: 'Cases opened, completed and team workload', target: { to: '/analytics' as const }, allowed: () => can(identity, 'analytics.view') },
    { label: 'Cost Report', detail: 'Hourly rates and cost per case', target: { to: '/cost-management' as const }, allowed: () => can(identity, 'costs.view') },
    { label: 'Billing Statement', detail: 'Hours and cost per role this month', target: { to: '/billing' as const }, allowed: () => can(identity, 'billing.view') },
  ].filter((link) => link.allowed());
  // Nothing to report for this role (e.g. security, cleaning, kitchen): no empty cell in the grid.
  if (links.length === 0 && !seesRevenue(identity)) return null;
  return (
    <div className="grid gap-4">
      {seesRevenue(identity) && <RevenuePanel />}
      {links.length > 0 && <QuickLinksPanel title="Reports" links={links} />}
    </div>
  );
}

function RevenuePanel() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.dashboard.stats.queryOptions());
  const cents = stats.data?.revenueImpactCents ?? null;
  return (
    <DashboardPanel title="Revenue & Billing" description="Recorded time × hourly rates, this month">
      {cents === null ? (
        <p className="text-sm text-muted-foreground">{stats.isPending ? 'Loading...' : 'Revenue is not available'}</p>
      ) : (
        <div className="grid gap-1">
          <p className="text-3xl font-semibold tracking-tight tabular-nums">{formatZarThousands(cents)}</p>
          <p className="text-xs text-muted-foreground">
            {formatZar(cents)} ·{' '}
            <Link to="/billing" className="font-medium text-primary underline-offset-4 hover:underline">
              View billing
            </Link>
          </p>
        </div>
      )}
    </DashboardPanel>
  );
}
