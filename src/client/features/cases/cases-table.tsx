import { Link } from '@tanstack/react-router';
import { CaseLink } from '../../components/cases/case-link';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { formatSaDateTime } from '../../../shared/format';
import { SimpleTable, type Column } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { PLATFORM_CONFIG, type PlatformConfig } from '../../../shared/platform';
import { wordsOf } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { CaseStatusSelect } from '../../components/cases/case-status-select';

/** A case's progress as a labelled bar: staff scan the bar, screen readers hear the number. */
function CaseProgress({ item }: { item: TCase }) {
  const value = Math.min(100, Math.max(0, item.progressPercentage));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={`Progress of ${item.patientName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-20 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">{value}%</span>
    </div>
  );
}

/** The case's team as far as assigned, one line each, named as the platform names the slots. */
function AssignedStaff({ item, labels }: { item: TCase; labels: PlatformConfig['teamLabels'] }) {
  const staff = [
    [labels.doctor, item.assignedDoctor],
    [labels.nurse, item.assignedNurse],
    [labels.caseManager, item.caseManager],
  ].filter((entry): entry is [string, string] => !!entry[1]);
  if (staff.length === 0) return <span className="text-muted-foreground">Unassigned</span>;
  return (
    <ul className="grid gap-0.5">
      {staff.map(([role, person]) => (
        <li key={role} className="whitespace-nowrap">
          <span className="text-muted-foreground">{role}:</span> {person}
        </li>
      ))}
    </ul>
  );
}

export function CasesTable({
  caption,
  noun,
  items,
  canUpdate,
  canAudit = false,
}: {
  caption: string;
  noun: string;
  items: readonly TCase[];
  canUpdate: boolean;
  /** Administrators: a link to the case's access report (who read or changed it, issue 8). */
  canAudit?: boolean;
}) {
  const platform = useIdentity().platform;
  const labels = PLATFORM_CONFIG[platform].teamLabels;
  const words = wordsOf(platform);
  // A matter is not done by a percentage (issue 32): the progress bar is the hospital's.
  const showsProgress = platform === 'healthcare';
  // Five columns fit a laptop beside the sidebar: the scheduled time sits under the case type and
  // the progress bar under the status, so nothing needs a sideways scroll at 1280 px.
  const columns: Column<TCase>[] = [
    {
      header: noun,
      cell: (row) => (
        <div className="grid min-w-36 gap-0.5">
          <CaseLink caseId={row.id} className="w-fit font-medium text-foreground hover:text-primary">
            {row.patientName}
          </CaseLink>
          {/* The reference sits under the name: a sixth column would not fit a laptop beside the sidebar. */}
          {row.reference && <span className="font-mono text-xs text-muted-foreground">{row.reference}</span>}
          {row.restricted && (
            <span className="text-xs font-medium text-amber-800">{row.withheld ? 'Restricted: open it to ask for access' : 'Restricted'}</span>
          )}
          {/* Phones show only this column and the status: type and priority sit under the name. */}
          <span className="flex flex-wrap items-center gap-1.5 text-xs sm:hidden">
            {row.withheld ? null : row.caseType}
            <StatusBadge value={row.priority} />
          </span>
          {row.description && <span className="line-clamp-2 max-w-64 text-xs text-muted-foreground">{row.description}</span>}
          {canAudit && (
            <Link
              to="/audit/cases/$caseId"
              params={{ caseId: row.id }}
              className="w-fit text-xs text-primary underline-offset-4 hover:underline"
              aria-label={`Access report for ${row.patientName}`}
            >
              Access report
            </Link>
          )}
        </div>
      ),
    },
    {
      header: `${words.Case} type`,
      cell: (row) => (
        <div className="grid min-w-32 gap-0.5">
          {/* A case withheld from the reader (issue 28) has no type or schedule to show: a dash, not "Not scheduled". */}
          <span className={row.withheld ? 'text-muted-foreground' : undefined}>{row.withheld ? '—' : row.caseType}</span>
          {!row.withheld && (
            <span className="text-xs text-muted-foreground">
              {row.scheduledDate ? `${words.nextDate} ${formatSaDateTime(row.scheduledDate)}` : showsProgress ? 'Not scheduled' : 'No date set'}
            </span>
          )}
        </div>
      ),
      className: 'hidden sm:table-cell',
    },
    {
      header: 'Priority',
      cell: (row) => <StatusBadge value={row.priority} />,
      className: 'hidden sm:table-cell',
    },
    {
      header: 'Status',
      cell: (row) => (
        <div className="grid gap-2">
          {canUpdate && !row.withheld ? <CaseStatusSelect item={row} /> : <StatusBadge value={row.status} />}
          {showsProgress && <CaseProgress item={row} />}
        </div>
      ),
    },
    {
      header: 'Assigned staff',
      cell: (row) => <AssignedStaff item={row} labels={labels} />,
      className: 'hidden text-xs md:table-cell',
    },
  ];
  return <SimpleTable caption={caption} columns={columns} rows={items} rowKey={(row) => row.id} />;
}
