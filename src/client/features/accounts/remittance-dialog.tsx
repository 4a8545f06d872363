import { type FormEvent, useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../shared/calendar';
import { formatZar } from '../../../shared/format';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { fieldErrorsOf } from '../../lib/server-errors';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { randToCents } from '../../lib/rand-input';

// Capturing a scheme's remittance advice (issue 33): its scheme, date and reference, then what it
// paid per claimed line — typed against the accounts awaiting payment, or pasted / loaded as the CSV
// the scheme's eRA gives (account,line,paid,reason_code,reason). A line paid in full is paid, paid in
// part short-paid, paid nothing rejected; a line is paid once and a reference captured once.

type Paid = { paid: string; reasonCode: string; reason: string };

export function RemittanceDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'lines' | 'csv'>('lines');
  const [head, setHead] = useState({ scheme: '', date: dayKey(), reference: '' });
  const [csv, setCsv] = useState('');
  const [accountIds, setAccountIds] = useState<string[]>([]);
  const [paid, setPaid] = useState<Record<string, Paid>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = useQuery(trpc.accounts.list.queryOptions({ stage: 'open' }));
  const chosen = useQueries({ queries: accountIds.map((id) => trpc.accounts.get.queryOptions({ id })) });
  const capture = useMutation(trpc.remittances.capture.mutationOptions());
  const importCsv = useMutation(trpc.remittances.import.mutationOptions());
  const claimable = chosen.flatMap((q) => (q.data ? q.data.lines.filter((l) => l.status === 'submitted' || l.status === 'accepted').map((l) => ({ ...l, accountNumber: q.data.number })) : []));
  const schemeAccounts = (open.data?.items ?? []).filter((a) => a.payer === 'scheme' && !accountIds.includes(a.id));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const result =
        mode === 'csv'
          ? await importCsv.mutateAsync({ ...head, csv })
          : await capture.mutateAsync({
              ...head,
              lines: claimable
                .filter((l) => paid[l.id]?.paid.trim())
                .map((l) => ({ accountLineId: l.id, paidCents: randToCents(paid[l.id]!.paid), reasonCode: paid[l.id]!.reasonCode, reason: paid[l.id]!.reason })),
            });
      await queryClient.invalidateQueries({ queryKey: trpc.remittances.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.accounts.pathKey() });
      toast({ title: 'Remittance captured', description: `${result.reference}: ${formatZar(result.totalCents)} over ${result.lines.length} lines.` });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error, errorMessage));
    }
  };
  const set = (lineId: string, key: keyof Paid, value: string) => setPaid((p) => ({ ...p, [lineId]: { paid: '', reasonCode: '', reason: '', ...p[lineId], [key]: value } }));
  const lineErrors = Object.entries(errors).filter(([k]) => k.startsWith('lines')).map(([, v]) => v);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Capture remittance</DialogTitle>
          <DialogDescription>What the scheme paid on each claimed line. Lines not paid in full go to "to decide" on their account.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="grid gap-3 sm:grid-cols-3">
            {(
              [
                ['scheme', 'Scheme', 'text'],
                ['date', 'Remittance date', 'date'],
                ['reference', 'Reference', 'text'],
              ] as const
            ).map(([name, label, type]) => (
              <div key={name} className="grid gap-1">
                <Label htmlFor={`remit-${name}`}>{label}</Label>
                <Input id={`remit-${name}`} type={type} value={head[name]} onChange={(e) => setHead({ ...head, [name]: e.target.value })} aria-invalid={!!errors[name]} aria-describedby={errors[name] ? `remit-${name}-error` : undefined} />
                {errors[name] && <p id={`remit-${name}-error`} className="text-sm text-destructive">{errors[name]}</p>}
              </div>
            ))}
          </div>
          <fieldset className="flex gap-4">
            <legend className="mb-1 text-sm font-medium">Enter the lines</legend>
            <label className="flex items-center gap-2 text-sm"><input type="radio" name="remit-mode" checked={mode === 'lines'} onChange={() => setMode('lines')} /> By account</label>
            <label className="flex items-center gap-2 text-sm"><input type="radio" name="remit-mode" checked={mode === 'csv'} onChange={() => setMode('csv')} /> From CSV</label>
          </fieldset>
          {mode === 'csv' ? (
            <div className="grid gap-1">
              <Label htmlFor="remit-csv">CSV: account,line,paid,reason_code,reason</Label>
              <Input type="file" accept=".csv,text/csv" aria-label="Load a CSV file" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
              <Textarea id="remit-csv" rows={6} value={csv} onChange={(e) => setCsv(e.target.value)} placeholder={'account,line,paid,reason_code,reason\n1042,1,520.00,,\n1042,2,310.50,05,Paid at scheme rate'} aria-invalid={!!errors.csv} />
              {errors.csv && <p className="text-sm text-destructive">{errors.csv}</p>}
            </div>
          ) : (
            <div className="grid gap-2">
              <div className="grid gap-1">
                <Label htmlFor="remit-account">Add an account awaiting payment</Label>
                <select
                  id="remit-account"
                  className="h-9 rounded-md border bg-background px-2 text-sm"
                  value=""
                  onChange={(e) => {
                    const picked = schemeAccounts.find((a) => a.id === e.target.value);
                    if (!picked) return;
                    setAccountIds((ids) => [...ids, picked.id]);
                    // The remittance is the scheme's: the first account chosen names it when it is still blank.
                    if (!head.scheme.trim() && picked.scheme) setHead((h) => ({ ...h, scheme: picked.scheme! }));
                  }}
                >
                  <option value="">Choose an account…</option>
                  {schemeAccounts.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.number} · {a.personName} · {a.scheme ?? ''} · {formatZar(a.balanceCents)}
                    </option>
                  ))}
                </select>
              </div>
              {claimable.length > 0 && (
                <table className="w-full text-sm">
                  <caption className="sr-only">Claimed lines to pay</caption>
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-1">Line</th>
                      <th scope="col">Billed</th>
                      <th scope="col">Paid (R)</th>
                      <th scope="col">Reason code</th>
                      <th scope="col">Reason</th>
                    </tr>
                  </thead>
                  <tbody>
                    {claimable.map((l) => (
                      <tr key={l.id}>
                        <td className="py-1 pr-2">
                          {l.accountNumber}/{l.position} {l.code}
                        </td>
                        <td className="pr-2">{formatZar(l.amountCents)}</td>
                        <td className="pr-2">
                          <Input inputMode="decimal" aria-label={`Paid on account ${l.accountNumber} line ${l.position}`} value={paid[l.id]?.paid ?? ''} onChange={(e) => set(l.id, 'paid', e.target.value)} />
                        </td>
                        <td className="pr-2">
                          <Input aria-label={`Reason code, account ${l.accountNumber} line ${l.position}`} value={paid[l.id]?.reasonCode ?? ''} onChange={(e) => set(l.id, 'reasonCode', e.target.value)} />
                        </td>
                        <td>
                          <Input aria-label={`Reason, account ${l.accountNumber} line ${l.position}`} value={paid[l.id]?.reason ?? ''} onChange={(e) => set(l.id, 'reason', e.target.value)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {lineErrors.map((message) => (
                <p key={message} className="text-sm text-destructive">{message}</p>
              ))}
            </div>
          )}
          {errors.form && <p className="text-sm text-destructive" role="alert">{errors.form}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={capture.isPending || importCsv.isPending}>Capture</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
