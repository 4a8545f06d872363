import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Users } from 'lucide-react';
import type { TBillingSummary } from '../../../shared/domain/billing';
import { formatDate, pluralise } from '../../../shared/format';
import { ErrorState } from '../../components/shell/data-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { useTRPC } from '../../trpc';

/** 'Trial — 12 days left', 'Trial ended', 'Standard plan'. */
export function planHeadline(summary: TBillingSummary): string {
  if (summary.status === 'trialEnded') return 'Trial ended';
  if (summary.status === 'trial') {
    if (summary.trialDaysLeft === null) return 'Trial';
    return `Trial — ${pluralise(summary.trialDaysLeft, 'day')} left`;
  }
  return summary.planLabel;
}

function planDetail(summary: TBillingSummary): string {
  if (summary.status === 'trial' && summary.trialEndsAt) return `Your free trial ends on ${formatDate(summary.trialEndsAt)}.`;
  if (summary.status === 'trialEnded') {
    return `Your free trial ended${summary.trialEndsAt ? ` on ${formatDate(summary.trialEndsAt)}` : ''}. Contact CaseBridge support to choose a plan.`;
  }
  return `${summary.organizationName} is on the ${summary.planLabel.toLowerCase()}.`;
}

/** The organisation's plan or trial and how many of its user seats are taken. */
export function PlanCard() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.billing.summary.queryOptions());

  if (summary.isError) return <ErrorState title="Could not load your plan" error={summary.error} onRetry={() => void summary.refetch()} />;
  if (summary.isPending) {
    return (
      <Card role="status" aria-busy="true" aria-label="Loading your plan" className="px-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72" />
      </Card>
    );
  }
  const data = summary.data;
  const seatsPercent = data.maxUsers ? Math.min(100, Math.round((data.usersInUse / data.maxUsers) * 100)) : null;
  return (
    <Card data-testid="plan-card">
      <CardHeader>
        <CardDescription>Plan</CardDescription>
        <CardTitle className={data.status === 'trialEnded' ? 'text-2xl text-destructive' : 'text-2xl'} data-testid="plan-headline">
          {planHeadline(data)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {planDetail(data)}
        </p>
        <div className="grid gap-2">
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="plan-users">
            <Users className="size-4 text-muted-foreground" aria-hidden="true" />
            {data.maxUsers === null ? `${pluralise(data.usersInUse, 'user')} · no user limit` : `Users: ${data.usersInUse} of ${data.maxUsers}`}
          </p>
          {seatsPercent !== null && <Progress value={seatsPercent} aria-label={`${data.usersInUse} of ${data.maxUsers} users in use`} />}
        </div>
      </CardContent>
    </Card>
  );
}
