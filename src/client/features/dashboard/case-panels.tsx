import { casesListPath } from '../../../shared/case-paths';
import { AlertTriangle } from 'lucide-react';
import type { TWorkspaceCase } from '../../../shared/domain/dashboard';
import { formatDate, relativeTime } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { StatusBadge } from '../../components/data/status-badge';
import { Progress } from '../../components/ui/progress';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';
import { useWorkspace } from './use-workspace';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';

// The case lists of SPEC §2.9: the caller's active cases with progress, the clinical monitor of
// patients that need watching, and the organisation's most recent updates.

export function MyCasesPanel({ title }: { title: string }) {
  const workspace = useWorkspace();
  const words = useWords();
  const casesPath = casesListPath(useIdentity().platform);
  return (
    <DashboardPanel title={title} description={`Active ${words.someCases} assigned to you`} link={{ to: casesPath, label: 'View all' }}>
      <PanelQuery query={workspace} what="your cases">
        {(work) =>
          work.myCases.length === 0 ? (
            <PanelEmpty>No active {words.cases} assigned to you</PanelEmpty>
          ) : (
            <ul className="grid grid-cols-1 gap-4" aria-label={title}>
              {work.myCases.map((item) => (
                <li key={item.id} className="grid min-w-0 gap-1.5">
                  <div className="flex items-center justify-between gap-3">
                    <div className="min-w-0">
                      <CaseLink caseId={item.id} className="block truncate text-sm font-medium text-foreground hover:text-primary">
                        {item.patientName}
                      </CaseLink>
                      <p className="truncate text-xs text-muted-foreground">
                        {item.caseType}
                        {item.bedNumber ? ` · Bed ${item.bedNumber}` : ''}
                      </p>
                    </div>
                    <StatusBadge value={item.priority} />
                  </div>
                  {/* A matter is not done by a percentage (issue 32): the progress bar is the hospital's. */}
                  {words.case === 'case' && (
                    <div className="flex items-center gap-3">
                      <Progress value={item.progressPercentage} aria-label={`${item.patientName}: ${item.progressPercentage}% progress`} />
                      <span className="w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{item.progressPercentage}%</span>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </PanelQuery>
    </DashboardPanel>
  );
}

/**
 * The patients a clinician should look in on first: active ones with High priority or urgent flags,
 * where they lie and who is responsible. The vitals monitor (vitals-monitor-panel.tsx) shows it to a
 * role that does not read the clinical record's vitals.
 */
export function VitalsWatchList() {
  return (
    <DashboardPanel title="Vitals Monitor" description="High-priority patients and their alerts" link={{ to: '/patients', label: 'All patients' }}>
      <WatchListItems />
    </DashboardPanel>
  );
}

/** The watch list itself, also shown under the latest vitals. */
export function WatchListItems() {
  const workspace = useWorkspace();
  return (
    <PanelQuery query={workspace} what="the patients to watch">
      {(work) =>
        work.watchList.length === 0 ? (
          <PanelEmpty>No patients flagged for attention</PanelEmpty>
        ) : (
          <ul className="divide-y" aria-label="Patients to watch">
            {work.watchList.map((item) => (
              <WatchRow key={item.id} item={item} />
            ))}
          </ul>
        )
      }
    </PanelQuery>
  );
}

function WatchRow({ item }: { item: TWorkspaceCase }) {
  return (
    <li className="grid gap-1 py-2.5">
      <div className="flex items-center justify-between gap-3">
        <CaseLink caseId={item.id} className="min-w-0 block truncate text-sm font-medium text-foreground hover:text-primary">
          {item.patientName}
        </CaseLink>
        <StatusBadge value={item.priority} />
      </div>
      <p className="truncate text-xs text-muted-foreground">
        {item.bedNumber ? `Bed ${item.bedNumber}` : 'No bed'}
        {item.assignedDoctor ? ` · ${item.assignedDoctor}` : ''}
      </p>
      {item.urgentFlags.length > 0 && (
        <p className="flex items-start gap-1.5 text-xs text-red-800">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {item.urgentFlags.join(' · ')}
        </p>
      )}
    </li>
  );
}

export function RecentUpdatesPanel() {
  const words = useWords();
  const workspace = useWorkspace();
  return (
    <DashboardPanel title="Recent Updates" description={`${words.Case === 'Case' ? 'Cases' : 'Matters'} changed most recently`}>
      <PanelQuery query={workspace} what="recent updates">
        {(work) =>
          work.recentUpdates.length === 0 ? (
            <PanelEmpty>No cases found</PanelEmpty>
          ) : (
            <ul className="divide-y" aria-label="Recent updates">
              {work.recentUpdates.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <CaseLink caseId={item.id} tab="timeline" className="block truncate text-sm font-medium text-foreground hover:text-primary">
                      {item.patientName}
                    </CaseLink>
                    <p className="truncate text-xs text-muted-foreground">
                      {item.caseType} · updated {relativeTime(item.updatedAt)}
                      {item.estimatedDischarge ? ` · due ${formatDate(item.estimatedDischarge)}` : ''}
                    </p>
                  </div>
                  <StatusBadge value={item.status} />
                </li>
              ))}
            </ul>
          )
        }
      </PanelQuery>
    </DashboardPanel>
  );
}
