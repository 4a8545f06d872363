import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../../shared/calendar';
import type { TFeeNote } from '../../../../shared/domain/fee-notes';
import { formatZar } from '../../../../shared/format';
import { errorMessage } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { randToCents } from '../../../lib/rand-input';
import { fieldErrorsOf } from '../../../lib/server-errors';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';

// The fee tab's dialogs (issue 34): record a disbursement; receive a payment against a fee note;
// reverse a fee note with a credit note (or withdraw a pro-forma). The server checks every field
// (amount, VAT flag, never more than owed) and its field errors land on the same fields.

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} className="text-sm text-destructive">{message}</p> : null;
}

function useFeeInvalidation(caseId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.feeNotes.wip.queryKey({ id: caseId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.feeNotes.list.queryKey({ id: caseId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.disbursements.list.queryKey({ id: caseId }) }),
    ]);
  };
}

export function DisbursementDialog({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useFeeInvalidation(caseId);
  const [date, setDate] = useState(dayKey());
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [vatable, setVatable] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const ids = { date: useId(), description: useId(), amount: useId(), vatable: useId(), err: useId() };
  const record = useMutation(
    trpc.disbursements.create.mutationOptions({
      onSuccess: async (d) => {
        toast({ title: 'Disbursement recorded', description: `${d.description}: ${formatZar(d.amountCents)}${d.vatable ? ' plus VAT' : ''}.` });
        await refresh();
        onClose();
      },
      onError: (e) => setFields(fieldErrorsOf(e, errorMessage)),
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record disbursement</DialogTitle>
          <DialogDescription>What the firm paid out on the matter for the client, billed on a fee note later.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setFields({});
            record.mutate({ id: caseId, date, description, amountCents: randToCents(amount), vatable });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={ids.description}>Description</Label>
            <Input id={ids.description} value={description} placeholder="e.g. Sheriff's fee: service of summons" onChange={(e) => setDescription(e.target.value)} aria-describedby={`${ids.err}-description`} />
            <FieldError id={`${ids.err}-description`} message={fields.description} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.date}>Date</Label>
              <Input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-describedby={`${ids.err}-date`} />
              <FieldError id={`${ids.err}-date`} message={fields.date} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.amount}>Amount excl. VAT (R)</Label>
              <Input id={ids.amount} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={`${ids.err}-amount`} />
              <FieldError id={`${ids.err}-amount`} message={fields.amountCents} />
            </div>
          </div>
          <label htmlFor={ids.vatable} className="flex items-center gap-2 text-sm">
            <input id={ids.vatable} type="checkbox" checked={vatable} onChange={(e) => setVatable(e.target.checked)} className="size-4" />
            Add VAT when billed (not for a fee passed on as the client's own cost)
          </label>
          {fields.form && <p role="alert" className="text-sm text-destructive">{fields.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={record.isPending}>{record.isPending ? 'Recording…' : 'Record disbursement'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function ReceiptDialog({ note, onClose }: { note: TFeeNote; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useFeeInvalidation(note.caseId);
  const [amount, setAmount] = useState((note.owingCents / 100).toFixed(2));
  const [method, setMethod] = useState<'eft' | 'card' | 'cash'>('eft');
  const [date, setDate] = useState(dayKey());
  const [fields, setFields] = useState<Record<string, string>>({});
  const ids = { amount: useId(), method: useId(), date: useId(), err: useId() };
  const receive = useMutation(
    trpc.feeNotes.receive.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: `Receipt ${r.receiptNumber}`, description: `${formatZar(r.amountCents)} against fee note ${note.number}.` });
        await refresh();
        onClose();
      },
      onError: (e) => setFields(fieldErrorsOf(e, errorMessage)),
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Receive payment on fee note {note.number}</DialogTitle>
          <DialogDescription>Still owing {formatZar(note.owingCents)}. Money into the business account; a transfer from trust is made in the trust ledger.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setFields({});
            receive.mutate({ id: note.id, amountCents: randToCents(amount), method, date });
          }}
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.amount}>Amount (R)</Label>
              <Input id={ids.amount} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={`${ids.err}-amount`} />
              <FieldError id={`${ids.err}-amount`} message={fields.amountCents} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.method}>Method</Label>
              <select id={ids.method} value={method} onChange={(e) => setMethod(e.target.value as typeof method)} className="h-9 rounded-md border bg-background px-2 text-sm">
                <option value="eft">EFT</option>
                <option value="card">Card</option>
                <option value="cash">Cash</option>
              </select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.date}>Date</Label>
              <Input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-describedby={`${ids.err}-date`} />
              <FieldError id={`${ids.err}-date`} message={fields.date} />
            </div>
          </div>
          {fields.form && <p role="alert" className="text-sm text-destructive">{fields.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={receive.isPending}>{receive.isPending ? 'Receiving…' : 'Receive payment'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function CreditNoteDialog({ note, onClose }: { note: TFeeNote; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useFeeInvalidation(note.caseId);
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const ids = { reason: useId(), err: useId() };
  const proForma = note.status === 'pro-forma';
  const credit = useMutation(
    trpc.feeNotes.creditNote.mutationOptions({
      onSuccess: async (n) => {
        toast({ title: n.creditNote ? `Credit note ${n.creditNote.number}` : 'Pro-forma withdrawn', description: 'Its work is unbilled again and can be billed anew.' });
        await refresh();
        onClose();
      },
      onError: (e) => setFields(fieldErrorsOf(e, errorMessage)),
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{proForma ? 'Withdraw the pro-forma' : `Credit fee note ${note.number}`}</DialogTitle>
          <DialogDescription>
            {proForma ? 'A pro-forma has no accounting effect: withdrawing it frees its work.' : `A numbered credit note reverses the whole ${formatZar(note.totalCents)}; nothing on the fee note is edited.`}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setFields({});
            credit.mutate({ id: note.id, reason });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={ids.reason}>Reason</Label>
            <Input id={ids.reason} value={reason} placeholder="e.g. Billed to the wrong client" onChange={(e) => setReason(e.target.value)} aria-describedby={`${ids.err}-reason`} />
            <FieldError id={`${ids.err}-reason`} message={fields.reason} />
          </div>
          {fields.form && <p role="alert" className="text-sm text-destructive">{fields.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="destructive" disabled={credit.isPending}>{proForma ? 'Withdraw' : 'Issue credit note'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
