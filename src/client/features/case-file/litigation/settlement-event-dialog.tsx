import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { dayKey } from '../../../../shared/calendar';
import {
  DAMAGES_HEAD_LABELS,
  DAMAGES_HEADS,
  HEADS_OVER_AMOUNT_MESSAGE,
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_KINDS,
  SETTLEMENT_SIDE_LABELS,
  SETTLEMENT_SIDES,
  SETTLEMENT_STATUS_LABELS,
  SETTLEMENT_STATUSES_BY_KIND,
  type TDamagesHead,
  type TSettlementKind,
  type TSettlementSide,
  type TSettlementStatus,
  defaultSettlementStatus,
  usualSideOf,
} from '../../../../shared/domain/settlements';
import { formatZar } from '../../../../shared/format';
import { errorMessage } from '../../../components/shell/data-states';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { useInvalidateSettlements } from './settlement-log';
import { centsToRands } from './court-form';
import { parseRands } from './settlement-rands';

// "Log an event": the kind, date, side, the amount and the heads of damages in rands (sent as cents),
// the status it starts in (a court order is final, the rest open) and a note. The heads may not add
// up to more than the amount — checked here as the server checks it (400 naming `heads`).

type Field = 'kind' | 'date' | 'fromSide' | 'amountCents' | 'heads' | 'status' | 'note' | 'form';
type Errors = Partial<Record<Field | `heads.${TDamagesHead}`, string>>;

const EMPTY_HEADS: Record<TDamagesHead, string> = { pastMedical: '', futureMedical: '', lossOfEarnings: '', generalDamages: '' };

function SelectField<T extends string>(props: { id: string; label: string; value: T; options: readonly T[]; labels: Record<T, string>; onChange: (v: T) => void; error?: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id} data-error={!!props.error} className="data-[error=true]:text-destructive">
        {props.label}
      </Label>
      <Select value={props.value} onValueChange={(v) => props.onChange(v as T)}>
        <SelectTrigger id={props.id} className="w-full" aria-invalid={!!props.error}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {props.options.map((o) => (
            <SelectItem key={o} value={o}>
              {props.labels[o]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {props.error && <p className="text-sm text-destructive">{props.error}</p>}
    </div>
  );
}

function RandsField({ id, label, value, onChange, error, required }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} data-error={!!error} className="data-[error=true]:text-destructive">
        {label}
        {required && (
          <span aria-hidden="true" className="-ml-1 text-destructive">
            *
          </span>
        )}
      </Label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
          R
        </span>
        <Input id={id} inputMode="decimal" autoComplete="off" className="pl-7 tabular-nums" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} aria-required={required} placeholder="0,00" />
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

/** `claimCents`: the claim on the court matter, the amount a first entry starts from (issue 32); null for none. */
export function LogSettlementEventDialog({ open, onOpenChange, caseId, claimCents = null }: { open: boolean; onOpenChange: (open: boolean) => void; caseId: string; claimCents?: number | null }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSettlements();
  const create = useMutation(trpc.settlements.create.mutationOptions());
  const [kind, setKind] = useState<TSettlementKind>('offer');
  const [date, setDate] = useState(() => dayKey());
  const [fromSide, setFromSide] = useState<TSettlementSide>('opposing');
  const [status, setStatus] = useState<TSettlementStatus>('open');
  const claimRands = claimCents === null ? '' : centsToRands(claimCents);
  const [amount, setAmount] = useState(claimRands);
  // The claim arrives after the dialog mounted (its query answered later): start from it while untouched.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setAmount(claimRands);
  }, [claimRands, touched]);
  const [heads, setHeads] = useState(EMPTY_HEADS);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const reset = () => {
    setKind('offer');
    setDate(dayKey());
    setFromSide('opposing');
    setStatus('open');
    setAmount(claimRands);
    setTouched(false);
    setHeads(EMPTY_HEADS);
    setNote('');
    setErrors({});
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) reset();
  };
  const chooseKind = (next: TSettlementKind) => {
    setKind(next);
    setFromSide((current) => usualSideOf(next, current));
    setStatus(defaultSettlementStatus(next));
  };

  const parsedAmount = parseRands(amount);
  const parsedHeads = DAMAGES_HEADS.map((h) => [h, parseRands(heads[h], DAMAGES_HEAD_LABELS[h])] as const);
  const headsTotal = parsedHeads.reduce((sum, [, p]) => sum + (p.ok ? (p.cents ?? 0) : 0), 0);
  const amountCents = parsedAmount.ok ? parsedAmount.cents : null;
  const over = amountCents !== null && headsTotal > amountCents;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!parsedAmount.ok) found.amountCents = parsedAmount.error;
    else if (parsedAmount.cents === null) found.amountCents = 'Give the amount in rands';
    for (const [h, p] of parsedHeads) if (!p.ok) found[`heads.${h}`] = p.error;
    if (over) found.heads = HEADS_OVER_AMOUNT_MESSAGE;
    if (!date) found.date = 'Give the date';
    if (Object.keys(found).length > 0) return setErrors(found);
    const headCents = Object.fromEntries(parsedHeads.flatMap(([h, p]) => (p.ok && p.cents !== null ? [[h, p.cents]] : [])));
    try {
      const logged = await create.mutateAsync({
        id: caseId, kind, date, fromSide, amountCents: amountCents ?? 0, status,
        ...(Object.keys(headCents).length > 0 ? { heads: headCents } : {}),
        note: note.trim() || undefined,
      });
      invalidate();
      toast({ title: `${SETTLEMENT_KIND_LABELS[logged.kind]} logged`, description: `${formatZar(logged.amountCents)} from ${SETTLEMENT_SIDE_LABELS[logged.fromSide].toLowerCase()}` });
      close(false);
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      const placed: Errors = {};
      for (const [field, message] of Object.entries(fields)) placed[field as Field] = message;
      setErrors(Object.keys(fields).length > 0 ? placed : { form: errorMessage(error) });
    }
  };

  const pending = create.isPending;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Log a settlement event</DialogTitle>
          <DialogDescription>It joins the case’s log and timeline as recorded; later only its status can change.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">Settlement event</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField id="settlement-kind" label="Kind" value={kind} options={SETTLEMENT_KINDS} labels={SETTLEMENT_KIND_LABELS} onChange={chooseKind} error={errors.kind} />
              <div className="grid gap-1.5">
                <Label htmlFor="settlement-date" data-error={!!errors.date} className="data-[error=true]:text-destructive">
                  Date
                </Label>
                <Input id="settlement-date" type="date" value={date} max={dayKey()} onChange={(e) => setDate(e.target.value)} aria-invalid={!!errors.date} />
                {errors.date && <p className="text-sm text-destructive">{errors.date}</p>}
              </div>
              <SelectField id="settlement-side" label="From" value={fromSide} options={SETTLEMENT_SIDES} labels={SETTLEMENT_SIDE_LABELS} onChange={setFromSide} error={errors.fromSide} />
              <SelectField
                id="settlement-status"
                label="Status"
                value={status}
                options={SETTLEMENT_STATUSES_BY_KIND[kind]}
                labels={SETTLEMENT_STATUS_LABELS}
                onChange={setStatus}
                error={errors.status}
              />
            </div>
            <RandsField
              id="settlement-amount"
              label="Amount"
              value={amount}
              onChange={(v) => {
                setTouched(true);
                setAmount(v);
              }}
              error={errors.amountCents}
              required
            />
            {claimCents !== null && amount === claimRands && <p className="-mt-2 text-xs text-muted-foreground">Starts from the claim on the court matter ({formatZar(claimCents)}).</p>}
            <fieldset className="grid gap-3 rounded-lg border p-3">
              <legend className="px-1 text-sm font-medium">Heads of damages (optional)</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {DAMAGES_HEADS.map((h) => (
                  <RandsField key={h} id={`settlement-head-${h}`} label={DAMAGES_HEAD_LABELS[h]} value={heads[h]} onChange={(v) => setHeads((prev) => ({ ...prev, [h]: v }))} error={errors[`heads.${h}`]} />
                ))}
              </div>
              <p className={over || errors.heads ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'} role={over ? 'alert' : undefined}>
                {errors.heads ?? (over ? HEADS_OVER_AMOUNT_MESSAGE : `Itemised: ${formatZar(headsTotal)}${amountCents !== null ? ` of ${formatZar(amountCents)}` : ''}`)}
              </p>
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="settlement-note">Note</Label>
              <Textarea id="settlement-note" rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} placeholder="e.g. without prejudice; Rule 34 tender; mandate from the HOD" />
              {errors.note && <p className="text-sm text-destructive">{errors.note}</p>}
            </div>
            {errors.form && (
              <Alert variant="destructive">
                <AlertDescription>{errors.form}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit">{pending ? 'Logging…' : 'Log event'}</Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
