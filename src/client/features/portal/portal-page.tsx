import { Suspense, lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LogOut, Settings } from 'lucide-react';
import type { TPortalAppointment } from '../../../shared/domain/portal';
import { ErrorState } from '../../components/shell/data-states';
import { NotificationsBell } from '../../components/shell/notifications-bell';
import { forgetAuthToken, LOGOUT_URL, signOut } from '../../components/shell/sign-out';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity } from '../../lib/identity';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../trpc';
import { AppointmentsTab } from './appointments-tab';
import { MedicationsTab } from './medications-tab';
import { OverviewTab } from './overview-tab';
import { ProfileTab } from './profile-tab';
import { type QuickAction, QuickActions } from './quick-actions';
import { StatementTab } from './statement-tab';
import { TestResultsTab } from './test-results-tab';

// The dialogs carry the forms' zod schemas: loaded when first opened, not with the page.
const ComposeMessageDialog = lazy(() => import('./compose-message-dialog'));
const RequestAppointmentDialog = lazy(() => import('./request-appointment-dialog'));
const RescheduleDialog = lazy(() => import('./reschedule-dialog'));
const EditProfileDialog = lazy(() => import('./edit-profile-dialog'));

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'results', label: 'Test Results' },
  { value: 'medications', label: 'Medications' },
  { value: 'statement', label: 'My Account' }, // issue 33
  { value: 'profile', label: 'My Profile' },
] as const;
type PortalTab = (typeof TABS)[number]['value'];

type OpenDialog = { kind: 'message' } | { kind: 'book' } | { kind: 'reschedule'; appointment: TPortalAppointment } | { kind: 'profile' } | null;

/**
 * SPEC §2.13: the portal a Patient sees at /. Signed in, everything comes from the server and is
 * about the patient's own case; in demo mode the same procedures answer from fixtures.
 */
export function PatientPortalPage() {
  const identity = useIdentity();
  const trpc = useTRPC();
  usePageMeta({ title: 'Patient Portal | CaseBridge', noIndex: true });
  const [tab, setTab] = useState<PortalTab>('overview');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const summary = useQuery(trpc.portal.summary.queryOptions());
  const profile = useQuery({ ...trpc.portal.profile.queryOptions(), enabled: dialog?.kind === 'profile' });
  const cases = summary.data?.cases ?? [];
  const close = () => setDialog(null);

  const onAction = (action: QuickAction) => {
    if (action === 'results') setTab('results');
    else if (action === 'medications') setTab('medications');
    else setDialog({ kind: action });
  };
  const reschedule = (appointment: TPortalAppointment) => setDialog({ kind: 'reschedule', appointment });

  return (
    <div data-platform="healthcare" className="min-h-svh bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <span className="font-semibold tracking-tight text-primary">CaseBridge Patient Portal</span>
          <div className="flex items-center gap-1 sm:gap-2">
            {/* Issue 21: the patient's own bell (their appointments moved or cancelled). */}
            <NotificationsBell />
            {/* Password and signed-in devices: the account settings every user has (issue 7). */}
            <Button asChild variant="ghost" size="sm">
              <Link to="/settings">
                <Settings aria-hidden="true" />
                <span className="hidden sm:inline">Settings</span>
                <span className="sr-only sm:hidden">Settings</span>
              </Link>
            </Button>
            {identity.status === 'demo' ? (
              <Button variant="outline" size="sm" onClick={() => signOut(identity)}>
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            ) : (
              <Button asChild variant="outline" size="sm">
                <a href={LOGOUT_URL} onClick={forgetAuthToken}>
                  <LogOut aria-hidden="true" />
                  Sign Out
                </a>
              </Button>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome, {identity.name}</h1>
          <p className="text-sm text-muted-foreground">
            {summary.data ? `${summary.data.organizationName} · ` : ''}Your appointments, messages and results in one place.
          </p>
        </div>
        <QuickActions onAction={onAction} canContact={cases.length > 0} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as PortalTab)} className="gap-4">
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="flex-none">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            {summary.isPending ? (
              <div role="status" aria-busy="true" className="grid gap-3">
                <span className="sr-only">Loading your care summary…</span>
                <Skeleton className="h-40 w-full rounded-xl" />
                <Skeleton className="h-56 w-full rounded-xl" />
              </div>
            ) : summary.isError ? (
              <ErrorState title="Could not load your portal" error={summary.error} onRetry={() => void summary.refetch()} />
            ) : (
              <OverviewTab
                cases={cases}
                onShowTab={setTab}
                onReschedule={reschedule}
                onMessage={cases.length > 0 ? () => setDialog({ kind: 'message' }) : undefined}
              />
            )}
          </TabsContent>
          <TabsContent value="appointments">
            <AppointmentsTab onReschedule={reschedule} onBook={cases.length > 0 ? () => setDialog({ kind: 'book' }) : undefined} />
          </TabsContent>
          <TabsContent value="results">
            <TestResultsTab patientName={summary.data?.name ?? identity.name} organizationName={summary.data?.organizationName ?? 'CaseBridge'} />
          </TabsContent>
          <TabsContent value="medications">
            <MedicationsTab />
          </TabsContent>
          <TabsContent value="statement">
            <StatementTab />
          </TabsContent>
          <TabsContent value="profile">
            <ProfileTab onEdit={() => setDialog({ kind: 'profile' })} />
          </TabsContent>
        </Tabs>
      </main>
      <Suspense fallback={null}>
        {dialog?.kind === 'message' && <ComposeMessageDialog cases={cases} onClose={close} />}
        {dialog?.kind === 'book' && <RequestAppointmentDialog cases={cases} onClose={close} />}
        {dialog?.kind === 'reschedule' && <RescheduleDialog appointment={dialog.appointment} onClose={close} />}
        {dialog?.kind === 'profile' && profile.data && <EditProfileDialog profile={profile.data} onClose={close} />}
      </Suspense>
    </div>
  );
}
