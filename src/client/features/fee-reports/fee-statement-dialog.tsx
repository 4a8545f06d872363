import { useQuery } from '@tanstack/react-query';
import { FEE_STATEMENT_ENTRY_KINDS, type TFeeStatement } from '../../../shared/domain/fee-reports';
import { AGE_BUCKETS } from '../../../shared/domain/medical-accounts';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useTRPC } from '../../trpc';

// A client's statement (issue 34): every fee note issued to them, receipts, reversals and credit notes
// by date with the running balance, the age analysis, and the PDF to send them.

type Entry = TFeeStatement['entries'][number];
const BUCKETS = Object.keys(AGE_BUCKETS) as (keyof typeof AGE_BUCKETS)[];
const money = (cents: number) => (cents === 0 ? '' : formatZar(cents));

const columns: Column<Entry>[] = [
  { header: 'Date', cell: (e) => formatCalendarDay(e.date) },
  { header: 'Entry', cell: (e) => FEE_STATEMENT_ENTRY_KINDS[e.kind] },
  { header: 'Reference', cell: (e) => e.reference },
  { header: 'Matter', cell: (e) => e.caseReference ?? '' },
  { header: 'Debit', cell: (e) => money(e.debitCents), className: 'text-right' },
  { header: 'Credit', cell: (e) => money(e.creditCents), className: 'text-right' },
  { header: 'Balance', cell: (e) => formatZar(e.balanceCents), className: 'text-right' },
];

export function FeeStatementDialog({ personId, onClose }: { personId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const statement = useQuery(trpc.feeReports.statement.queryOptions({ personId }));
  const s = statement.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{s ? `Statement: ${s.client.name}` : 'Statement'}</DialogTitle>
          <DialogDescription>
            {s ? `As at ${formatCalendarDay(s.asOf)}. Amount due ${formatZar(s.balanceCents)}.` : 'The client’s fee notes, receipts and credit notes.'}
          </DialogDescription>
        </DialogHeader>
        {statement.isPending ? (
          <ListSkeleton rows={3} label="Loading the statement" />
        ) : statement.isError ? (
          <ErrorState title="Could not load the statement" error={statement.error} onRetry={() => void statement.refetch()} />
        ) : (
          <div className="grid max-h-[60vh] gap-3 overflow-y-auto">
            {s!.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">No fee notes have been issued to this client.</p>
            ) : (
              <SimpleTable
                caption={`Statement of ${s!.client.name}, oldest first`}
                columns={columns}
                rows={s!.entries}
                rowKey={(e) => `${e.kind}|${e.reference}|${e.feeNoteId}`}
              />
            )}
            <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-6" aria-label="Age analysis">
              {BUCKETS.map((b) => (
                <div key={b}>
                  <dt className="text-muted-foreground">{AGE_BUCKETS[b]}</dt>
                  <dd className="font-medium">{formatZar(s!.ageing[b])}</dd>
                </div>
              ))}
              <div>
                <dt className="text-muted-foreground">Balance</dt>
                <dd className="font-semibold">{formatZar(s!.balanceCents)}</dd>
              </div>
            </dl>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button asChild>
            <a href={`/api/fee-statements/${encodeURIComponent(personId)}/pdf`} download>
              Statement PDF
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
