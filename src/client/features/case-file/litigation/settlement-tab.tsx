import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Handshake, Plus } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import { formatZar } from '../../../../shared/format';
import { PLATFORM_CONFIG } from '../../../../shared/platform';
import { can } from '../../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { LogSettlementEventDialog } from './settlement-event-dialog';
import { SettlementLog } from './settlement-log';
import { courtMatterQuery } from './court-queries';
import type { SettlementClaim } from './settlement-summary';
import { SettlementSummaryCard } from './settlement-summary-card';

// The settlement log of a matter (issue 20): offers, counter-offers, tenders, mediation outcomes and
// court orders, each dated, from a side, with its amount and heads of damages. A legal record: an
// event is never edited; an open one is accepted or rejected (its status moves, with a version). What
// is logged here is what the dashboards' settlement rate is computed from.

export function SettlementTab({ item }: { item: TCase }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const log = useQuery(trpc.settlements.list.queryOptions({ id: item.id }));
  const mayWrite = can(identity, 'caseFile.write');
  const [logging, setLogging] = useState(false);
  // Issue 32: the summary starts from the claim on the court matter; the claimant is our client,
  // except for the State, which defends the claim.
  const matter = useQuery(courtMatterQuery(trpc, item.id));
  const claimCents = matter.data?.courtMatter?.claimAmountCents ?? null;
  const claim: SettlementClaim | null = claimCents === null ? null : { cents: claimCents, side: PLATFORM_CONFIG[identity.platform].features.stateDefence ? 'opposing' : 'ours' };

  return (
    <div className="grid gap-6">
      <section aria-labelledby="settlement-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="grid gap-0.5">
            <h2 id="settlement-heading" className="text-lg font-semibold">
              Settlement log
            </h2>
            <p className="text-sm text-muted-foreground">Offers, tenders, mediation and court orders on this matter. Entries are never edited; an open one is accepted or rejected.</p>
          </div>
          {mayWrite && (
            <Button onClick={() => setLogging(true)}>
              <Plus aria-hidden="true" /> Log an event
            </Button>
          )}
        </div>
        {log.isPending ? (
          <ListSkeleton rows={3} label="Loading the settlement log" />
        ) : log.isError ? (
          <ErrorState title="Could not load the settlement log" error={log.error} onRetry={() => void log.refetch()} />
        ) : log.data.items.length === 0 ? (
          claim ? (
            <>
              <SettlementSummaryCard events={[]} claim={claim} />
              <p className="text-sm text-muted-foreground">
                Nothing logged yet: the negotiation starts from the claim of {formatZar(claim.cents)} on the court matter. Log the first offer or tender when it is made.
              </p>
            </>
          ) : (
            <EmptyState icon={Handshake} title="Nothing logged yet">
              Log the first offer, tender or letter of demand figure when it is made: each side’s latest figure and the gap between them then show here. Record the claim on the court matter to start from it.
            </EmptyState>
          )
        ) : (
          <>
            <SettlementSummaryCard events={log.data.items} claim={claim} />
            <SettlementLog events={log.data.items} mayWrite={mayWrite} />
          </>
        )}
      </section>
      {mayWrite && <LogSettlementEventDialog open={logging} onOpenChange={setLogging} caseId={item.id} claimCents={log.data?.items.length === 0 ? claimCents : null} />}
    </div>
  );
}
