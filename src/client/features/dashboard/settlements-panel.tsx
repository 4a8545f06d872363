import { useQuery } from '@tanstack/react-query';
import { SETTLEMENT_RATE_DEFINITION } from '../../../shared/domain/settlement-figures';
import { SETTLEMENT_KIND_LABELS, SETTLEMENT_SIDE_LABELS, SETTLEMENT_STATUS_LABELS } from '../../../shared/domain/settlements';
import { formatCalendarDay, formatZar, pluralise } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { Badge } from '../../components/ui/badge';
import { useTRPC } from '../../trpc';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

// Issue 20: the Settlements panel of the legal dashboards — this year's settled total, the offers
// still open and the latest events of the settlement logs the caller may read, each linking to its
// case's Settlement tab. The settlement rate itself is a key figure (its definition is repeated here).

export function SettlementsPanel() {
  const trpc = useTRPC();
  const figures = useQuery(trpc.settlements.figures.queryOptions());
  return (
    <DashboardPanel title="Settlements" description="This year’s settlements and the latest offers on your matters">
      <PanelQuery query={figures} what="the settlement figures">
        {(f) => (
          <div className="grid gap-4">
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg bg-accent px-3 py-2 text-accent-foreground">
                <dt className="text-xs font-medium">Settled in {f.year}</dt>
                <dd className="text-xl font-semibold tabular-nums">{formatZar(f.settledCents)}</dd>
                <dd className="text-xs">{pluralise(f.settledCount, 'settlement')}</dd>
              </div>
              <div className="rounded-lg bg-muted px-3 py-2">
                <dt className="text-xs font-medium text-muted-foreground">Open offers</dt>
                <dd className="text-xl font-semibold tabular-nums">{f.openOffers}</dd>
                <dd className="text-xs text-muted-foreground">Awaiting an answer</dd>
              </div>
            </dl>
            {f.latest.length === 0 ? (
              <PanelEmpty>No settlement events logged yet</PanelEmpty>
            ) : (
              <ul className="divide-y" aria-label="Latest settlement events">
                {f.latest.map((e) => (
                  <li key={e.id} className="flex items-center justify-between gap-3 py-2.5">
                    <div className="min-w-0">
                      <CaseLink caseId={e.caseId} tab="settlement" className="block truncate text-sm font-medium text-foreground hover:text-primary">
                        {e.caseName}
                      </CaseLink>
                      <p className="truncate text-xs text-muted-foreground">
                        {SETTLEMENT_KIND_LABELS[e.kind]} from {SETTLEMENT_SIDE_LABELS[e.fromSide].toLowerCase()} · {formatCalendarDay(e.date)}
                      </p>
                    </div>
                    <div className="grid shrink-0 justify-items-end gap-1">
                      <span className="text-sm font-medium tabular-nums">{formatZar(e.amountCents)}</span>
                      <Badge variant={e.status === 'open' ? 'accent' : 'outline'}>{SETTLEMENT_STATUS_LABELS[e.status]}</Badge>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-muted-foreground">Settlement rate: {SETTLEMENT_RATE_DEFINITION}</p>
          </div>
        )}
      </PanelQuery>
    </DashboardPanel>
  );
}
