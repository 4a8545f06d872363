import { useQuery } from '@tanstack/react-query';
import { Building2, Hourglass, LifeBuoy, Server, Users, Wallet } from 'lucide-react';
import type { TPlatformOverview } from '../../../shared/domain/platform-overview';
import { formatDate, formatZar, formatZarThousands } from '../../../shared/format';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';
import { ErrorState } from '../../components/shell/data-states';
import { useTRPC } from '../../trpc';
import { OrganizationsPanel, PlatformActionsPanel, SupportRequestsPanel } from './super-admin-panels';

/** SPEC §2.9 Super Admin: figures across every organisation (platform.overview), the newest
 *  organisations and open support requests, and links to the platform's admin screens. */
export function SuperAdminOverview() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.platform.overview.queryOptions());
  if (overview.isPending) return <StatCardsSkeleton count={6} />;
  if (overview.isError) {
    return <ErrorState title="Could not load the platform overview" error={overview.error} onRetry={() => void overview.refetch()} />;
  }
  const o = overview.data;
  return (
    <>
      <PlatformFigures overview={o} />
      <div className="grid gap-4 lg:grid-cols-2">
        <OrganizationsPanel organizations={o.organizations} />
        <SupportRequestsPanel requests={o.recentSupportRequests} />
      </div>
      <PlatformActionsPanel />
    </>
  );
}

const count = new Intl.NumberFormat('en-ZA');

/** '3d 4h', '5h 12m' or '12m': the two largest units are enough to read at a glance. */
function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return `${days}d ${hours % 24}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}

function PlatformFigures({ overview: o }: { overview: TPlatformOverview }) {
  const { open, inProgress, urgentOrHigh } = o.supportRequests;
  return (
    <section aria-label="Platform figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
      <StatCard icon={Building2} label="Total Organizations" value={count.format(o.totalOrganizations)} detail={`${count.format(o.activeOrganizations)} active`} />
      <StatCard icon={Users} label="Total Users" value={count.format(o.totalUsers)} detail="Active users across organisations" />
      <StatCard
        icon={Hourglass}
        label="Active Trials"
        value={count.format(o.activeTrials)}
        detail={`${o.trialsEndingSoon} ending within 7 days`}
      />
      <StatCard icon={Server} label="System Uptime" value={formatUptime(o.uptime.seconds)} detail={`Running since ${formatDate(o.uptime.startedAt)}`} />
      <StatCard
        icon={LifeBuoy}
        label="Support Requests"
        value={count.format(open)}
        detail={`Open now; ${inProgress} in progress · ${urgentOrHigh} urgent or high`}
      />
      <StatCard icon={Wallet} label="Monthly Revenue" value={formatZarThousands(o.monthlyRevenueCents)} detail={`${formatZar(o.monthlyRevenueCents)} booked this month`} />
    </section>
  );
}
