import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { FEE_LINE_KINDS, FEE_NOTE_STATUSES, RECEIPT_METHODS, type TFeeNote } from '../../../../shared/domain/fee-notes';
import { formatDate, formatZar } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useIdentity } from '../../../lib/identity';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { CreditNoteDialog, DisbursementDialog, ReceiptDialog } from './fee-dialogs';
import { ContingencyCard } from './contingency-card';
import { TrustSection } from './trust-section';

// A matter's fees (issue 34): the work in progress — stopped time (hours × the rate in force) and
// disbursements not yet billed — and the fee notes made of it. Fee-earners record disbursements and
// read the matters they work on; Finance and the Director tick the work to bill and make a fee note
// (a pro-forma first if they want), issue it, receive payments and credit it.

const hours = (minutes: number) => `${(minutes / 60).toFixed(2).replace(/\.?0+$/, '')} h`;
const STATUS_TONE = { 'pro-forma': 'outline', issued: 'default', credited: 'secondary' } as const;

export function FeesTab({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const mayRecord = can(identity, 'fees.record');
  const mayBill = can(identity, 'fees.manage');
  const wip = useQuery(trpc.feeNotes.wip.queryOptions({ id: caseId }));
  const notes = useQuery(trpc.feeNotes.list.queryOptions({ id: caseId }));
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [proForma, setProForma] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'disbursement' } | { kind: 'receipt' | 'credit'; note: TFeeNote } | null>(null);

  const refresh = async () => {
    setPicked(new Set());
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.feeNotes.wip.queryKey({ id: caseId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.feeNotes.list.queryKey({ id: caseId }) }),
    ]);
  };
  const bill = useMutation(
    trpc.feeNotes.create.mutationOptions({
      onSuccess: async (n) => {
        toast({ title: n.number === null ? 'Pro-forma made' : `Fee note ${n.number} issued`, description: `${formatZar(n.totalCents)} incl. VAT ${formatZar(n.vatCents)}.` });
        await refresh();
      },
      onError: (e) => toast({ title: 'No fee note made', description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const issue = useMutation(
    trpc.feeNotes.issue.mutationOptions({
      onSuccess: async (n) => {
        toast({ title: `Fee note ${n.number} issued`, description: 'The pro-forma is now a tax invoice.' });
        await refresh();
      },
      onError: (e) => toast({ title: 'Not issued', description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  if (wip.isPending || notes.isPending) return <ListSkeleton rows={4} label="Loading the fees" />;
  if (wip.isError) return <ErrorState title="Could not load the work in progress" error={wip.error} onRetry={() => void wip.refetch()} />;
  if (notes.isError) return <ErrorState title="Could not load the fee notes" error={notes.error} onRetry={() => void notes.refetch()} />;

  const toggle = (id: string) => setPicked((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const time = wip.data.timeEntries;
  const disbursements = wip.data.disbursements;
  const pickedTime = time.filter((t) => picked.has(t.id)).map((t) => t.id);
  const pickedDisbursements = disbursements.filter((d) => picked.has(d.id)).map((d) => d.id);
  const nothingUnbilled = time.length === 0 && disbursements.length === 0;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="wip-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="wip-heading" className="text-lg font-semibold">Work in progress</h2>
          {mayRecord && <Button variant="outline" onClick={() => setDialog({ kind: 'disbursement' })}>Record disbursement</Button>}
        </div>
        <p className="text-sm text-muted-foreground">
          Unbilled: fees {formatZar(wip.data.feesCents)}, disbursements {formatZar(wip.data.disbursementsCents)} (before VAT).
        </p>
        {nothingUnbilled ? (
          <EmptyState icon={FileText} title="Nothing unbilled on this matter">Stopped time and recorded disbursements show here until they are billed.</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-sm">
              <caption className="sr-only">Unbilled time and disbursements of the matter</caption>
              <thead className="bg-muted/50 text-left">
                <tr>
                  {mayBill && <th scope="col" className="px-3 py-2"><span className="sr-only">Bill</span></th>}
                  <th scope="col" className="px-3 py-2 font-medium">Date</th>
                  <th scope="col" className="px-3 py-2 font-medium">Work</th>
                  <th scope="col" className="px-3 py-2 font-medium">By</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
                </tr>
              </thead>
              <tbody>
                {time.map((t) => (
                  <tr key={t.id} className="border-t">
                    {mayBill && (
                      <td className="px-3 py-2">
                        <input type="checkbox" className="size-4" checked={picked.has(t.id)} onChange={() => toggle(t.id)} aria-label={`Bill ${t.description} of ${formatDate(t.date)}`} />
                      </td>
                    )}
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(t.date)}</td>
                    <td className="px-3 py-2">{t.description} <span className="text-muted-foreground">({hours(t.minutes)} × {formatZar(t.rateCents)})</span></td>
                    <td className="px-3 py-2">{t.feeEarner}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatZar(t.amountCents)}</td>
                  </tr>
                ))}
                {disbursements.map((d) => (
                  <tr key={d.id} className="border-t">
                    {mayBill && (
                      <td className="px-3 py-2">
                        <input type="checkbox" className="size-4" checked={picked.has(d.id)} onChange={() => toggle(d.id)} aria-label={`Bill ${d.description}`} />
                      </td>
                    )}
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(d.date)}</td>
                    <td className="px-3 py-2">Disbursement: {d.description} {!d.vatable && <span className="text-muted-foreground">(no VAT)</span>}</td>
                    <td className="px-3 py-2">{d.recordedBy ?? '—'}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatZar(d.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {mayBill && !nothingUnbilled && (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              disabled={bill.isPending || picked.size === 0}
              onClick={() => bill.mutate({ id: caseId, timeEntryIds: pickedTime, disbursementIds: pickedDisbursements, proForma })}
            >
              {proForma ? 'Make pro-forma' : 'Issue fee note'} ({picked.size})
            </Button>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" checked={proForma} onChange={(e) => setProForma(e.target.checked)} />
              Pro-forma first (no number, no accounting effect)
            </label>
          </div>
        )}
      </section>

      <section aria-labelledby="fee-notes-heading" className="grid gap-3">
        <h2 id="fee-notes-heading" className="text-lg font-semibold">Fee notes</h2>
        {notes.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No fee note on this matter yet.</p>
        ) : (
          notes.data.items.map((n) => (
            <article key={n.id} aria-label={n.number === null ? 'Pro-forma fee note' : `Fee note ${n.number}`} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium">{n.number === null ? 'Pro-forma' : `Fee note ${n.number}`}</h3>
                <Badge variant={STATUS_TONE[n.status]}>{n.status === 'credited' && n.number === null ? 'Withdrawn' : FEE_NOTE_STATUSES[n.status]}</Badge>
                {n.issuedOn && <span className="text-sm text-muted-foreground">{formatDate(n.issuedOn)}</span>}
                <span className="ml-auto text-sm tabular-nums">
                  {formatZar(n.subtotalCents)} + VAT {formatZar(n.vatCents)} = <span className="font-semibold">{formatZar(n.totalCents)}</span>
                </span>
              </div>
              <ul className="grid gap-0.5 text-sm">
                {n.lines.map((l) => (
                  <li key={l.id} className="flex gap-2">
                    <span className="w-24 shrink-0 text-muted-foreground">{formatDate(l.date)}</span>
                    <span className="flex-1">{l.kind === 'fee' ? l.description : `${FEE_LINE_KINDS[l.kind]}: ${l.description}`}{l.feeEarner ? ` — ${l.feeEarner}` : ''}</span>
                    <span className="tabular-nums">{formatZar(l.amountCents)}</span>
                  </li>
                ))}
              </ul>
              {n.receipts.length > 0 && (
                <p className="text-sm text-muted-foreground">
                  Received: {n.receipts.map((r) => `receipt ${r.receiptNumber} ${RECEIPT_METHODS[r.method]} ${formatZar(r.amountCents)}`).join('; ')}
                </p>
              )}
              {n.creditNote && <p className="text-sm">Credit note {n.creditNote.number} of {formatDate(n.creditNote.date)}: {n.creditNote.reason}</p>}
              <div className="flex flex-wrap items-center gap-2">
                {n.status === 'issued' && <span className="text-sm">Owing <span className="font-semibold tabular-nums">{formatZar(n.owingCents)}</span></span>}
                <Button asChild size="sm" variant="outline"><a href={`/api/fee-notes/${n.id}/pdf`} download>PDF</a></Button>
                {mayBill && n.status === 'pro-forma' && <Button size="sm" disabled={issue.isPending} onClick={() => issue.mutate({ id: n.id })}>Issue as tax invoice</Button>}
                {mayBill && n.status === 'issued' && n.owingCents > 0 && <Button size="sm" onClick={() => setDialog({ kind: 'receipt', note: n })}>Receive payment</Button>}
                {mayBill && n.status !== 'credited' && n.paidCents === 0 && (
                  <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'credit', note: n })}>{n.status === 'pro-forma' ? 'Withdraw' : 'Credit note'}</Button>
                )}
              </div>
            </article>
          ))
        )}
      </section>

      <TrustSection caseId={caseId} feeNotes={notes.data.items} />

      <ContingencyCard caseId={caseId} />

      {dialog?.kind === 'disbursement' && <DisbursementDialog caseId={caseId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'receipt' && <ReceiptDialog note={dialog.note} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'credit' && <CreditNoteDialog note={dialog.note} onClose={() => setDialog(null)} />}
    </div>
  );
}
