import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ListChecks } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import type { TChecklist, TChecklistItem } from '../../../../shared/domain/checklists';
import { formatSaDateTime } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { StaleRecordAlert } from '../../../components/forms/stale-record-alert';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Progress } from '../../../components/ui/progress';
import { useIdentity } from '../../../lib/identity';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { conflictCurrent } from '../case-errors';
import { AttachedConflictCheck } from './attached-conflict-check';
import { checklistQuery } from './checklist-queries';

// The compliance checklist of a case (issue 20): the items of its case type's template, each ticked
// by a named person on a date, and the percentage done. Anyone who works on the case ticks; a reader
// sees who did what when. A tick names the version it saw: a colleague's change in between is a 409,
// answered by showing theirs.

export function ChecklistTab({ item }: { item: TCase }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const checklist = useQuery(checklistQuery(trpc, item.id));
  const mayWrite = can(identity, 'caseFile.write');
  const [stale, setStale] = useState(false);
  const tick = useMutation(trpc.checklists.tick.mutationOptions());

  const onToggle = async (entry: TChecklistItem, done: boolean) => {
    setStale(false);
    try {
      const next = await tick.mutateAsync({ id: entry.id, done, expectedVersion: entry.version });
      queryClient.setQueryData(checklistQuery(trpc, item.id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.readiness.pathKey() });
    } catch (error) {
      // A 409 with the item as it is now is a colleague's change; one without (an adverse conflict hit
      // still open, issue 32) is a refusal that says why.
      if (conflictCurrent(error)) setStale(true);
      else toast({ title: 'Could not change the item', description: errorMessage(error), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: trpc.checklists.get.queryKey({ id: item.id }) });
    }
  };

  return (
    <section aria-labelledby="checklist-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="checklist-heading" className="text-lg font-semibold">
          Compliance checklist
        </h2>
        {checklist.data && <p className="text-sm text-muted-foreground">Template: {checklist.data.template}</p>}
      </div>
      {checklist.isPending ? (
        <ListSkeleton rows={4} label="Loading the checklist" />
      ) : checklist.isError ? (
        <ErrorState title="Could not load the checklist" error={checklist.error} onRetry={() => void checklist.refetch()} />
      ) : checklist.data.items.length === 0 ? (
        <EmptyState icon={ListChecks} title="No checklist items">
          This case&apos;s template has no items.
        </EmptyState>
      ) : (
        <>
          <PercentBar checklist={checklist.data} />
          {stale && <StaleRecordAlert what="This item" onReload={() => void checklist.refetch().then(() => setStale(false))} />}
          <ul className="grid divide-y rounded-lg border" aria-label="Checklist items">
            {checklist.data.items.map((entry) => (
              <ChecklistRow key={entry.id} entry={entry} caseId={item.id} disabled={!mayWrite || tick.isPending} onToggle={(done) => void onToggle(entry, done)} />
            ))}
          </ul>
          {!mayWrite && <p className="text-xs text-muted-foreground">You can read this checklist; ticking items needs a role that works on the case.</p>}
        </>
      )}
    </section>
  );
}

function PercentBar({ checklist }: { checklist: TChecklist }) {
  const done = checklist.items.filter((i) => i.done).length;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span id="checklist-percent-label" className="font-medium">
          {done} of {checklist.items.length} done
        </span>
        <span className="tabular-nums font-semibold" data-testid="checklist-percent">
          {checklist.percent}%
        </span>
      </div>
      <Progress value={checklist.percent} aria-labelledby="checklist-percent-label" aria-valuetext={`${checklist.percent}%`} />
    </div>
  );
}

function ChecklistRow({ entry, caseId, disabled, onToggle }: { entry: TChecklistItem; caseId: string; disabled: boolean; onToggle: (done: boolean) => void }) {
  const id = `checklist-item-${entry.id}`;
  return (
    <li className="flex flex-wrap items-start gap-3 p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--primary)] disabled:cursor-not-allowed"
        checked={entry.done}
        disabled={disabled}
        onChange={(e) => onToggle(e.target.checked)}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <label htmlFor={id} className={entry.done ? 'text-sm text-muted-foreground line-through decoration-1' : 'text-sm font-medium'}>
          {entry.label}
        </label>
        {entry.done ? (
          <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
            <CheckCircle2 className="size-3.5 text-emerald-600" aria-hidden="true" />
            Ticked by {entry.doneByName ?? 'someone'} on {formatSaDateTime(entry.doneAt)}
          </span>
        ) : (
          <Badge variant="outline" className="w-fit text-xs">
            Open
          </Badge>
        )}
        {entry.evidence && <AttachedConflictCheck caseId={caseId} evidence={entry.evidence} />}
      </div>
    </li>
  );
}
