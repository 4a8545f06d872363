import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BedDouble, CalendarCheck, Percent, UserRound } from 'lucide-react';
import type { TCensusPatient, TWardCensus } from '../../../shared/domain/admissions';
import { formatCalendarDay, formatDate, pluralise } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { CaseLink } from '../../components/cases/case-link';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { OccupancyChart } from './occupancy-chart';

// Issue 22: the ward census — who is in which bed, for how long, who is expected to go home today,
// and how full each ward has been over the last 30 days.

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const stay = (days: number) => (days === 0 ? 'Admitted today' : pluralise(days, 'day'));

function PatientName({ patient }: { patient: TCensusPatient }) {
  return patient.caseId ? (
    <CaseLink caseId={patient.caseId} className="font-medium" label={`Open the case of ${patient.name}`}>
      {patient.name}
    </CaseLink>
  ) : (
    <span className="font-medium">{patient.name}</span>
  );
}

const patientColumns: Column<TCensusPatient>[] = [
  { header: 'Patient', cell: (p) => <PatientName patient={p} /> },
  { header: 'Bed', cell: (p) => p.bedNumber },
  { header: 'Admitted', cell: (p) => formatDate(p.admittedAt) },
  { header: 'Length of stay', cell: (p) => stay(p.lengthOfStayDays) },
  { header: 'Expected discharge', cell: (p) => formatDate(p.estimatedDischarge, 'Not set') },
];

function Figures({ census }: { census: TWardCensus }) {
  const beds = census.wards.reduce((sum, w) => sum + w.beds, 0);
  const occupied = census.wards.reduce((sum, w) => sum + w.occupied, 0);
  return (
    <section aria-label="Census summary" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Beds" value={String(beds)} icon={BedDouble} detail={pluralise(census.wards.length, 'ward')} />
      <StatCard label="Occupied" value={String(occupied)} icon={UserRound} />
      <StatCard label="Occupancy" value={`${percent(occupied, beds)}%`} icon={Percent} />
      <StatCard label="Expected discharges today" value={String(census.expectedDischargesToday.length)} icon={CalendarCheck} />
    </section>
  );
}

function HistoryTable({ census }: { census: TWardCensus }) {
  const days = census.wards[0]?.history.map((h) => h.date) ?? [];
  const columns: Column<string>[] = [
    { header: 'Day', cell: (date) => formatCalendarDay(date) },
    ...census.wards.map((w) => ({ header: w.ward, cell: (date: string) => String(w.history.find((h) => h.date === date)?.occupied ?? 0) })),
  ];
  return <SimpleTable caption="Occupied beds per ward and day" columns={columns} rows={[...days].reverse()} rowKey={(d) => d} />;
}

export function WardCensusScreen() {
  const identity = useIdentity();
  const allowed = PLATFORM_CONFIG[identity.platform].features.bedManagement && can(identity, 'beds.view');
  const trpc = useTRPC();
  const census = useQuery({ ...trpc.admissions.census.queryOptions(), enabled: allowed });
  const actions = (
    <Button variant="outline" asChild>
      <Link to="/bed-management">
        <BedDouble aria-hidden="true" /> Bed board
      </Link>
    </Button>
  );

  return (
    <AppPage title="Ward Census" description={census.data ? `Who is in which bed, ${formatCalendarDay(census.data.date)}` : 'Who is in which bed today'} actions={allowed && actions}>
      {!allowed ? (
        <RestrictedState>The ward census is part of bed management on the Healthcare platform.</RestrictedState>
      ) : census.isPending ? (
        <>
          <StatCardsSkeleton />
          <ListSkeleton label="Loading the census" />
        </>
      ) : census.isError ? (
        <ErrorState title="Could not load the census" error={census.error} onRetry={() => void census.refetch()} />
      ) : census.data.wards.length === 0 ? (
        <EmptyState icon={BedDouble} title="No beds yet">
          Add beds on the bed board; the census counts them by ward.
        </EmptyState>
      ) : (
        <div className="grid gap-6">
          <Figures census={census.data} />
          <section aria-labelledby="expected-today" className="grid gap-3">
            <h2 id="expected-today" className="text-lg font-semibold">
              Expected discharges today
            </h2>
            {census.data.expectedDischargesToday.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nobody is expected to be discharged today.</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {census.data.expectedDischargesToday.map((p) => (
                  <li key={p.bedId} className="rounded-lg border bg-card p-3 text-sm">
                    <PatientName patient={p} />
                    <p className="text-muted-foreground">
                      Bed {p.bedNumber} · {p.ward} · {stay(p.lengthOfStayDays)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="wards-heading" className="grid gap-3">
            <h2 id="wards-heading" className="text-lg font-semibold">
              Wards
            </h2>
            {census.data.wards.map((w) => (
              <Card key={w.ward} className="gap-3" data-testid="census-ward">
                <CardHeader>
                  <CardTitle asHeading="h3" className="text-base">
                    {w.ward}
                  </CardTitle>
                  <CardDescription>
                    {w.occupied} of {w.beds} beds occupied ({percent(w.occupied, w.beds)}%)
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  {w.patients.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No patients in this ward.</p>
                  ) : (
                    <SimpleTable caption={`Patients in ${w.ward}`} columns={patientColumns} rows={w.patients} rowKey={(p) => p.bedId} stackOnPhone />
                  )}
                </CardContent>
              </Card>
            ))}
          </section>
          <section aria-labelledby="occupancy-heading" className="grid gap-3">
            <h2 id="occupancy-heading" className="text-lg font-semibold">
              Occupancy over the last {census.data.wards[0]?.history.length ?? 0} days
            </h2>
            {/* The chart measures its box a frame after a resize (recharts' ResponsiveContainer): until then
                it keeps the old width, which must not widen the page on a phone turned or resized. */}
            <Card className="min-w-0 overflow-hidden px-2 sm:px-6">
              <OccupancyChart wards={census.data.wards} />
            </Card>
            <details className="rounded-lg border bg-card p-3">
              <summary className="cursor-pointer text-sm font-medium">Occupancy figures per day</summary>
              <div className="mt-3">
                <HistoryTable census={census.data} />
              </div>
            </details>
          </section>
        </div>
      )}
    </AppPage>
  );
}
