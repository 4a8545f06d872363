import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../../shared/calendar';
import type { TFeeNote } from '../../../../shared/domain/fee-notes';
import { INVESTMENT_SECTIONS, type TInvestment, type TInvestmentSection, type TTrustEntry } from '../../../../shared/domain/trust';
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

// One dialog for every move of trust money on a matter (issue 34): a receipt, a payment, a transfer
// to business against a fee note, an investment, interest on it, its withdrawal, and the reversal
// of an entry. Each kind names the fields it asks; the server checks them all (never a debit
// balance, never more than the fee note owes, never into a closed month) and its field errors land
// on the same fields.

export type TTrustMove =
  | { kind: 'receipt' | 'payment' | 'invest' }
  | { kind: 'transfer'; notes: TFeeNote[] }
  | { kind: 'interest' | 'withdraw'; investment: TInvestment }
  | { kind: 'reverse'; entry: TTrustEntry };

type Field = 'amount' | 'date' | 'reference' | 'from' | 'payee' | 'institution' | 'section' | 'feeNote' | 'reason';

const FORMS: Record<TTrustMove['kind'], { title: string; description: string; fields: Field[]; submit: string }> = {
  receipt: { title: 'Receive into trust', description: 'Money paid into the trust bank account for the client of this matter.', fields: ['amount', 'date', 'from', 'reference'], submit: 'Record receipt' },
  payment: { title: 'Pay from trust', description: "Money paid out of the client's trust balance to a third party. It cannot exceed what trust holds for the client.", fields: ['amount', 'date', 'payee', 'reference'], submit: 'Record payment' },
  transfer: { title: 'Transfer to business', description: 'Trust money due to the firm, against a fee note of this matter: never more than it still owes.', fields: ['feeNote', 'amount', 'date'], submit: 'Transfer' },
  invest: { title: 'Invest trust money', description: 'Move money of this matter from the trust bank account into an investment with its own ledger.', fields: ['section', 'institution', 'amount', 'date'], submit: 'Invest' },
  interest: { title: 'Credit interest', description: 'Interest the investment earned, split as section 86(5) says.', fields: ['amount', 'date'], submit: 'Credit interest' },
  withdraw: { title: 'Withdraw investment', description: "The whole investment returns to the matter's trust bank balance, and the investment is closed.", fields: ['date'], submit: 'Withdraw' },
  reverse: { title: 'Reverse entry', description: 'A reversing entry for an entry recorded in error; the entry itself stays in the ledger.', fields: ['reason', 'date'], submit: 'Reverse' },
};

const SERVER_FIELD: Record<Field, string> = {
  amount: 'amountCents', date: 'date', reference: 'reference', from: 'from', payee: 'payee', institution: 'institution', section: 'section', feeNote: 'feeNoteId', reason: 'reason',
};
const LABEL: Record<Field, string> = {
  amount: 'Amount (R)', date: 'Date', reference: 'Reference', from: 'Received from', payee: 'Paid to', institution: 'Bank or institution', section: 'Section', feeNote: 'Fee note', reason: 'Reason',
};

const owingNotes = (notes: TFeeNote[]) => notes.filter((n) => n.status === 'issued' && n.owingCents > 0);

export function TrustDialog({ caseId, move, onClose }: { caseId: string; move: TTrustMove; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = FORMS[move.kind];
  const firstNote = move.kind === 'transfer' ? owingNotes(move.notes)[0] : undefined;
  const [values, setValues] = useState<Record<Field, string>>({
    amount: firstNote ? (firstNote.owingCents / 100).toFixed(2) : '', date: dayKey(), reference: '', from: '', payee: '', institution: '', section: '86(4)', feeNote: firstNote?.id ?? '', reason: '',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const baseId = useId();
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const done = async (title: string) => {
    toast({ title });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.trust.ledger.queryKey({ caseId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.feeNotes.list.queryKey({ id: caseId }) }),
    ]);
    onClose();
  };
  const options = { onError: (e: unknown) => setFields(fieldErrorsOf(e, errorMessage)) };
  const receive = useMutation(trpc.trust.receive.mutationOptions({ ...options, onSuccess: () => done('Received into trust') }));
  const pay = useMutation(trpc.trust.pay.mutationOptions({ ...options, onSuccess: () => done('Paid from trust') }));
  const transfer = useMutation(trpc.trust.transfer.mutationOptions({ ...options, onSuccess: () => done('Transferred to business: the fee note is credited with the receipt') }));
  const invest = useMutation(trpc.trust.invest.mutationOptions({ ...options, onSuccess: () => done('Invested') }));
  const interest = useMutation(
    trpc.trust.creditInterest.mutationOptions({ ...options, onSuccess: (s) => done(`Interest credited: ${formatZar(s.clientCents)} to the client, ${formatZar(s.fundCents)} to the Fidelity Fund`) }),
  );
  const withdraw = useMutation(trpc.trust.withdraw.mutationOptions({ ...options, onSuccess: () => done('Investment withdrawn into trust') }));
  const reverse = useMutation(trpc.trust.reverse.mutationOptions({ ...options, onSuccess: () => done('Entry reversed') }));
  const pending = [receive, pay, transfer, invest, interest, withdraw, reverse].some((m) => m.isPending);

  const submit = () => {
    const amountCents = randToCents(values.amount);
    const { date } = values;
    switch (move.kind) {
      case 'receipt': return receive.mutate({ caseId, date, amountCents, reference: values.reference, from: values.from });
      case 'payment': return pay.mutate({ caseId, date, amountCents, payee: values.payee, reference: values.reference });
      case 'transfer': return transfer.mutate({ caseId, feeNoteId: values.feeNote, amountCents, date });
      case 'invest': return invest.mutate({ caseId, section: values.section as TInvestmentSection, amountCents, institution: values.institution, date });
      case 'interest': return interest.mutate({ id: move.investment.id, amountCents, date });
      case 'withdraw': return withdraw.mutate({ id: move.investment.id, date });
      case 'reverse': return reverse.mutate({ id: move.entry.id, reason: values.reason, date });
    }
  };

  const control = (field: Field) => {
    const id = `${baseId}-${field}`;
    const describedBy = `${id}-error`;
    if (field === 'section') {
      return (
        <select id={id} className="h-9 rounded-md border bg-background px-2 text-sm" value={values.section} onChange={(e) => set('section', e.target.value)} aria-describedby={describedBy}>
          {Object.entries(INVESTMENT_SECTIONS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      );
    }
    if (field === 'feeNote' && move.kind === 'transfer') {
      return (
        <select id={id} className="h-9 rounded-md border bg-background px-2 text-sm" value={values.feeNote} aria-describedby={describedBy}
          onChange={(e) => {
            const note = move.notes.find((n) => n.id === e.target.value);
            setValues((v) => ({ ...v, feeNote: e.target.value, amount: note ? (note.owingCents / 100).toFixed(2) : v.amount }));
          }}>
          {owingNotes(move.notes).map((n) => <option key={n.id} value={n.id}>Fee note {n.number}: owes {formatZar(n.owingCents)}</option>)}
        </select>
      );
    }
    return (
      <Input id={id} type={field === 'date' ? 'date' : 'text'} inputMode={field === 'amount' ? 'decimal' : undefined} value={values[field]} onChange={(e) => set(field, e.target.value)} aria-describedby={describedBy} />
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{form.title}</DialogTitle>
          <DialogDescription>
            {move.kind === 'reverse' ? `Entry ${move.entry.number}: ${move.entry.reference} (${formatZar(move.entry.amountCents)}). ` : ''}
            {move.kind === 'interest' || move.kind === 'withdraw' ? `s${move.investment.section} at ${move.investment.institution}, holding ${formatZar(move.investment.balanceCents)}. ` : ''}
            {form.description}
          </DialogDescription>
        </DialogHeader>
        {move.kind === 'transfer' && owingNotes(move.notes).length === 0 ? (
          <p className="text-sm text-muted-foreground">No issued fee note of this matter owes anything: bill the work first.</p>
        ) : (
          <form className="grid gap-3" noValidate onSubmit={(e) => { e.preventDefault(); setFields({}); submit(); }}>
            {form.fields.map((field) => (
              <div key={field} className="grid gap-1.5">
                <Label htmlFor={`${baseId}-${field}`}>{LABEL[field]}</Label>
                {control(field)}
                {fields[SERVER_FIELD[field]] && <p id={`${baseId}-${field}-error`} className="text-sm text-destructive">{fields[SERVER_FIELD[field]]}</p>}
              </div>
            ))}
            {Object.entries(fields)
              .filter(([key]) => !form.fields.some((f) => SERVER_FIELD[f] === key))
              .map(([key, message]) => <p key={key} role="alert" className="text-sm text-destructive">{message}</p>)}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
              <Button type="submit" disabled={pending}>{pending ? 'Saving…' : form.submit}</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
