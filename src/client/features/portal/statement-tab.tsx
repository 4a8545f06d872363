import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { AGE_BUCKETS, LINE_STATUSES, PAYMENT_METHODS } from '../../../shared/domain/medical-accounts';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useTRPC } from '../../trpc';

// The patient's own statement in the portal (issue 33): each account with its lines and codes, what
// the medical scheme paid, their payments, the balance and its age; the PDF to download. A main member
// sees the family's accounts (they hold the account); a dependant their own.

const BUCKETS = Object.keys(AGE_BUCKETS) as (keyof typeof AGE_BUCKETS)[];

export function StatementTab() {
  const trpc = useTRPC();
  const statement = useQuery(trpc.statements.own.queryOptions());
  if (statement.isPending) return <ListSkeleton rows={3} label="Loading your statement" />;
  if (statement.isError) return <ErrorState title="Could not load your statement" error={statement.error} onRetry={() => void statement.refetch()} />;
  const s = statement.data;
  if (!s) return <EmptyState icon={Receipt} title="No accounts yet">When the practice bills a visit, its account and your statement show here.</EmptyState>;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-card p-4">
        <div>
          <p className="text-sm text-muted-foreground">Balance as at {formatCalendarDay(s.asOf)}</p>
          <p className="text-2xl font-semibold">{formatZar(s.balanceCents)}</p>
        </div>
        <Button asChild variant="outline">
          <a href="/api/portal/statement.pdf" download="statement.pdf">Download statement (PDF)</a>
        </Button>
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-xl border bg-card p-4 text-sm sm:grid-cols-5" aria-label="Age of the balance">
        {BUCKETS.map((b) => (
          <div key={b}>
            <dt className="text-muted-foreground">{AGE_BUCKETS[b]}</dt>
            <dd className="font-medium">{formatZar(s.ageing[b])}</dd>
          </div>
        ))}
      </dl>
      {s.accounts.map((a) => (
        <section key={a.id} aria-label={`Account ${a.number}`} className="grid gap-2 rounded-xl border bg-card p-4">
          <h3 className="font-semibold">
            Account {a.number} · {formatCalendarDay(a.accountDate)} · {a.patientName}
          </h3>
          <ul className="grid gap-1 text-sm">
            {a.lines.map((l) => (
              <li key={l.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  {formatCalendarDay(l.serviceDate)} · {l.code} {l.description} · {l.icd10Codes.join(', ')} · {LINE_STATUSES[l.status]}
                </span>
                <span className="tabular-nums">{formatZar(l.amountCents)}</span>
              </li>
            ))}
            {a.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 text-muted-foreground">
                <span>
                  {formatCalendarDay(p.date)} · receipt {p.receiptNumber} · {PAYMENT_METHODS[p.method]}
                </span>
                <span className="tabular-nums">{formatZar(p.amountCents)}</span>
              </li>
            ))}
          </ul>
          <p className="text-sm">
            Scheme paid {formatZar(a.schemePaidCents)} · you paid {formatZar(a.patientPaidCents)} · <span className="font-medium">balance {formatZar(a.balanceCents)}</span>
          </p>
        </section>
      ))}
    </div>
  );
}
