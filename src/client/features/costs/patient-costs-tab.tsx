import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import type { TCaseCostSummary } from '../../../shared/domain/costs';
import { formatZar } from '../../../shared/format';
import { rolesOfPlatform } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';
import { CaseLink } from '../../components/cases/case-link';
import { Card } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { EmptyState, ErrorState } from '../../components/shell/data-states';
import { useTRPC } from '../../trpc';
import { CostBreakdownDialog } from './cost-breakdown-dialog';
import { LoadingText } from './loading-text';
import { RecordTimePanel } from './record-time-panel';

// Cards per page (the server's default page size, kept here so this screen does not load zod).
const PAGE_SIZE = 24;

/**
 * SPEC §2.12 Patient Costs: a card per case cost summary, a page at a time by patient name (a large
 * hospital has tens of thousands); a click opens its breakdown.
 */
export function PatientCostsTab() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  // Keep the current cards while the next page loads: the grid does not flash empty.
  const summaries = useQuery({ ...trpc.costs.caseSummaries.queryOptions({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<TCaseCostSummary | null>(null);
  const pages = summaries.data ? Math.max(1, Math.ceil(summaries.data.total / PAGE_SIZE)) : 1;
  // The split is by the role of who recorded the time: a part shows only where the platform has
  // that role (a law firm has no Doctor), and Other staff holds the rest, so the parts sum to the total.
  const roles = rolesOfPlatform(useIdentity().platform);

  return (
    <div className="grid gap-4">
      <RecordTimePanel />
      {summaries.isPending ? (
        <LoadingText />
      ) : summaries.isError ? (
        <ErrorState title="Could not load case costs" error={summaries.error} onRetry={() => void summaries.refetch()} />
      ) : summaries.data.total === 0 ? (
        <EmptyState icon={Receipt} title="No Cost Data Available">
          Case costs appear here once time is recorded on a case.
        </EmptyState>
      ) : (
        <div className="grid gap-3" aria-busy={summaries.isFetching}>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Case costs">
            {summaries.data.items.map((summary) => (
              <li key={summary.caseId} className="grid">
                <Card className="p-0" data-testid="case-cost-card">
                  <button
                    type="button"
                    onClick={() => setSelected(summary)}
                    className="grid w-full gap-2 rounded-xl p-4 text-left outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    aria-label={`${summary.patientName}, ${summary.caseType}: ${formatZar(summary.totalCostCents)}. Show the cost breakdown`}
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className="grid">
                        <span className="font-semibold">{summary.patientName}</span>
                        <span className="text-sm text-muted-foreground">{summary.caseType}</span>
                      </span>
                      <span className="text-right">
                        <span className="block text-lg font-semibold tabular-nums" data-testid="case-total-cost">
                          {formatZar(summary.totalCostCents)}
                        </span>
                        <span className="block text-xs text-muted-foreground">{summary.totalHours.toFixed(1)} hours</span>
                      </span>
                    </span>
                    <span className="grid grid-cols-2 gap-2 border-t pt-2 text-xs">
                      {roles.includes('Doctor') && <Split label="Doctor" cents={summary.doctorCostCents} />}
                      {roles.includes('Nurse') && <Split label="Nurse" cents={summary.nurseCostCents} />}
                      {roles.includes('Case Manager') && <Split label="Case Manager" cents={summary.caseManagerCostCents} />}
                      <Split label={roles.includes('Doctor') ? 'Other staff' : 'Staff'} cents={summary.otherCostCents} />
                    </span>
                  </button>
                  <CaseLink caseId={summary.caseId} tab="time" className="border-t px-4 py-2 text-sm" label={`Open the case of ${summary.patientName}`}>
                    Open the case
                  </CaseLink>
                </Card>
              </li>
            ))}
          </ul>
          {summaries.data.total > PAGE_SIZE && (
            <Pager page={page} hasNext={page < pages} onPage={setPage}>
              Page {page} of {pages} · {summaries.data.total.toLocaleString('en-ZA')} cases with recorded time
            </Pager>
          )}
        </div>
      )}
      <CostBreakdownDialog summary={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

function Split({ label, cents }: { label: string; cents: number }) {
  return (
    <span className="grid">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium tabular-nums">{formatZar(cents)}</span>
    </span>
  );
}
