import { useQueries, useQuery } from '@tanstack/react-query';
import { BarChart3, Clock, TrendingUp, Trophy, Wallet } from 'lucide-react';
import { formatZar } from '../../../shared/format';
import { StatCard } from '../../components/data/stat-card';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { EmptyState, ErrorState } from '../../components/shell/data-states';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { DEMO_COST_FIGURES, computeCostFigures, type CostFigures, type RoleFigure } from './cost-figures';
import { LoadingText } from './loading-text';

// Enough cases for a meaningful average without a request storm on a large organisation: the
// first page of summaries at the largest page size the server allows.
const CASES_SAMPLED = 100;

/** SPEC §2.12 Cost Analytics: the fixed sample in demo mode, the organisation's figures signed in. */
export function CostAnalyticsTab() {
  const identity = useIdentity();
  return identity.status === 'demo' ? <CostAnalyticsView figures={DEMO_COST_FIGURES} /> : <SignedInAnalytics />;
}

function SignedInAnalytics() {
  const trpc = useTRPC();
  const summaries = useQuery(trpc.costs.caseSummaries.queryOptions({ page: 1, pageSize: CASES_SAMPLED }));
  const cases = summaries.data?.items ?? [];
  const details = useQueries({ queries: cases.map((s) => trpc.costs.caseDetails.queryOptions({ caseId: s.caseId })) });

  if (summaries.isPending || details.some((d) => d.isPending)) return <LoadingText />;
  if (summaries.isError) return <ErrorState title="Could not load cost analytics" error={summaries.error} onRetry={() => void summaries.refetch()} />;
  const failed = details.find((d) => d.isError);
  if (failed) return <ErrorState title="Could not load cost analytics" error={failed.error} onRetry={() => void failed.refetch()} />;
  if (summaries.data.total === 0) {
    return (
      <EmptyState icon={BarChart3} title="No Cost Data Available">
        Averages appear once time is recorded on a case.
      </EmptyState>
    );
  }
  return <CostAnalyticsView figures={computeCostFigures(cases, details.flatMap((d) => d.data ?? []))} />;
}

function CostAnalyticsView({ figures }: { figures: CostFigures }) {
  const withEfficiency = figures.roles.some((r) => r.efficiency !== undefined);
  const columns: Column<RoleFigure>[] = [
    { header: 'Role', cell: (row) => <span className="font-medium">{row.role}</span> },
    { header: 'Average cost', cell: (row) => formatZar(row.averageCostCents), className: 'text-right tabular-nums whitespace-nowrap' },
    { header: 'Average hours', cell: (row) => row.averageHours.toFixed(1), className: 'text-right tabular-nums' },
    ...(withEfficiency ? [{ header: 'Efficiency', cell: (row: RoleFigure) => `${row.efficiency}%`, className: 'text-right tabular-nums' }] : []),
  ];
  return (
    <div className="grid gap-4">
      <section aria-label="Cost averages" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label="Average Cost per Case" value={formatZar(figures.averageCostPerCaseCents)} icon={Wallet} />
        <StatCard label="Average Hours per Case" value={figures.averageHoursPerCase.toFixed(1)} icon={Clock} />
        <StatCard label="Most Efficient Role" value={figures.mostEfficientRole ?? 'N/A'} icon={Trophy} detail={withEfficiency ? undefined : 'Lowest cost per hour'} />
        {figures.costTrend && <StatCard label="Cost Trend" value={figures.costTrend} icon={TrendingUp} />}
      </section>
      {figures.roles.length > 0 && <SimpleTable caption="Cost by role" columns={columns} rows={figures.roles} rowKey={(row) => row.role} />}
    </div>
  );
}
