import { useQuery } from '@tanstack/react-query';
import { Activity, BedDouble, BriefcaseBusiness, CalendarDays, CircleCheck, Clock, Gauge, Handshake, Hourglass, LifeBuoy, Mail, Users, Wallet } from 'lucide-react';
import type { TDashboardStats, TWorkspace } from '../../../shared/domain/dashboard';
import { type TDashboardVariant, showsBillableHours } from '../../../shared/dashboard-variants';
import { formatZar, formatZarThousands, pluralise } from '../../../shared/format';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';
import { ErrorState } from '../../components/shell/data-states';
import { can } from '../../../shared/roles';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import type { Identity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { useWorkspace } from './use-workspace';
import { StateKeyFigures } from './state-figures';

// The figures at the top of each dashboard (SPEC §2.9), every one counted by the server from the
// organisation's rows (in demo mode: the §3.6 samples). Which cards show depends on the view and role.

type Card = Parameters<typeof StatCard>[0];

const hours = (minutes: number) => `${(Math.round(minutes / 6) / 10).toFixed(1)} h`;

function cardsFor(variant: TDashboardVariant, identity: Identity, s: TDashboardStats, work: TWorkspace): Card[] {
  const patients = identity.caseTerminology === 'patient';
  // A hospital's patient cases, a law firm's matters (issue 32).
  const active: Card = { icon: Activity, label: patients ? 'Active Patients' : 'Open Matters', value: String(s.activePatients), detail: patients ? `${s.totalCases} patient cases in total` : `${s.totalCases} matters in total` };
  const completed: Card = { icon: CircleCheck, label: patients ? 'Cases Completed' : 'Matters Concluded', value: String(s.casesCompleted), detail: s.teamEfficiency === null ? undefined : `${s.teamEfficiency}% finished on time` };
  const today: Card = { icon: CalendarDays, label: 'Appointments Today', value: String(s.appointmentsToday), detail: `${s.upcomingAppointments} upcoming` };
  const mine: Card = { icon: BriefcaseBusiness, label: 'My Active Cases', value: String(work.myActiveCases), detail: 'Assigned to you' };
  const team: Card = { icon: Users, label: 'Team Members', value: String(s.teamMembers), detail: 'Active staff in your organisation' };

  switch (variant) {
    case 'clinical':
    case 'diagnostic':
      return [
        mine,
        today,
        active,
        s.bedOccupancy === null ? completed : { icon: BedDouble, label: 'Bed Occupancy', value: `${s.bedOccupancy}%`, detail: "Of the organisation's beds" },
      ];
    case 'legal':
      return [
        active,
        completed,
        today,
        showsBillableHours(identity)
          ? { icon: Hourglass, label: 'Billable Hours', value: hours(work.billable.minutes), detail: `${formatZar(work.billable.cents)} this month · ${pluralise(work.billable.entries, 'entry', 'entries')}` }
          : mine,
        // Issue 20 (§3.6): computed from the settlement logs (src/shared/domain/settlement-figures.ts).
        ...(PLATFORM_CONFIG[identity.platform].features.courtCases
          ? [{ icon: Handshake, label: 'Settlement Rate', value: s.settlementRate === null ? '—' : `${s.settlementRate}%`, detail: s.settlementRate === null ? 'No matter concluded yet' : 'Of concluded matters: settled, not court-ordered' }]
          : []),
      ];
    default: {
      // A role without case reads (decision 0027) sees its own work only: no patient or case figures.
      if (!can(identity, 'cases.view')) {
        return [
          { icon: Mail, label: 'Unread Messages', value: String(work.tasks.unreadMessages), detail: 'In your inbox' },
          { icon: LifeBuoy, label: 'Support Requests', value: String(work.tasks.openSupportChats), detail: 'Open, started by you' },
          { icon: Clock, label: 'My Hours', value: hours(work.billable.minutes), detail: `This month · ${work.billable.entries} ${work.billable.entries === 1 ? 'entry' : 'entries'}` },
        ];
      }
      const cards = [active, completed, today];
      if (identity.role === 'Administrator') {
        cards.push({ ...team, label: 'Total Users' });
        cards.push({ icon: Gauge, label: 'Team Efficiency', value: s.teamEfficiency === null ? '—' : `${s.teamEfficiency}%`, detail: 'Completed cases finished by their estimate' });
      } else {
        cards.push(mine);
      }
      if (s.revenueImpactCents !== null) {
        cards.push({ icon: Wallet, label: 'Monthly Revenue', value: formatZarThousands(s.revenueImpactCents), detail: `${formatZar(s.revenueImpactCents)} of time booked this month` });
      }
      return cards;
    }
  }
}

export function KeyFigures({ variant, identity }: { variant: TDashboardVariant; identity: Identity }) {
  // The State unit's lawyers count its exposure, not billable hours (issue 32).
  if (variant === 'legal' && PLATFORM_CONFIG[identity.platform].features.stateDefence && can(identity, 'cases.view')) return <StateKeyFigures />;
  return <OrganisationFigures variant={variant} identity={identity} />;
}

function OrganisationFigures({ variant, identity }: { variant: TDashboardVariant; identity: Identity }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.dashboard.stats.queryOptions());
  const workspace = useWorkspace();
  if (stats.isPending || workspace.isPending) return <StatCardsSkeleton count={4} />;
  if (stats.isError || workspace.isError) {
    const retry = () => void Promise.all([stats.refetch(), workspace.refetch()]);
    return <ErrorState title="Could not load the dashboard figures" error={stats.error ?? workspace.error} onRetry={retry} />;
  }
  const cards = cardsFor(variant, identity, stats.data, workspace.data);
  return (
    <section aria-label="Key figures" className={cn('grid grid-cols-2 gap-3 sm:gap-4', cards.length > 4 ? 'xl:grid-cols-3' : 'xl:grid-cols-4')}>
      {cards.map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </section>
  );
}
