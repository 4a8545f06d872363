import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GitMerge } from 'lucide-react';
import type { TPerson } from '../../../shared/domain/people';
import { pluralise } from '../../../shared/format';
import { PersonPicker } from '../../components/people/person-picker';
import { identityDocumentOf } from '../../components/people/person-labels';
import { errorMessage } from '../../components/shell/data-states';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/**
 * Merge a duplicate into this person (issue 19, Administrator): pick the other record, read what
 * moves, confirm. The duplicate's cases, appointments and documents move here; the duplicate stays
 * as a record merged into this one, and both timelines show the merge.
 */
export function MergePersonDialog({ open, onOpenChange, survivor }: { open: boolean; onOpenChange: (open: boolean) => void; survivor: TPerson }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [duplicate, setDuplicate] = useState<TPerson | null>(null);
  const merge = useMutation(trpc.people.merge.mutationOptions());
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setDuplicate(null);
      merge.reset();
    }
  };
  const confirm = async () => {
    if (!duplicate) return;
    try {
      const result = await merge.mutateAsync({ id: survivor.id, duplicateId: duplicate.id });
      void queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.cases.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
      toast({
        title: 'Records merged',
        description: `${duplicate.fullName} merged into ${survivor.fullName}: ${pluralise(result.movedCases, 'case')} and ${pluralise(result.movedParties, 'party role', 'party roles')} moved.`,
      });
      close(false);
    } catch {
      // Shown in the dialog below.
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Merge a duplicate into {survivor.fullName}</DialogTitle>
          <DialogDescription>
            Choose the other record of the same person. Its cases, appointments and documents move to this record; the merge is audited and shown on both timelines.
          </DialogDescription>
        </DialogHeader>
        <PersonPicker label="Duplicate record" value={duplicate} onChange={setDuplicate} excludeIds={[survivor.id]} kind={survivor.kind} required />
        {duplicate && (
          <Alert>
            <GitMerge aria-hidden="true" />
            <AlertTitle>What happens</AlertTitle>
            <AlertDescription>
              <p>
                <strong>{duplicate.fullName}</strong>
                {identityDocumentOf(duplicate) ? ` (${identityDocumentOf(duplicate)})` : ''} becomes a record merged into <strong>{survivor.fullName}</strong>
                {identityDocumentOf(survivor) ? ` (${identityDocumentOf(survivor)})` : ''}. This cannot be undone from the screen.
              </p>
            </AlertDescription>
          </Alert>
        )}
        {merge.isError && (
          <Alert variant="destructive">
            <AlertTitle>Could not merge</AlertTitle>
            <AlertDescription>{errorMessage(merge.error)}</AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={!duplicate || merge.isPending} onClick={() => void confirm()}>
            <GitMerge aria-hidden="true" /> {merge.isPending ? 'Merging...' : 'Merge records'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
