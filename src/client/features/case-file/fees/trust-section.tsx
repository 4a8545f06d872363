import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TFeeNote } from '../../../../shared/domain/fee-notes';
import { TRUST_ENTRY_KINDS, type TTrustEntry } from '../../../../shared/domain/trust';
import { formatDate, formatZar } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { TrustDialog, type TTrustMove } from './trust-dialog';

// The matter's trust ledger on its Fees tab (issue 34): what the firm holds in trust for the client —
// the trust bank ledger with a running balance and each investment's sub-ledger — read by the
// matter's fee-earners; Finance and the Director (trust.manage) receive, pay, transfer to business
// against a fee note, invest, credit interest and reverse an entry made in error.

const REVERSIBLE = new Set(['receipt', 'payment', 'transfer']);

function LedgerTable({ caption, entries, onReverse }: { caption: string; entries: TTrustEntry[]; onReverse?: (entry: TTrustEntry) => void }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Date</th>
            <th scope="col" className="px-3 py-2 font-medium">No.</th>
            <th scope="col" className="px-3 py-2 font-medium">Entry</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Balance</th>
            {onReverse && <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(e.date)}</td>
              <td className="px-3 py-2 tabular-nums">{e.number}</td>
              <td className="px-3 py-2">
                <span className="font-medium">{TRUST_ENTRY_KINDS[e.kind]}</span>: {e.reference}
                {e.counterparty && <span className="text-muted-foreground"> — {e.counterparty}</span>}
                {e.reversed && <Badge variant="secondary" className="ml-2">Reversed</Badge>}
              </td>
              <td className={`px-3 py-2 text-right tabular-nums ${e.amountCents < 0 ? 'text-destructive' : ''}`}>{formatZar(e.amountCents)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatZar(e.balanceCents)}</td>
              {onReverse && (
                <td className="px-3 py-2 text-right">
                  {REVERSIBLE.has(e.kind) && !e.reversed && <Button size="sm" variant="ghost" onClick={() => onReverse(e)}>Reverse</Button>}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TrustSection({ caseId, feeNotes }: { caseId: string; feeNotes: TFeeNote[] }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const mayMove = can(identity, 'trust.manage');
  const ledger = useQuery(trpc.trust.ledger.queryOptions({ caseId }));
  const [move, setMove] = useState<TTrustMove | null>(null);

  if (ledger.isPending) return <ListSkeleton rows={3} label="Loading the trust ledger" />;
  if (ledger.isError) return <ErrorState title="Could not load the trust ledger" error={ledger.error} onRetry={() => void ledger.refetch()} />;
  const l = ledger.data;

  return (
    <section aria-labelledby="trust-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="trust-heading" className="text-lg font-semibold">Trust account</h2>
        {mayMove && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setMove({ kind: 'receipt' })}>Receive</Button>
            <Button variant="outline" size="sm" onClick={() => setMove({ kind: 'payment' })}>Pay</Button>
            <Button variant="outline" size="sm" onClick={() => setMove({ kind: 'transfer', notes: feeNotes })}>Transfer to business</Button>
            <Button variant="outline" size="sm" onClick={() => setMove({ kind: 'invest' })}>Invest</Button>
          </div>
        )}
      </div>
      <p className="text-sm">
        Held in trust for {l.client}: <span className="font-semibold tabular-nums">{formatZar(l.totalCents)}</span>
        <span className="text-muted-foreground"> — trust bank {formatZar(l.balanceCents)}, invested {formatZar(l.investedCents)}</span>
      </p>
      {l.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No trust money has been received for this matter.</p>
      ) : (
        <LedgerTable caption="The matter's trust bank ledger" entries={l.entries} onReverse={mayMove ? (entry) => setMove({ kind: 'reverse', entry }) : undefined} />
      )}
      {l.investments.map((i) => (
        <article key={i.id} aria-label={`s${i.section} investment at ${i.institution}`} className="grid gap-2 rounded-md border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-medium">s{i.section} investment at {i.institution}</h3>
            {i.closedOn ? <Badge variant="secondary">Withdrawn {formatDate(i.closedOn)}</Badge> : <Badge>Open</Badge>}
            <span className="ml-auto text-sm tabular-nums">Holds {formatZar(i.balanceCents)}</span>
          </div>
          <p className="text-sm text-muted-foreground">
            Interest {formatZar(i.interestCents)}, of which {formatZar(i.fundShareCents)} to the Legal Practitioners' Fidelity Fund (s86(5)).
          </p>
          <LedgerTable caption={`Sub-ledger of the s${i.section} investment at ${i.institution}`} entries={i.entries} />
          {mayMove && !i.closedOn && (
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => setMove({ kind: 'interest', investment: i })}>Credit interest</Button>
              <Button size="sm" variant="ghost" onClick={() => setMove({ kind: 'withdraw', investment: i })}>Withdraw</Button>
            </div>
          )}
        </article>
      ))}
      {move && <TrustDialog caseId={caseId} move={move} onClose={() => setMove(null)} />}
    </section>
  );
}
