import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { CaseFileTab } from '../../components/cases/case-link';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useWords } from '../../lib/words';
import { useIdentity } from '../../lib/identity';
import { casesListPath } from '../../../shared/case-paths';
import { useTRPC } from '../../trpc';
import { AppointmentsTab } from './appointments-tab';
import { CaseHeader } from './case-header';
import { PatientBanner } from './patient-banner';
import { can } from '../../../shared/roles';
import { isNotFound, isRestricted } from './case-errors';
import { CASE_TAB_LABELS, tabOrOverview, visibleCaseTabs } from './case-tabs';
import { DocumentsTab } from './documents-tab';
import { MessagesTab } from './messages-tab';
import { NotesTab } from './notes-tab';
import { EncountersTab } from './encounters/encounters-tab';
import { ChargesTab } from './charges/charges-tab';
import { FeesTab } from './fees/fees-tab';
import { OverviewTab } from './overview-tab';
import { PartiesTab } from './parties-tab';
import { RestrictedCase } from './restricted-case';
import { ResultsTab } from './results-tab';
import { TasksTab } from './tasks-tab';
import { TeamTab } from './team-tab';
import { TimeTab } from './time-tab';
import { TimelineTab } from './timeline-tab';
import { ChecklistTab } from './litigation/checklist-tab';
import { CourtTab } from './litigation/court-tab';
import { ExpertsTab } from './litigation/experts-tab';
import { SettlementTab } from './litigation/settlement-tab';
import { HospitalRecordsTab } from './hospital-records-tab';

// Issue 18: one page per case where the team's daily work happens. The header says what the case is;
// each tab is one part of the file, loaded when opened (the tab sits in the URL, so a link opens it).

export function CasePage({ caseId, tab, path }: { caseId: string; tab?: CaseFileTab; path: '/patients/$caseId' | '/clients/$caseId' }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const kase = useQuery(trpc.cases.get.queryOptions({ id: caseId }));
  // Issue 34: the Fees tab shows only where the organisation bills (a State unit that acts for no claimant does not).
  const feeSettings = useQuery({ ...trpc.fees.settings.queryOptions(), enabled: visibleCaseTabs(identity).includes('fees') });
  const words = useWords();
  const caseTitle = words.case === 'case' ? `${words.Person} case` : words.Case;
  const listPath = casesListPath(identity.platform);
  const back = (
    <Link to={listPath} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" /> {words.casesTitle}
    </Link>
  );

  if (kase.isPending) {
    return (
      <AppPage title={caseTitle}>
        {back}
        <ListSkeleton rows={6} label={`Loading the ${words.case}`} />
      </AppPage>
    );
  }
  if (kase.isError) {
    if (isRestricted(kase.error)) {
      return (
        <AppPage title={`Restricted ${words.case}`}>
          {back}
          <RestrictedCase caseId={caseId} message={kase.error.message} />
        </AppPage>
      );
    }
    return (
      <AppPage title={caseTitle}>
        {back}
        {isNotFound(kase.error) ? (
          <EmptyState icon={FileQuestion} title={`${words.Case} not found`}>
            This {words.case} does not exist in your organisation, or it was removed.
          </EmptyState>
        ) : (
          <ErrorState title={`Could not load the ${words.case}`} error={kase.error} onRetry={() => void kase.refetch()} />
        )}
      </AppPage>
    );
  }

  const item = kase.data;
  const tabs = visibleCaseTabs(identity).filter((t) => t !== 'fees' || feeSettings.data?.bills === true);
  // Issue 31: on a hospital case, clinicians see who the patient is above everything else.
  const banner = identity.platform === 'healthcare' && can(identity, 'records.view');
  const current = tabOrOverview(tab, tabs);
  const setTab = (next: string) =>
    void navigate({
      to: path,
      params: { caseId },
      search: next === 'overview' ? {} : { tab: next as CaseFileTab },
      replace: true,
    });

  return (
    <AppPage title={item.patientName}>
      {back}
      {banner && <PatientBanner caseId={caseId} />}
      <CaseHeader item={item} flagsInBanner={banner} />
      <Tabs value={current} onValueChange={setTab} className="gap-4">
        {tabs.length > 1 && (
          // Ten tabs do not fit a phone: they wrap onto a second line rather than scroll the page sideways.
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
            {tabs.map((t) => (
              <TabsTrigger key={t} value={t} className="flex-none">
                {CASE_TAB_LABELS[t]}
              </TabsTrigger>
            ))}
          </TabsList>
        )}
        <TabsContent value="overview">
          <OverviewTab item={item} onOpenTab={setTab} />
        </TabsContent>
        {tabs.includes('team') && (
          <TabsContent value="team">
            <TeamTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('parties') && (
          <TabsContent value="parties">
            <PartiesTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('timeline') && (
          <TabsContent value="timeline">
            <TimelineTab caseId={caseId} />
          </TabsContent>
        )}
        {tabs.includes('notes') && (
          <TabsContent value="notes">
            <NotesTab caseId={caseId} />
          </TabsContent>
        )}
        {tabs.includes('results') && (
          <TabsContent value="results">
            <ResultsTab caseId={caseId} />
          </TabsContent>
        )}
        {tabs.includes('tasks') && (
          <TabsContent value="tasks">
            <TasksTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('appointments') && (
          <TabsContent value="appointments">
            <AppointmentsTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('documents') && (
          <TabsContent value="documents">
            <DocumentsTab caseId={caseId} />
          </TabsContent>
        )}
        {tabs.includes('time') && (
          <TabsContent value="time">
            <TimeTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('court') && (
          <TabsContent value="court">
            <CourtTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('experts') && (
          <TabsContent value="experts">
            <ExpertsTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('settlement') && (
          <TabsContent value="settlement">
            <SettlementTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('checklist') && (
          <TabsContent value="checklist">
            <ChecklistTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('hospital-records') && (
          <TabsContent value="hospital-records">
            <HospitalRecordsTab item={item} />
          </TabsContent>
        )}
        {tabs.includes('encounters') && (
          <TabsContent value="encounters">
            <EncountersTab caseId={caseId} />
          </TabsContent>
        )}
        {tabs.includes('charges') && (
          <TabsContent value="charges">
            <ChargesTab caseId={caseId} />
          </TabsContent>
        )}
        {tabs.includes('fees') && (
          <TabsContent value="fees">
            <FeesTab caseId={caseId} />
          </TabsContent>
        )}
        {tabs.includes('messages') && (
          <TabsContent value="messages">
            <MessagesTab item={item} />
          </TabsContent>
        )}
      </Tabs>
    </AppPage>
  );
}
