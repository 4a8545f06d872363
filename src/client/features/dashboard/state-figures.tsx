import { useQuery } from '@tanstack/react-query';
import { AlarmClock, FileSignature, Landmark, Scale } from 'lucide-react';
import { formatZar, formatZarThousands, pluralise } from '../../../shared/format';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';
import { ErrorState } from '../../components/shell/data-states';
import { useTRPC } from '../../trpc';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

// Issue 32: a State litigation unit defends claims, so its key figures are its exposure — the open
// claims and their total value (the contingent liability), deadlines this week and the Head of
// Department's mandates still awaited — and a panel of claims by hospital. No billable hours.

export function StateKeyFigures() {
  const trpc = useTRPC();
  const claims = useQuery(trpc.dashboard.stateClaims.queryOptions());
  if (claims.isPending) return <StatCardsSkeleton count={4} />;
  if (claims.isError) return <ErrorState title="Could not load the claim figures" error={claims.error} onRetry={() => void claims.refetch()} />;
  const c = claims.data;
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard icon={Scale} label="Open Claims" value={String(c.openClaims)} detail="Brought against the department, not yet concluded" />
      <StatCard
        icon={Landmark}
        label="Contingent Liability"
        value={formatZarThousands(c.contingentLiabilityCents)}
        detail={c.claimsWithoutAmount === 0 ? `${formatZar(c.contingentLiabilityCents)} claimed in all` : `${formatZar(c.contingentLiabilityCents)} claimed; ${pluralise(c.claimsWithoutAmount, 'claim')} without an amount on record`}
      />
      <StatCard icon={AlarmClock} label="Deadlines This Week" value={String(c.deadlinesThisWeek)} detail="Due today through the next seven days" />
      <StatCard icon={FileSignature} label="Mandates Awaited" value={String(c.mandatesAwaited)} detail="Open claims without the Head of Department’s mandate" />
    </section>
  );
}

export function ClaimsByHospitalPanel() {
  const trpc = useTRPC();
  const claims = useQuery(trpc.dashboard.stateClaims.queryOptions());
  return (
    <DashboardPanel title="Claims by hospital" description="Open claims per hospital the records came from, and what they claim">
      <PanelQuery query={claims} what="the claims by hospital">
        {(c) =>
          c.byHospital.length === 0 ? (
            <PanelEmpty>No open claims</PanelEmpty>
          ) : (
            <ul className="divide-y" aria-label="Claims by hospital">
              {c.byHospital.map((row) => (
                <li key={row.hospital} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{row.hospital}</p>
                    <p className="text-xs text-muted-foreground">{pluralise(row.claims, 'open claim')}</p>
                  </div>
                  <span className="shrink-0 text-sm font-medium tabular-nums">{formatZar(row.valueCents)}</span>
                </li>
              ))}
            </ul>
          )
        }
      </PanelQuery>
    </DashboardPanel>
  );
}
