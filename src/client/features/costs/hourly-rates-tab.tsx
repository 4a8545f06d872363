import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Wallet } from 'lucide-react';
import { formatDate, formatZar } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/shell/data-states';
import { useTRPC } from '../../trpc';
import { LoadingText } from './loading-text';
import { RateDialog } from './rate-dialog';

/** SPEC §2.12 Hourly Rates: a card per staff member with the rate in force today. */
export function HourlyRatesTab() {
  const trpc = useTRPC();
  const rates = useQuery(trpc.costs.listRates.queryOptions());
  // The staff picker lists the organisation's users (SPEC §6: fetched only for cost roles, as this tab is).
  const users = useQuery(trpc.users.list.queryOptions());
  const [dialog, setDialog] = useState<{ open: boolean; userId: string | null }>({ open: false, userId: null });
  const openFor = (userId: string | null) => setDialog({ open: true, userId });

  return (
    <div className="grid gap-4">
      {rates.isPending ? (
        <LoadingText />
      ) : rates.isError ? (
        <ErrorState title="Could not load hourly rates" error={rates.error} onRetry={() => void rates.refetch()} />
      ) : rates.data.length === 0 ? (
        <EmptyState
          icon={Wallet}
          title="No Hourly Rates Set"
          action={
            <Button onClick={() => openFor(null)}>
              <Plus aria-hidden="true" /> Set First Rate
            </Button>
          }
        >
          Set a rate per staff member to see what each case costs.
        </EmptyState>
      ) : (
        <>
          <div className="flex justify-end">
            <Button onClick={() => openFor(null)}>
              <Plus aria-hidden="true" /> Update Rate
            </Button>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Hourly rates">
            {rates.data.map((rate) => (
              <li key={rate.id} className="grid">
                <Card className="gap-2 px-4 py-4" data-testid="rate-card">
                  <div className="flex items-start justify-between gap-2">
                    <div className="grid gap-1">
                      <h3 className="font-semibold">{rate.userName}</h3>
                      <Badge variant="secondary" className="w-fit">
                        {rate.role}
                      </Badge>
                    </div>
                    <Button variant="ghost" size="icon" aria-label={`Edit rate for ${rate.userName}`} onClick={() => openFor(rate.userId)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                  </div>
                  <p className="text-2xl font-semibold tabular-nums">
                    {formatZar(rate.hourlyRateCents)}
                    <span className="text-sm font-normal text-muted-foreground"> / hour</span>
                  </p>
                  <p className="text-sm text-muted-foreground">Effective: {formatDate(rate.effectiveDate || null)}</p>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      <RateDialog
        open={dialog.open}
        userId={dialog.userId}
        staff={(users.data ?? []).filter((member) => member.role !== 'Patient')}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </div>
  );
}
