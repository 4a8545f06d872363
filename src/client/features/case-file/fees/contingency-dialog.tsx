import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../../shared/calendar';
import { CONTINGENCY_ITEMS, CONTINGENCY_ITEM_IDS, type TContingencyAgreement, type TContingencyItem } from '../../../../shared/domain/contingency';
import { errorMessage } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { fieldErrorsOf } from '../../../lib/server-errors';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';

// Records a matter's contingency-fee agreement, or amends it (issue 34): a save is a new version,
// never an edit, and names the version the dialog opened with — if someone amended it meanwhile the
// server answers 409 and the dialog says so rather than overwrite their version.

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

export function ContingencyDialog({ caseId, current, onClose }: { caseId: string; current: TContingencyAgreement | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uplift, setUplift] = useState(current ? String(current.upliftPercent) : '100');
  const [basis, setBasis] = useState(current?.normalFeeBasis ?? '');
  const [signedOn, setSignedOn] = useState(current?.signedOn ?? dayKey());
  const [items, setItems] = useState<Set<TContingencyItem>>(new Set(current?.items.filter((i) => i.checked).map((i) => i.id) ?? []));
  const [fields, setFields] = useState<Record<string, string>>({});
  const ids = { uplift: useId(), basis: useId(), signedOn: useId(), items: useId(), err: useId() };
  const save = useMutation(
    trpc.contingency.save.mutationOptions({
      onSuccess: async (a) => {
        toast({
          title: a.version === 1 ? 'Agreement recorded' : `Agreement amended (version ${a.version})`,
          description: a.complete ? 'Every s3 item is confirmed.' : 'Some s3 items are still open.',
        });
        await queryClient.invalidateQueries({ queryKey: trpc.contingency.get.queryKey({ id: caseId }) });
        await queryClient.invalidateQueries({ queryKey: trpc.contingency.fee.pathKey() });
        onClose();
      },
      onError: (e) => setFields(fieldErrorsOf(e, errorMessage)),
    }),
  );
  const toggle = (id: TContingencyItem) =>
    setItems((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{current ? `Amend the agreement (version ${current.version})` : 'Record the contingency-fee agreement'}</DialogTitle>
          <DialogDescription>
            The Contingency Fees Act allows a success fee at most 100% above normal fees and never more than 25% of the award. An amendment is kept as a new
            version.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setFields({});
            // A number the server names if it is not a whole one; an empty box is not zero.
            const upliftPercent = uplift.trim() === '' ? Number.NaN : Number(uplift);
            save.mutate({
              id: caseId,
              upliftPercent,
              normalFeeBasis: basis,
              signedOn,
              items: CONTINGENCY_ITEM_IDS.filter((i) => items.has(i)),
              ...(current ? { version: current.version } : {}),
            });
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.uplift}>Uplift above normal fees (%)</Label>
              <Input id={ids.uplift} inputMode="numeric" value={uplift} onChange={(e) => setUplift(e.target.value)} aria-describedby={`${ids.err}-uplift`} />
              <FieldError id={`${ids.err}-uplift`} message={fields.upliftPercent} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.signedOn}>Signed on</Label>
              <Input
                id={ids.signedOn}
                type="date"
                max={dayKey()}
                value={signedOn}
                onChange={(e) => setSignedOn(e.target.value)}
                aria-describedby={`${ids.err}-signed`}
              />
              <FieldError id={`${ids.err}-signed`} message={fields.signedOn} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.basis}>Normal-fee basis</Label>
            <Textarea
              id={ids.basis}
              rows={2}
              value={basis}
              placeholder="e.g. Attorney-and-client tariff, R2 500/hour"
              onChange={(e) => setBasis(e.target.value)}
              aria-describedby={`${ids.err}-basis`}
            />
            <FieldError id={`${ids.err}-basis`} message={fields.normalFeeBasis} />
          </div>
          <fieldset className="grid gap-1.5" aria-describedby={`${ids.err}-items`}>
            <legend className="mb-1 text-sm font-medium">The written agreement (s3): tick what it meets</legend>
            {CONTINGENCY_ITEM_IDS.map((id) => (
              <label key={id} className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={items.has(id)} onChange={() => toggle(id)} />
                {CONTINGENCY_ITEMS[id]}
              </label>
            ))}
            <FieldError id={`${ids.err}-items`} message={fields.items} />
          </fieldset>
          {(fields.form || fields.version) && (
            <p role="alert" className="text-sm text-destructive">
              {fields.version ?? fields.form}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : current ? 'Save as a new version' : 'Record agreement'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
