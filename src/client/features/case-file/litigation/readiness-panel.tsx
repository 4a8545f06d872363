import { useQuery } from '@tanstack/react-query';
import { CalendarX2, CheckCircle2, CircleAlert, Download } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import { COURT_STAGE_LABELS } from '../../../../shared/domain/court-matters';
import { TRIAL_READINESS_PDF_PATH, type TReadinessExpert, type TTrialReadiness } from '../../../../shared/domain/trial-readiness';
import { formatCalendarDay, formatSaDateTime } from '../../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { readinessQuery } from './checklist-queries';

// Trial readiness on the Court tab (issue 20): the Form 10-style summary — the trial date, whether
// merits or quantum (or both) go to trial, the experts' Rule 36(9) notices and summaries per side and
// by when outstanding ones are due, open compliance items and deadlines — ready or why not, and the
// same as a PDF to download (not in the demo, which has no server to draw it up).

const SCOPE_LABELS = { merits: 'Merits only', quantum: 'Quantum only', 'merits-and-quantum': 'Merits and quantum' } as const;

export function ReadinessPanel({ item }: { item: TCase }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const readiness = useQuery(readinessQuery(trpc, item.id));
  const demo = identity.status === 'demo';
  const download = demo ? (
    <Button variant="outline" size="sm" disabled title="The demo has no server to draw up the PDF: not in the demo">
      <Download aria-hidden="true" /> Download readiness PDF (not in the demo)
    </Button>
  ) : (
    <Button asChild variant="outline" size="sm">
      <a href={TRIAL_READINESS_PDF_PATH(item.id)} download>
        <Download aria-hidden="true" /> Download readiness PDF
      </a>
    </Button>
  );
  return (
    <Card role="region" aria-labelledby="readiness-title" data-testid="trial-readiness">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle id="readiness-title">Trial readiness</CardTitle>
          <CardDescription>In the form of the High Court&apos;s trial-readiness certificate (Form 10).</CardDescription>
        </div>
        {download}
      </CardHeader>
      <CardContent>
        {readiness.isPending ? (
          <ListSkeleton rows={4} label="Loading trial readiness" />
        ) : readiness.isError ? (
          <ErrorState title="Could not load trial readiness" error={readiness.error} onRetry={() => void readiness.refetch()} />
        ) : (
          <Summary r={readiness.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Summary({ r }: { r: TTrialReadiness }) {
  return (
    <div className="grid gap-5">
      <Verdict r={r} />
      {r.trial ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
          <Fact label="Trial date">
            {formatSaDateTime(r.trial.startsAt)}
            {r.trial.past && <span className="block text-xs text-destructive">Passed; no later trial date</span>}
          </Fact>
          <Fact label="Venue">{r.trial.venue ?? 'Not recorded'}</Fact>
          <Fact label="To be decided">{r.courtMatter?.trialScope ? SCOPE_LABELS[r.courtMatter.trialScope] : 'Not recorded'}</Fact>
          <Fact label="Stage">{r.courtMatter ? COURT_STAGE_LABELS[r.courtMatter.stage] : 'No court matter'}</Fact>
        </dl>
      ) : (
        <EmptyState icon={CalendarX2} title="No trial date">
          No trial hearing is scheduled for this matter, so the Rule 36(9) due dates cannot be counted yet. Schedule a trial hearing to see them.
        </EmptyState>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Experts title="Our experts" experts={r.experts.ours} />
        <Experts title="Opposing experts" experts={r.experts.opposing} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="readiness-items" className="grid content-start gap-2">
          <h3 id="readiness-items" className="text-sm font-semibold">
            Open compliance items <span className="font-normal text-muted-foreground">({r.checklist.percent}% done)</span>
          </h3>
          {r.checklist.openItems.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every item is done.</p>
          ) : (
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {r.checklist.openItems.map((i) => (
                <li key={i.id}>{i.label}</li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="readiness-deadlines" className="grid content-start gap-2">
          <h3 id="readiness-deadlines" className="text-sm font-semibold">
            Open deadlines
          </h3>
          {r.openDeadlines.length === 0 ? (
            <p className="text-sm text-muted-foreground">None open.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {r.openDeadlines.map((d) => (
                <li key={`${d.rule}-${d.due}-${d.explanation}`} className="grid gap-0.5">
                  <span className="flex flex-wrap items-center gap-1.5 font-medium">
                    {formatCalendarDay(d.due)}
                    {d.overdue && <Badge variant="destructive">Overdue</Badge>}
                  </span>
                  <span className="text-xs text-muted-foreground">{d.explanation}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function Verdict({ r }: { r: TTrialReadiness }) {
  if (r.ready) {
    return (
      <p className="flex items-center gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900" data-testid="readiness-verdict">
        <CheckCircle2 className="size-4" aria-hidden="true" /> Ready for trial: nothing outstanding.
      </p>
    );
  }
  return (
    <div className="grid gap-1.5 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="readiness-verdict">
      <p className="flex items-center gap-2 font-medium">
        <CircleAlert className="size-4" aria-hidden="true" /> Not ready for trial
      </p>
      <ul className="grid list-disc gap-0.5 pl-6">
        {r.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

const delivered = (on: string | null, due: string | null) =>
  on ? `delivered ${formatCalendarDay(on)}` : due ? `outstanding, due by ${formatCalendarDay(due)}` : 'outstanding';

function Experts({ title, experts }: { title: string; experts: TReadinessExpert[] }) {
  return (
    <section aria-label={title} className="grid content-start gap-2">
      <h3 className="text-sm font-semibold">
        {title}{' '}
        <span className="font-normal text-muted-foreground">
          ({experts.filter((e) => e.filed).length} filed, {experts.filter((e) => !e.filed).length} outstanding)
        </span>
      </h3>
      {experts.length === 0 ? (
        <p className="text-sm text-muted-foreground">None recorded.</p>
      ) : (
        <ul className="grid gap-2">
          {experts.map((e) => (
            <li key={e.id} className="grid gap-0.5 text-sm">
              <span className="flex flex-wrap items-center gap-1.5 font-medium">
                {e.name} <span className="font-normal text-muted-foreground">· {e.discipline}</span>
                <Badge variant={e.filed ? 'secondary' : 'outline'}>{e.filed ? 'Filed' : 'Outstanding'}</Badge>
              </span>
              <span className="text-xs text-muted-foreground">
                Report {e.reportReceivedOn ? `received ${formatCalendarDay(e.reportReceivedOn)}` : 'not yet received'} · 36(9)(a) notice {delivered(e.notice369aOn, e.notice369aDue)} · 36(9)(b)
                summary {delivered(e.summary369bOn, e.summary369bDue)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
