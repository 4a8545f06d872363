import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { TFieldChange, TTimelineItem } from '../../../shared/domain/case-timeline';
import { formatDate, formatFullMoment, formatSaDateTime, relativeTime } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useTRPC } from '../../trpc';

// The timeline of a case (issue 18): what happened to it, newest first, with who and when; older
// events a page at a time ("Load older" follows the server's keyset cursor).

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE_ONLY_FIELDS = new Set(['admissionDate', 'estimatedDischarge']);

/** A changed value as a person reads it: dates in SA time, blanks as "—". */
export function changeValue(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (ISO_INSTANT.test(value)) return DATE_ONLY_FIELDS.has(field) ? formatDate(value) : formatSaDateTime(value);
  if (field === 'progressPercentage' && /^\d+$/.test(value)) return `${value}%`;
  return value;
}

function Change({ change }: { change: TFieldChange }) {
  return (
    <li className="break-words">
      <span className="font-medium">{change.label}:</span> {changeValue(change.field, change.from)} → {changeValue(change.field, change.to)}
    </li>
  );
}

function Item({ item }: { item: TTimelineItem }) {
  return (
    <li className="relative grid gap-1 border-l-2 border-muted pb-4 pl-4 last:pb-0">
      <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-primary" aria-hidden="true" />
      <p className="text-sm">{item.summary}</p>
      {item.changes.length > 0 && (
        <ul className="grid gap-0.5 text-sm text-muted-foreground">
          {item.changes.map((c) => (
            <Change key={c.field} change={c} />
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        {item.actorName ?? 'System'} ·{' '}
        <time dateTime={item.at} title={formatFullMoment(item.at)}>
          {relativeTime(item.at)}
        </time>
      </p>
    </li>
  );
}

export function TimelineTab({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const timeline = useInfiniteQuery(
    trpc.timeline.list.infiniteQueryOptions({ id: caseId }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  if (timeline.isPending) return <ListSkeleton rows={5} label="Loading the timeline" />;
  if (timeline.isError)
    return <ErrorState title="Could not load the timeline" error={timeline.error} onRetry={() => void timeline.refetch()} />;
  const items = timeline.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState icon={History} title="Nothing has happened yet">
        Changes, notes, tasks, appointments, documents and time on this case show here as they happen.
      </EmptyState>
    );
  }
  return (
    <section aria-label="Timeline" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5">
      <ol className="grid">
        {items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </ol>
      {timeline.hasNextPage && (
        <Button variant="outline" className="w-fit" disabled={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
          {timeline.isFetchingNextPage ? 'Loading...' : 'Load older'}
        </Button>
      )}
    </section>
  );
}
