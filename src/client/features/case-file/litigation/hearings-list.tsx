import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Gavel, MapPin, Pencil, UserRound } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import { HEARING_TYPE_LABELS, type THearing } from '../../../../shared/domain/hearings';
import { formatSaDateTime, formatSaTime } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { courtMatterQuery, hearingsQuery } from './court-queries';
import { HearingDialogContent } from './hearing-dialog';

// The hearings of a case (issue 20): the ones to come first (soonest first), then the past ones
// with their outcomes (latest first). Each shows on the schedule too.

function HearingRow({ hearing, now, onEdit }: { hearing: THearing; now: number; onEdit?: () => void }) {
  const past = Date.parse(hearing.startsAt) < now;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{HEARING_TYPE_LABELS[hearing.type]}</span>
          {hearing.type === 'trial' && !past && <Badge>Trial date</Badge>}
        </div>
        <span className="text-sm">
          <time dateTime={hearing.startsAt}>{formatSaDateTime(hearing.startsAt)}</time>
          {hearing.endsAt ? ` – ${formatSaTime(hearing.endsAt)}` : ''}
        </span>
        {(hearing.venue || hearing.judge) && (
          <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            {hearing.venue && (
              <span className="flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden="true" /> {hearing.venue}
              </span>
            )}
            {hearing.judge && (
              <span className="flex items-center gap-1">
                <UserRound className="size-3.5" aria-hidden="true" /> {hearing.judge}
              </span>
            )}
          </span>
        )}
        {hearing.outcome ? (
          <p className="text-sm break-words">
            <span className="font-medium">Outcome:</span> {hearing.outcome}
          </p>
        ) : (
          past && <p className="text-sm text-amber-700 dark:text-amber-400">Outcome not recorded yet</p>
        )}
        {hearing.notes && <p className="text-xs break-words text-muted-foreground">{hearing.notes}</p>}
      </div>
      {onEdit && (
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Change the ${HEARING_TYPE_LABELS[hearing.type].toLowerCase()} of ${formatSaDateTime(hearing.startsAt)}`}>
          <Pencil aria-hidden="true" /> {past && !hearing.outcome ? 'Record outcome' : 'Change'}
        </Button>
      )}
    </li>
  );
}

export function HearingsList({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const hearings = useQuery(hearingsQuery(trpc, item.id));
  const matter = useQuery(courtMatterQuery(trpc, item.id));
  const mayWrite = can(identity, 'caseFile.write');
  // null: closed; 'new': setting one down; else the hearing being changed.
  const [editing, setEditing] = useState<THearing | 'new' | null>(null);
  const now = Date.now();

  const add = mayWrite ? (
    <Button size="sm" onClick={() => setEditing('new')}>
      <CalendarPlus aria-hidden="true" /> Set down a hearing
    </Button>
  ) : null;
  const dialog = (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
      {editing !== null && (
        <HearingDialogContent
          caseId={item.id}
          hearing={editing === 'new' ? null : editing}
          defaultVenue={matter.data?.courtMatter ? `${matter.data.courtMatter.court}, ${matter.data.courtMatter.division}` : null}
          onDone={() => setEditing(null)}
        />
      )}
    </Dialog>
  );

  let body;
  if (hearings.isPending) body = <ListSkeleton rows={3} label="Loading the hearings" />;
  else if (hearings.isError) body = <ErrorState title="Could not load the hearings" error={hearings.error} onRetry={() => void hearings.refetch()} />;
  else if (hearings.data.items.length === 0) {
    body = (
      <EmptyState icon={Gavel} title="No hearings set down" action={add}>
        Trial dates, judicial case management, pre-trial conferences, motions and mediations appear here and on the court schedule.
      </EmptyState>
    );
  } else {
    const upcoming = hearings.data.items.filter((h) => Date.parse(h.startsAt) >= now);
    const past = hearings.data.items.filter((h) => Date.parse(h.startsAt) < now).reverse();
    const list = (rows: THearing[], label: string) => (
      <ul className="divide-y" aria-label={label}>
        {rows.map((h) => (
          <HearingRow key={h.id} hearing={h} now={now} onEdit={mayWrite ? () => setEditing(h) : undefined} />
        ))}
      </ul>
    );
    body = (
      <Card className="gap-2">
        <CardHeader className="flex items-center justify-between gap-3">
          <CardTitle className="text-base">Hearings</CardTitle>
          {add}
        </CardHeader>
        <CardContent className="grid gap-3">
          {upcoming.length > 0 ? list(upcoming, 'Hearings to come') : <p className="text-sm text-muted-foreground">Nothing set down from today on.</p>}
          {past.length > 0 && (
            <div className="grid gap-1">
              <h3 className="text-sm font-medium text-muted-foreground">Past hearings</h3>
              {list(past, 'Past hearings')}
            </div>
          )}
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      {body}
      {dialog}
    </>
  );
}
