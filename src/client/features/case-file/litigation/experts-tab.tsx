import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClock, Pencil, UserPlus, UsersRound } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import { EXPERT_MILESTONES, EXPERT_MILESTONE_LABELS, type TExpert } from '../../../../shared/domain/experts';
import type { TSide } from '../../../../shared/domain/litigation-common';
import { formatCalendarDay, formatZar } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { DeadlineDueMark } from '../../../components/deadlines/deadline-due-mark';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { ExpertAddDialog } from './expert-add-dialog';
import { ExpertEditDialog } from './expert-edit-dialog';
import { expertsQuery } from './expert-queries';

// Expert witnesses of a legal or medicolegal case (issue 20), per side: discipline, registration,
// fee, the milestones with their dates, and the Rule 36(9) due dates the trial date gives — each
// with how it was counted and whether it is met, due in N days or overdue. Our experts' deadlines
// are tasks on the case too (the Court tab lists them with the case's other deadlines).

const SIDES: { side: TSide; title: string; empty: string }[] = [
  { side: 'ours', title: 'Our experts', empty: 'No expert for our side yet.' },
  { side: 'opposing', title: "The opposing side's experts", empty: 'No expert for the opposing side recorded.' },
];

export function ExpertsTab({ item }: { item: TCase }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const experts = useQuery(expertsQuery(trpc, item.id));
  const mayWrite = can(identity, 'caseFile.write');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TExpert | null>(null);
  const items = experts.data?.items ?? [];
  const noTrial = items.length > 0 && items.every((e) => e.dueDates.length === 0);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 className="text-lg font-semibold">Expert witnesses</h2>
          <p className="text-sm text-muted-foreground">Rule 36(9): notice of an expert 15 court days, and the summary 10 court days, before the trial.</p>
        </div>
        {mayWrite && (
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" /> Add expert
          </Button>
        )}
      </div>
      {experts.isPending ? (
        <ListSkeleton rows={3} label="Loading the experts" />
      ) : experts.isError ? (
        <ErrorState title="Could not load the experts" error={experts.error} onRetry={() => void experts.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={UsersRound} title="No expert witnesses on this case">
          Add the experts for our side and the opposing side's: their Rule 36(9) due dates follow the trial date.
        </EmptyState>
      ) : (
        <>
          {noTrial && (
            <p className="flex items-center gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              No trial date yet: the Rule 36(9) due dates appear once a trial hearing is scheduled on the Court tab.
            </p>
          )}
          {SIDES.map(({ side, title, empty }) => {
            const mine = items.filter((e) => e.side === side);
            return (
              <section key={side} aria-labelledby={`experts-${side}`} className="grid gap-3">
                <h3 id={`experts-${side}`} className="text-base font-semibold">
                  {title} <span className="font-normal text-muted-foreground">({mine.length})</span>
                </h3>
                {mine.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{empty}</p>
                ) : (
                  <div className="grid gap-4 xl:grid-cols-2">
                    {mine.map((expert) => (
                      <ExpertCard key={expert.id} expert={expert} onEdit={mayWrite ? () => setEditing(expert) : undefined} />
                    ))}
                  </div>
                )}
              </section>
            );
          })}
        </>
      )}
      {mayWrite && <ExpertAddDialog open={adding} onOpenChange={setAdding} caseId={item.id} />}
      {mayWrite && <ExpertEditDialog expert={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function ExpertCard({ expert, onEdit }: { expert: TExpert; onEdit?: () => void }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="text-base">
            <Link to="/people/$personId" params={{ personId: expert.personId }} className="text-primary underline-offset-4 hover:underline">
              {expert.name}
            </Link>
          </CardTitle>
          <CardDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>{expert.discipline}</span>
            {expert.registrationNumber && <Badge variant="outline" className="font-mono">{expert.registrationNumber}</Badge>}
            <span>Fee {expert.feeCents === null ? 'not recorded' : formatZar(expert.feeCents)}</span>
          </CardDescription>
        </div>
        {onEdit && (
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Record milestones or edit ${expert.name}`}>
            <Pencil aria-hidden="true" /> Milestones
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-3">
          {EXPERT_MILESTONES.map((m) => (
            <div key={m} className="grid">
              <dt className="text-xs text-muted-foreground">{EXPERT_MILESTONE_LABELS[m]}</dt>
              <dd className={expert.milestones[m] ? 'font-medium' : 'text-muted-foreground'}>{expert.milestones[m] ? formatCalendarDay(expert.milestones[m]) : '—'}</dd>
            </div>
          ))}
        </dl>
        {expert.dueDates.length > 0 && (
          <ul className="grid gap-2" aria-label={`Rule 36(9) due dates of ${expert.name}`}>
            {expert.dueDates.map((d) => (
              <li key={d.rule} className="grid gap-1 rounded-md border p-2.5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium">
                    {EXPERT_MILESTONE_LABELS[d.milestone]} by {formatCalendarDay(d.due)}
                  </span>
                  <DeadlineDueMark due={d.due} met={d.met} />
                </div>
                <p className="text-xs text-muted-foreground">{d.explanation}</p>
                {expert.side === 'opposing' && <p className="text-xs text-muted-foreground">The opposing side's to deliver: no task on this case.</p>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
