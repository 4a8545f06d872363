import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Activity, BedDouble, CalendarDays, CircleCheck, Users, Wallet } from 'lucide-react';
import { ErrorState } from '../../components/shell/data-states';
import { AppPage } from '../../components/shell/app-page';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { formatZar } from '../../../shared/format';
import { useIdentity, type Identity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { formatDateTime, formatZarThousands } from '../../components/data/app-format';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';
import { StatusBadge } from '../../components/data/status-badge';
import { SuperAdminOverview } from './super-admin-overview';

/** SPEC §2.9: Administrator and Finance Staff see revenue; so does the Super Admin. */
const SEES_REVENUE = new Set(['Administrator', 'Finance Staff']);

function Welcome({ identity }: { identity: Identity }) {
  if (identity.status === 'demo') {
    return (
      <>
        Demo session as {identity.name} on the {PLATFORM_CONFIG[identity.platform].name} platform
      </>
    );
  }
  return (
    <>
      Signed in as {identity.name}
      {identity.organizationName ? ` · ${identity.organizationName}` : ''}
    </>
  );
}

export function DashboardPage() {
  const identity = useIdentity();
  const title = identity.isSuperAdmin ? 'Super Admin Dashboard' : `${identity.role} Dashboard`;
  return (
    <AppPage title={title} description={<Welcome identity={identity} />}>
      {identity.isSuperAdmin ? (
        <SuperAdminOverview />
      ) : (
        <>
          <OrganizationStats identity={identity} />
          <div className="grid gap-4 lg:grid-cols-2">
            <RecentCases identity={identity} />
            <UpcomingAppointments />
          </div>
        </>
      )}
    </AppPage>
  );
}

function OrganizationStats({ identity }: { identity: Identity }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.dashboard.stats.queryOptions());
  if (stats.isPending) return <StatCardsSkeleton count={4} />;
  if (stats.isError) return <ErrorState title="Could not load the dashboard figures" error={stats.error} onRetry={() => void stats.refetch()} />;

  const s = stats.data;
  const patients = identity.caseTerminology === 'patient';
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        icon={Activity}
        label={patients ? 'Active Patients' : 'Active Cases'}
        value={String(s.activePatients)}
        detail={`${s.totalCases} ${patients ? 'patient' : 'client'} cases in total`}
      />
      <StatCard icon={CircleCheck} label="Cases Completed" value={String(s.casesCompleted)} detail={s.teamEfficiency === null ? undefined : `${s.teamEfficiency}% finished on time`} />
      <StatCard icon={CalendarDays} label="Appointments Today" value={String(s.appointmentsToday)} detail={`${s.upcomingAppointments} upcoming`} />
      <StatCard icon={Users} label="Team Members" value={String(s.teamMembers)} detail="Active staff in your organisation" />
      {s.bedOccupancy !== null && <StatCard icon={BedDouble} label="Bed Occupancy" value={`${s.bedOccupancy}%`} detail="Of the organisation's beds" />}
      {SEES_REVENUE.has(identity.role) && (
        <StatCard icon={Wallet} label="Revenue This Month" value={formatZarThousands(s.revenueImpactCents)} detail={`${formatZar(s.revenueImpactCents)} of time booked`} />
      )}
    </section>
  );
}

function PanelSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

function RecentCases({ identity }: { identity: Identity }) {
  const trpc = useTRPC();
  const cases = useQuery(trpc.cases.list.queryOptions({ pageSize: 5 }));
  const noun = identity.caseTerminology === 'patient' ? 'Patient' : 'Client';
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex items-center justify-between">
        <CardTitle className="text-base">Recent {noun} Cases</CardTitle>
        <Link to="/patients" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {cases.isPending ? (
          <PanelSkeleton />
        ) : cases.isError ? (
          <ErrorState title="Could not load cases" error={cases.error} />
        ) : cases.data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No cases found</p>
        ) : (
          <ul className="divide-y">
            {cases.data.items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{item.patientName}</p>
                  <p className="truncate text-xs text-muted-foreground">{item.caseType}</p>
                </div>
                <StatusBadge value={item.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UpcomingAppointments() {
  const trpc = useTRPC();
  const upcoming = useQuery(trpc.appointments.upcoming.queryOptions());
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex items-center justify-between">
        <CardTitle className="text-base">Upcoming Appointments</CardTitle>
        <Link to="/schedule" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Schedule
        </Link>
      </CardHeader>
      <CardContent>
        {upcoming.isPending ? (
          <PanelSkeleton />
        ) : upcoming.isError ? (
          <ErrorState title="Could not load appointments" error={upcoming.error} />
        ) : upcoming.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No appointments</p>
        ) : (
          <ul className="divide-y">
            {upcoming.data.map((appointment) => (
              <li key={appointment.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{appointment.title}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {formatDateTime(appointment.startTime)}
                    {appointment.location ? ` · ${appointment.location}` : ''}
                  </p>
                </div>
                <span className="text-xs text-muted-foreground">{appointment.appointmentType}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
