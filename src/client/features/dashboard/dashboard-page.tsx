import { AppPage } from '../../components/shell/app-page';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { dashboardVariantOf, type TDashboardVariant } from '../../../shared/dashboard-variants';
import { can } from '../../../shared/roles';
import { useIdentity, type Identity } from '../../lib/identity';
import { SuperAdminOverview } from './super-admin-overview';
import { MyCasesPanel, RecentUpdatesPanel } from './case-panels';
import { VitalsMonitorPanel } from './vitals-monitor-panel';
import { DeadlinesPanel } from './deadlines-panel';
import { DocumentsPanel } from './documents-panel';
import { KeyFigures } from './key-figures';
import { MyOpenTasksPanel } from './my-open-tasks-panel';
import { ClaimsByHospitalPanel } from './state-figures';
import { LabResultsPanel } from './lab-results-panel';
import { QuickLinksPanel, quickLinksFor } from './quick-links';
import { ReportsPanel } from './reports-panel';
import { SchedulePanel } from './schedule-panel';
import { SettlementsPanel } from './settlements-panel';
import { TasksPanel } from './tasks-panel';
import { TeamPanel } from './team-panel';

// SPEC §2.9: one dashboard per role and platform (src/shared/dashboard-variants.ts picks it).

/** What each view is for, under the title (the title itself names the role: SPEC §2.9 "titles vary by role"). */
const PURPOSE: Record<TDashboardVariant, string> = {
  superAdmin: 'Platform overview',
  clinical: 'Your patients, schedule and alerts',
  diagnostic: 'Your patients, schedule and results',
  legal: 'Your matters, hearings and updates',
  operations: 'Your tasks, team and reports',
};

function Welcome({ identity }: { identity: Identity }) {
  const where =
    identity.status === 'demo'
      ? `Demo session on the ${PLATFORM_CONFIG[identity.platform].name} platform`
      : (identity.organizationName ?? PLATFORM_CONFIG[identity.platform].name);
  return (
    <>
      {identity.signedInBefore ? 'Welcome back' : 'Welcome'}, {identity.name} · {where}
    </>
  );
}

export function DashboardPage() {
  const identity = useIdentity();
  const variant = dashboardVariantOf(identity, identity.platform);
  return (
    <AppPage
      title={variant === 'superAdmin' ? 'Super Admin Dashboard' : `${identity.role} Dashboard`}
      description={
        <>
          {PURPOSE[variant]}. <Welcome identity={identity} />
        </>
      }
    >
      {variant === 'superAdmin' ? <SuperAdminOverview /> : <RoleDashboard variant={variant} identity={identity} />}
    </AppPage>
  );
}

function RoleDashboard({ variant, identity }: { variant: Exclude<TDashboardVariant, 'superAdmin'>; identity: Identity }) {
  const features = PLATFORM_CONFIG[identity.platform].features;
  const links = quickLinksFor(variant, identity, identity.platform);
  const grid = 'grid gap-4 lg:grid-cols-2';
  return (
    <>
      <KeyFigures variant={variant} identity={identity} />
      {/* Issue 32: every staff dashboard whose role has tasks lists them, due first. */}
      {can(identity, 'caseFile.view') && <MyOpenTasksPanel />}
      {variant === 'clinical' || variant === 'diagnostic' ? (
        <>
          <div className={grid}>
            <MyCasesPanel title="My Active Cases" />
            <SchedulePanel title="Upcoming Schedule" />
          </div>
          <div className={grid}>
            {variant === 'clinical' ? <VitalsMonitorPanel /> : <LabResultsPanel />}
            <QuickLinksPanel links={links} />
          </div>
        </>
      ) : variant === 'legal' ? (
        <>
          <div className={grid}>
            <MyCasesPanel title={identity.caseTerminology === 'patient' ? 'Active Cases' : 'My Matters'} />
            <SchedulePanel title={features.courtCases ? 'Court Schedule' : 'Schedule'} />
          </div>
          <div className={grid}>
            <RecentUpdatesPanel />
            <div className="grid content-start gap-4">
              {features.stateDefence && can(identity, 'cases.view') && <ClaimsByHospitalPanel />}
              {features.courtCases && can(identity, 'caseFile.view') && <DeadlinesPanel />}
              {features.courtCases && can(identity, 'caseFile.view') && <SettlementsPanel />}
              {features.legalDocuments && can(identity, 'legalDocuments.view') && <DocumentsPanel />}
              <QuickLinksPanel links={links} />
            </div>
          </div>
        </>
      ) : (
        <>
          <div className={grid}>
            <TasksPanel />
            {identity.role === 'Administrator' ? (
              <TeamPanel />
            ) : identity.role === 'Case Manager' ? (
              <MyCasesPanel title="Case Management" />
            ) : (
              // A role without the schedule (security, cleaning, kitchen) gets no appointment panel: they name patients.
              can(identity, 'appointments.view') && <SchedulePanel title="Schedule" />
            )}
          </div>
          <div className={grid}>
            <ReportsPanel identity={identity} />
            <QuickLinksPanel title="Quick Actions" links={links} />
          </div>
        </>
      )}
    </>
  );
}
