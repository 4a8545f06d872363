import { Link } from '@tanstack/react-router';
import { AlertTriangle, BedDouble, Building2, CalendarClock, Lock, UserRound } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { formatDate, formatSaDateTime } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { CaseStatusSelect } from '../../components/cases/case-status-select';
import { StatusBadge } from '../../components/data/status-badge';
import { Badge } from '../../components/ui/badge';
import { Progress } from '../../components/ui/progress';
import { useIdentity } from '../../lib/identity';
import { caseDateLabels } from './case-labels';
import { EditCaseDialog } from './edit-case-dialog';
import { ChecklistPercent } from './litigation/checklist-percent';

// The header of a case's page: what the case is and where it stands, at a glance.

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** `flagsInBanner`: the patient banner above shows the urgent flags as alerts (issue 31). */
export function CaseHeader({ item, flagsInBanner = false }: { item: TCase; flagsInBanner?: boolean }) {
  const identity = useIdentity();
  const healthcare = PLATFORM_CONFIG[identity.platform].features.bedManagement;
  const progress = Math.min(100, Math.max(0, item.progressPercentage));
  const flags = flagsInBanner ? [] : (item.urgentFlags ?? []);
  const dates = caseDateLabels(identity.platform);
  return (
    <section aria-label="Case summary" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {item.reference && (
            <span className="rounded-md bg-muted px-2 py-0.5 font-mono text-sm" data-testid="case-reference">
              {item.reference}
            </span>
          )}
          {item.personId && can(identity, 'people.view') && (
            <Link
              to="/people/$personId"
              params={{ personId: item.personId }}
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              data-testid="case-person-link"
              title={`Open the person page of ${item.patientName}: every case, appointment and document`}
            >
              <UserRound className="size-3.5" aria-hidden="true" />
              {item.patientName}
            </Link>
          )}
          <span className="text-sm font-medium">{item.caseType}</span>
          <StatusBadge value={item.priority} />
          {item.restricted && (
            <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
              <Lock aria-hidden="true" /> Restricted
            </Badge>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {can(identity, 'cases.update') ? <CaseStatusSelect item={item} /> : <StatusBadge value={item.status} />}
          {can(identity, 'cases.update') && <EditCaseDialog item={item} />}
        </div>
      </div>

      {flags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Urgent flags">
          {flags.map((flag) => (
            <li key={flag} className="min-w-0 max-w-full">
              {/* A flag is up to 60 characters: it wraps inside the badge rather than widen a phone's page. */}
              <Badge variant="outline" className="h-auto max-w-full shrink whitespace-normal border-red-200 bg-red-50 text-left text-red-800">
                <AlertTriangle aria-hidden="true" /> {flag}
              </Badge>
            </li>
          ))}
        </ul>
      )}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
        {/* A hospital's department; a matter has none (issue 32). */}
        {healthcare && (
          <Fact label="Department">
            <span className="inline-flex items-center gap-1">
              <Building2 className="size-3.5 text-muted-foreground" aria-hidden="true" />
              {item.department ?? 'Not set'}
            </span>
          </Fact>
        )}
        {healthcare ? (
          <>
            <Fact label={dates.admissionDate}>{formatDate(item.admissionDate, 'Not admitted')}</Fact>
            <Fact label={dates.estimatedDischarge}>{formatDate(item.estimatedDischarge, 'Not set')}</Fact>
            <Fact label="Bed">
              <span className="inline-flex items-center gap-1">
                <BedDouble className="size-3.5 text-muted-foreground" aria-hidden="true" />
                {item.bedNumber ?? 'No bed'}
              </span>
            </Fact>
          </>
        ) : (
          <>
            <Fact label={dates.admissionDate}>{formatDate(item.admissionDate, 'Not set')}</Fact>
            <Fact label={dates.estimatedDischarge}>{formatDate(item.estimatedDischarge, 'Not set')}</Fact>
          </>
        )}
        <Fact label={PLATFORM_CONFIG[identity.platform].words.nextDate}>
          <span className="inline-flex items-center gap-1">
            <CalendarClock className="size-3.5 text-muted-foreground" aria-hidden="true" />
            {formatSaDateTime(item.scheduledDate)}
          </span>
        </Fact>
      </dl>

      {/* A matter is not done by a percentage: its checklist below says how far it is (issue 32). */}
      {healthcare && (
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span id={`progress-${item.id}`}>Progress</span>
            <span className="tabular-nums">{progress}%</span>
          </div>
          <Progress value={progress} aria-labelledby={`progress-${item.id}`} />
        </div>
      )}
      <ChecklistPercent caseId={item.id} />
    </section>
  );
}
