import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/format';
import { StatusBadge } from '../../components/data/status-badge';
import { useTRPC } from '../../trpc';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

/** SPEC §2.9 lab results (Diagnostic Services only): the organisation's latest results, pending ones included. */
export function LabResultsPanel() {
  const trpc = useTRPC();
  const results = useQuery(trpc.records.recentTestResults.queryOptions());
  return (
    <DashboardPanel title="Lab Results" description="The latest results across the organisation">
      <PanelQuery query={results} what="lab results">
        {(rows) =>
          rows.length === 0 ? (
            <PanelEmpty>No results yet</PanelEmpty>
          ) : (
            <ul className="divide-y" aria-label="Lab results">
              {rows.map((result) => (
                <li key={result.id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">
                      {result.testName}
                      {result.summary && result.flag ? <span className="font-normal tabular-nums"> · {result.summary}</span> : null}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {result.patientName} · {result.resultedAt ? `resulted ${formatDateTime(result.resultedAt)}` : `ordered ${formatDateTime(result.orderedAt)}`}
                    </p>
                  </div>
                  <StatusBadge value={result.flag && result.flag !== 'Normal' ? result.flag : result.status} />
                </li>
              ))}
            </ul>
          )
        }
      </PanelQuery>
    </DashboardPanel>
  );
}
