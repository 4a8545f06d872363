import { type ReactNode, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Landmark, Pencil, Plus } from 'lucide-react';
import { partyRoleLabel } from '../../../../shared/domain/case-parties';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import { COURT_STAGE_LABELS, COURT_STAGES, TRIAL_SCOPE_LABELS, type TCourtMatter, type TCourtStage } from '../../../../shared/domain/court-matters';
import { formatCalendarDay, formatDate, formatZar } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { CourtMatterDialogContent } from './court-matter-dialog';
import { courtMatterQuery } from './court-queries';

// The court matter card of the Court tab (issue 20): where the action is, its number and claim,
// the stage on the way from letter of demand to judgment, the parties cited (from the case's
// parties), and the dates the deadline rules count from. Empty until someone records it.

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** Where the stage sits among the ten, as a row of steps (settled and withdrawn end it early). */
function StageSteps({ matter }: { matter: TCourtMatter }) {
  const main: readonly TCourtStage[] = COURT_STAGES.filter((s) => s !== 'settled' && s !== 'withdrawn');
  const ended = matter.stage === 'settled' || matter.stage === 'withdrawn';
  const at = main.indexOf(matter.stage);
  return (
    <ol className="flex flex-wrap gap-1" aria-label="Stage of the matter">
      {main.map((stage, i) => (
        <li
          key={stage}
          aria-current={stage === matter.stage ? 'step' : undefined}
          className={
            stage === matter.stage
              ? 'rounded-md bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground'
              : !ended && i < at
                ? 'rounded-md bg-accent px-2 py-0.5 text-xs text-accent-foreground'
                : 'rounded-md border px-2 py-0.5 text-xs text-muted-foreground'
          }
        >
          {COURT_STAGE_LABELS[stage]}
        </li>
      ))}
      {ended && (
        <li aria-current="step" className="rounded-md bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
          {COURT_STAGE_LABELS[matter.stage]}
        </li>
      )}
    </ol>
  );
}

export function CourtMatterCard({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const query = useQuery(courtMatterQuery(trpc, item.id));
  const mayWrite = can(identity, 'caseFile.write');
  const [open, setOpen] = useState(false);

  if (query.isPending) return <ListSkeleton rows={3} label="Loading the court matter" />;
  if (query.isError) return <ErrorState title="Could not load the court matter" error={query.error} onRetry={() => void query.refetch()} />;
  const matter = query.data.courtMatter;
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen}>
      {open && <CourtMatterDialogContent caseId={item.id} matter={matter} onDone={() => setOpen(false)} />}
    </Dialog>
  );

  if (!matter) {
    return (
      <>
        <EmptyState
          icon={Landmark}
          title="No court matter yet"
          action={
            mayWrite ? (
              <Button onClick={() => setOpen(true)}>
                <Plus aria-hidden="true" /> Record court matter
              </Button>
            ) : undefined
          }
        >
          Record the court, division and case number once summons is issued (or the letter of demand is sent): the hearings, the deadlines from
          service, the debt and knowledge, and the trial-readiness summary build on it.
        </EmptyState>
        {dialog}
      </>
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            <Landmark className="size-4 text-muted-foreground" aria-hidden="true" />
            Case no. {matter.caseNumber}
            <Badge variant="accent">{COURT_STAGE_LABELS[matter.stage]}</Badge>
          </CardTitle>
          <CardDescription>
            {matter.court}, {matter.division}
          </CardDescription>
        </div>
        {mayWrite && (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <StageSteps matter={matter} />
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Claim">{matter.claimAmountCents === null ? 'Not quantified' : formatZar(matter.claimAmountCents)}</Fact>
          <Fact label="CaseLines reference">{matter.caselinesReference ?? '—'}</Fact>
          <Fact label="Trial scope">{matter.trialScope ? TRIAL_SCOPE_LABELS[matter.trialScope] : 'Not decided yet'}</Fact>
          <Fact label="Parties cited">
            {matter.partiesCited.length === 0 ? (
              <span className="text-muted-foreground">Add the plaintiff and defendant on the Parties tab</span>
            ) : (
              <ul className="grid gap-0.5">
                {matter.partiesCited.map((p) => (
                  <li key={`${p.personId}-${p.role}`}>
                    {p.name} <span className="text-xs text-muted-foreground">({partyRoleLabel(p.role, identity.platform)})</span>
                  </li>
                ))}
              </ul>
            )}
          </Fact>
          <Fact label="Summons served">{formatCalendarDay(matter.summonsServedOn, '—')}</Fact>
          <Fact label="Debt became due">{formatCalendarDay(matter.debtDueOn, '—')}</Fact>
          <Fact label="Date of knowledge">{formatCalendarDay(matter.knowledgeOn, '—')}</Fact>
          <Fact label="Last changed">
            {formatDate(matter.updatedAt)}
            {matter.updatedByName ? ` by ${matter.updatedByName}` : ''}
          </Fact>
        </dl>
      </CardContent>
      {dialog}
    </Card>
  );
}
