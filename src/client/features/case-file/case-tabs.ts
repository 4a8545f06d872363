import { PLATFORM_CONFIG, type TPlatform } from '../../../shared/platform';
import { can, type RoleHolder } from '../../../shared/roles';
import type { CaseFileTab } from '../../components/cases/case-link';

// The tabs of a case's page (issue 18) and who sees which. Everything past the overview is the case
// file (caseFile.view): Finance and Ambulance read the case itself, not its clinical or legal file.

export const CASE_FILE_TABS: readonly CaseFileTab[] = [
  'overview',
  'team',
  'parties',
  'timeline',
  'notes',
  'encounters',
  'results',
  'charges',
  'tasks',
  'appointments',
  'documents',
  'time',
  'fees',
  'messages',
  'court',
  'experts',
  'settlement',
  'checklist',
  'hospital-records',
];

export const CASE_TAB_LABELS: Record<CaseFileTab, string> = {
  overview: 'Overview',
  team: 'Team',
  parties: 'Parties',
  timeline: 'Timeline',
  notes: 'Notes',
  encounters: 'Encounters',
  results: 'Results & medications',
  charges: 'Charges',
  tasks: 'Tasks',
  appointments: 'Appointments',
  documents: 'Documents',
  time: 'Time & costs',
  fees: 'Fees',
  messages: 'Messages',
  court: 'Court',
  experts: 'Experts',
  settlement: 'Settlement',
  checklist: 'Checklist',
  'hospital-records': 'Hospital records',
};

/** Time is recorded in an organisation: not by the Super Admin, who has none of their own. */
export function mayRecordTimeOnCase(holder: RoleHolder): boolean {
  return !holder.isSuperAdmin && can(holder, 'timeEntries.record');
}

/** Litigation tabs (issue 20) follow the platform's flags (SPEC §3.6). */
const TAB_FEATURES: Partial<Record<CaseFileTab, keyof (typeof PLATFORM_CONFIG)[TPlatform]['features']>> = {
  court: 'courtCases',
  experts: 'expertWitness',
  settlement: 'courtCases',
  checklist: 'compliance',
  'hospital-records': 'hospitalRecords', // issue 22: medicolegal only
  charges: 'medicalAccounts', // issue 33: healthcare only
  fees: 'feeNotes', // issue 34: the legal platforms (the case page hides it where the organisation bills nobody)
};

/** Issue 34: a matter's fees are read by fee-earners and by Finance, who does not read the case file. */
function readsFees(holder: RoleHolder & { platform: TPlatform }): boolean {
  return can(holder, 'fees.view') && PLATFORM_CONFIG[holder.platform].features.feeNotes;
}

export function visibleCaseTabs(holder: RoleHolder & { platform: TPlatform }): CaseFileTab[] {
  if (!can(holder, 'caseFile.view')) return readsFees(holder) ? ['overview', 'fees'] : ['overview'];
  return CASE_FILE_TABS.filter((tab) => {
    const feature = TAB_FEATURES[tab];
    if (feature && !PLATFORM_CONFIG[holder.platform].features[feature]) return false;
    if (tab === 'appointments') return can(holder, 'appointments.view');
    if (tab === 'time') return mayRecordTimeOnCase(holder) || can(holder, 'costs.view');
    if (tab === 'messages') return can(holder, 'messages.use');
    // Issue 22: a hospital's clinical record (a medicolegal case holds received hospital records instead).
    if (tab === 'encounters') return holder.platform === 'healthcare' && can(holder, 'records.view');
    // Issue 22: clinical results are entered on the hospital's platform (records.view to read them).
    if (tab === 'results') return holder.platform === 'healthcare' && can(holder, 'records.view');
    if (tab === 'hospital-records') return can(holder, 'records.view');
    // Issue 33: the case's charges, read by whoever reads records (recording needs charges.record).
    if (tab === 'charges') return can(holder, 'records.view');
    if (tab === 'fees') return readsFees(holder);
    return true;
  });
}

/** A hand-edited ?tab= that is no tab (or one the role lacks) opens the overview. */
export function tabOrOverview(tab: string | undefined, visible: readonly CaseFileTab[]): CaseFileTab {
  return visible.find((t) => t === tab) ?? 'overview';
}
