import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChecklistItem } from '../../../../shared/domain/checklists';
import { can } from '../../../../shared/roles';
import { ConflictCheckResult } from '../../../components/conflict-checks/conflict-check-result';
import { ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { checklistQuery } from './checklist-queries';

// The conflict check attached to a matter when it was opened (issue 32, decision 0055), under its
// checklist item: the line the server wrote, and — for those who open matters — the hits, adverse
// ones resolvable here too (resolving the last ticks the item).

export function AttachedConflictCheck({ caseId, evidence }: { caseId: string; evidence: NonNullable<TChecklistItem['evidence']> }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mayRead = can(identity, 'cases.create');
  const check = useQuery({ ...trpc.conflictChecks.get.queryOptions({ id: evidence.id }), enabled: open && mayRead });
  return (
    <div className="grid gap-1 text-xs" data-testid="attached-conflict-check">
      <span className={evidence.unresolvedAdverse > 0 ? 'text-destructive' : 'text-muted-foreground'}>{evidence.summary}</span>
      {mayRead && (
        <Button type="button" variant="link" size="sm" className="h-auto w-fit p-0 text-xs" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide the conflict check' : 'Show the conflict check'}
        </Button>
      )}
      {open &&
        (check.isPending ? (
          <ListSkeleton rows={2} label="Loading the conflict check" />
        ) : check.isError ? (
          <ErrorState title="Could not load the conflict check" error={check.error} />
        ) : (
          <ConflictCheckResult
            check={check.data}
            onChange={(next) => {
              queryClient.setQueryData(trpc.conflictChecks.get.queryKey({ id: evidence.id }), next);
              void queryClient.invalidateQueries({ queryKey: checklistQuery(trpc, caseId).queryKey });
              void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
            }}
          />
        ))}
    </div>
  );
}
