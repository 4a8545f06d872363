import { CheckCircle2, Clock, TriangleAlert } from 'lucide-react';
import { dayKey } from '../../../shared/calendar';
import { Badge } from '../ui/badge';
import { cn } from '../../lib/utils';

// How a computed deadline stands (issue 20), the same on the case's Experts and Court tabs and on
// the dashboards: met, due today / in N days, or overdue by N days. Days are South African days.

const DAY_MS = 86_400_000;

/** Whole days from `today` to `due` (both 'YYYY-MM-DD'); negative when past. */
export function daysUntil(due: string, today: string = dayKey()): number {
  return Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export type DeadlineStanding = { kind: 'met' } | { kind: 'overdue'; days: number } | { kind: 'due'; days: number };

export function deadlineStanding(due: string, met: boolean, today: string = dayKey()): DeadlineStanding {
  if (met) return { kind: 'met' };
  const days = daysUntil(due, today);
  return days < 0 ? { kind: 'overdue', days: -days } : { kind: 'due', days };
}

export function standingLabel(standing: DeadlineStanding): string {
  if (standing.kind === 'met') return 'Met';
  if (standing.kind === 'overdue') return `Overdue by ${standing.days} ${standing.days === 1 ? 'day' : 'days'}`;
  if (standing.days === 0) return 'Due today';
  return `Due in ${standing.days} ${standing.days === 1 ? 'day' : 'days'}`;
}

/** A small badge: green when met, red when overdue, amber within a week, neutral further out. */
export function DeadlineDueMark({ due, met, className }: { due: string; met: boolean; className?: string }) {
  const standing = deadlineStanding(due, met);
  const label = standingLabel(standing);
  const soon = standing.kind === 'due' && standing.days <= 7;
  const Icon = standing.kind === 'met' ? CheckCircle2 : standing.kind === 'overdue' ? TriangleAlert : Clock;
  return (
    <Badge
      variant={standing.kind === 'overdue' ? 'destructive' : 'outline'}
      className={cn(
        standing.kind === 'met' && 'border-emerald-600/40 text-emerald-700 dark:text-emerald-400',
        soon && 'border-amber-500/50 text-amber-700 dark:text-amber-400',
        className,
      )}
    >
      <Icon aria-hidden="true" /> {label}
    </Badge>
  );
}
