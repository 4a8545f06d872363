import { Link } from '@tanstack/react-router';
import type { TAuditEntry } from '../../../shared/domain/audit';
import { formatDateTime, formatFullMoment } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { ACTION_LABELS, ENTITY_LABELS, OUTCOME_STYLES, labelOf } from './audit-labels';

/** Server ids are UUIDs: their first 8 characters are enough to tell rows apart (the full id is in the title). */
const shortId = (id: string) => (id.length > 12 ? id.slice(0, 8) : id);

// The table shows minutes like every other screen; the tooltip holds the full moment, with year and
// seconds (the CSV has them too, in UTC) — an auditor lining up two entries needs both.

/**
 * How many times a folded entry stands for (decision 0024): repeated failures from one address in
 * one minute are one entry with `details.count`, between `firstAt` and `lastAt`.
 */
function repeatsOf(entry: TAuditEntry): { count: number; title: string } | null {
  const { count, firstAt, lastAt } = entry.details;
  if (typeof count !== 'number' || count <= 1 || typeof firstAt !== 'string') return null;
  const last = typeof lastAt === 'string' ? ` to ${formatFullMoment(lastAt)}` : '';
  return { count, title: `${count} times from this address, ${formatFullMoment(firstAt)}${last} SAST` };
}

/** Issue 32: one person's list reads of a screen visit, folded by the server into this row. */
function foldedOf(entry: TAuditEntry): { count: number; title: string } | null {
  if (!entry.folded || entry.folded.count <= 1) return null;
  return { count: entry.folded.count, title: `${entry.folded.count} list reads, ${formatFullMoment(entry.folded.firstAt)} to ${formatFullMoment(entry.occurredAt)} SAST` };
}

/** Issue 32 (decision 0057): a reset or invitation link shown to the sender, with no mail server to send it. */
const linkShown = (entry: TAuditEntry) => entry.details.delivery === 'link-shown';

/** A restricted case read by someone outside its team (issue 18): the reason they gave, or null. */
function breakGlassReasonOf(entry: TAuditEntry): string | null {
  const { breakGlass, reason } = entry.details;
  return breakGlass === true && typeof reason === 'string' ? reason : null;
}

/** Entries of the trail, newest or oldest first as given; case ids open that case's access report. */
export function AuditTable({
  entries,
  caption,
  showOrganization,
  linkCases = true,
}: {
  entries: readonly TAuditEntry[];
  caption: string;
  showOrganization: boolean;
  /** Off inside an access report, whose entries are all of the case on screen. */
  linkCases?: boolean;
}) {
  const columns: Column<TAuditEntry>[] = [
    { header: 'When', cell: (e) => <time dateTime={e.occurredAt} title={`${formatFullMoment(e.occurredAt)} SAST`} className="whitespace-nowrap">{formatDateTime(e.occurredAt)}</time> },
    {
      header: 'Who',
      cell: (e) => (
        <div className="grid">
          <span className="font-medium">{e.userName ?? 'Not signed in'}</span>
          <span className="text-xs text-muted-foreground">{[e.role, e.userEmail && e.userEmail !== e.userName ? e.userEmail : null].filter(Boolean).join(' · ')}</span>
        </div>
      ),
    },
    ...(showOrganization ? [{ header: 'Organization', cell: (e: TAuditEntry) => e.organizationName ?? '—' }] : []),
    {
      header: 'Action',
      cell: (e) => {
        const glass = breakGlassReasonOf(e);
        if (glass === null && linkShown(e)) {
          return (
            <div className="grid">
              <span className="whitespace-nowrap">{labelOf(ACTION_LABELS, e.action)}</span>
              <span className="text-xs text-muted-foreground">Link shown to the sender (no mail server)</span>
            </div>
          );
        }
        return glass === null ? (
          <span className="whitespace-nowrap">{labelOf(ACTION_LABELS, e.action)}</span>
        ) : (
          <div className="grid max-w-xs">
            <span className="font-medium whitespace-nowrap">Broke the glass</span>
            <span className="text-xs text-muted-foreground">Reason: {glass}</span>
          </div>
        );
      },
    },
    {
      header: 'Record',
      cell: (e) => (
        <div className="grid">
          <span className="whitespace-nowrap">{labelOf(ENTITY_LABELS, e.entityType)}</span>
          {e.caseId && linkCases ? (
            <Link to="/audit/cases/$caseId" params={{ caseId: e.caseId }} className="font-mono text-xs whitespace-nowrap text-primary underline-offset-4 hover:underline" title={`Access report of case ${e.caseId}`}>
              case {shortId(e.caseId)}
            </Link>
          ) : e.entityName ? (
            // Issue 32: whom the entry is about, by name; the id stays in the tooltip.
            <span className="text-xs" title={e.entityId ?? undefined}>
              {e.entityName}
            </span>
          ) : e.entityId ? (
            <span className="font-mono text-xs whitespace-nowrap text-muted-foreground" title={e.entityId}>
              {shortId(e.entityId)}
            </span>
          ) : null}
          {/* The Super Admin's cross-organisation trail has no case page to open: cases belong to an organisation. */}
          {e.caseId && !showOrganization && (
            <CaseLink caseId={e.caseId} className="w-fit text-xs whitespace-nowrap">
              Open the case
            </CaseLink>
          )}
        </div>
      ),
    },
    {
      header: 'Outcome',
      cell: (e) => {
        const repeats = repeatsOf(e) ?? foldedOf(e);
        return (
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <Badge variant="outline" className={cn('capitalize', OUTCOME_STYLES[e.outcome])}>
              {e.outcome}
            </Badge>
            {repeats ? (
              <span className="text-xs font-medium tabular-nums text-muted-foreground" title={repeats.title}>
                ×{repeats.count}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      header: 'From',
      cell: (e) => (
        <span className="font-mono text-xs" title={e.userAgent ?? undefined}>
          {e.ip ?? '—'}
        </span>
      ),
    },
  ];
  return <SimpleTable caption={caption} columns={columns} rows={entries} rowKey={(e) => String(e.seq)} />;
}
