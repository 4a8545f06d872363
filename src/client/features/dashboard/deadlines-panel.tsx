import { useQuery } from '@tanstack/react-query';
import { formatCalendarDay } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { DeadlineDueMark } from '../../components/deadlines/deadline-due-mark';
import { useTRPC } from '../../trpc';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

// SPEC §2.9 / issue 20: the legal dashboards' "Deadlines this week" — the organisation's deadlines
// computed from South African rules, due from today through the next 7 days, on the cases the
// caller may read; each leads to its case's Court tab.

export function DeadlinesPanel() {
  const trpc = useTRPC();
  const upcoming = useQuery(trpc.deadlines.upcoming.queryOptions({ days: 7 }));
  return (
    <DashboardPanel title="Deadlines this week" description="Due from today through the next 7 days">
      <PanelQuery query={upcoming} what="the deadlines">
        {(all) => {
          // Still to meet (decision 0056): one marked met or not applicable, or met by service of summons, is done.
          const items = all.items.filter((d) => d.status === 'open' || d.status === 'overdue');
          return items.length === 0 ? (
            <PanelEmpty>No deadlines due this week</PanelEmpty>
          ) : (
            <ul className="divide-y" aria-label="Deadlines this week">
              {items.map((d) => (
                <li key={d.id} className="flex items-start justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium" title={d.explanation}>
                      {d.title}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      <CaseLink caseId={d.caseId} tab="court" label={`Open the Court tab of ${d.caseName}`}>
                        {d.caseName}
                      </CaseLink>
                      {d.caseReference ? ` · ${d.caseReference}` : ''} · {formatCalendarDay(d.due)}
                    </p>
                  </div>
                  <DeadlineDueMark due={d.due} met={false} className="shrink-0" />
                </li>
              ))}
            </ul>
          );
        }}
      </PanelQuery>
    </DashboardPanel>
  );
}
