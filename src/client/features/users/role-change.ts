import { type TCapability, CAPABILITIES, capabilitiesOf } from '../../../shared/roles';

// Issue 32: a role change that grants more rights is confirmed first, naming in plain words what the
// member gains (and loses), read from the one capability matrix (shared/roles.ts).

/** What each capability lets a member do, as a sentence part after "will be able to". */
export const CAPABILITY_WORDS: Partial<Record<TCapability, string>> = {
  'dashboard.view': 'see the dashboard and their tasks',
  'cases.view': "see the organisation's cases",
  'cases.create': 'open new cases',
  'cases.update': 'change cases',
  'caseFile.view': 'read case files: team, timeline, notes, tasks and documents',
  'caseFile.write': 'write notes and tasks, change case teams and upload documents',
  'people.view': 'look people up in the registry',
  'people.idNumbers': 'see full ID numbers',
  'people.manage': 'add and edit people',
  'people.merge': 'merge duplicate people',
  'search.use': 'search people, cases and documents',
  'appointments.view': 'see the schedule',
  'appointments.manage': 'book and change appointments',
  'education.view': 'read the education resources',
  'education.manage': 'add and change education resources',
  'messages.use': 'send and read messages',
  'analytics.view': 'see analytics',
  'analytics.team': "see colleagues' workload and hours",
  'crm.view': 'see the CRM integrations',
  'crm.manage': 'set up CRM integrations',
  'beds.view': 'see the beds',
  'beds.manage': 'assign and release beds',
  'legalDocuments.view': 'read and upload documents on cases',
  'legalDocuments.delete': 'delete documents',
  'costs.view': "see hourly rates and case costs",
  'costs.manage': 'set hourly rates and case costs',
  'timeEntries.record': 'record their own time',
  'users.view': 'see the list of members',
  'users.manage': 'invite members, change roles and reset passwords',
  'billing.view': 'see the plan and the monthly statement',
  'support.use': 'ask the support team for help',
  'support.manage': 'answer support requests',
  'organizations.manage': 'manage organisations',
  'patientPortal.view': 'use the patient portal',
  'records.view': 'read clinical records',
  'records.write': 'write clinical records: encounters, diagnoses, results',
  'encounters.amendAny': "amend other clinicians' encounters",
  'notes.amendAny': "amend other people's notes",
  'cases.readRestricted': 'read restricted cases without breaking the glass',
  'admissions.manage': 'admit, transfer and discharge patients',
  'medications.prescribe': 'prescribe medication',
  'medications.administer': 'record doses given',
  'results.release': 'release results to the patient portal',
  'icd10.manage': 'import the ICD-10 code list',
  'audit.view': 'read the audit trail',
  'security.manage': 'set the sign-in rules for everyone',
  'retention.manage': 'de-identify closed cases past their retention period',
  'checklists.manage': 'edit the checklist templates',
  'charges.record': 'record charges on patients’ accounts',
  'accounts.manage': 'make accounts, submit claims and take payments',
  'billingSettings.manage': 'set the practice’s billing details',
  'fees.record': 'record disbursements on matters',
  'fees.view': 'read the fee notes of the matters they work on',
  'fees.manage': 'bill clients: fee notes, credit notes and receipts',
  'trust.manage': 'move trust money and reconcile the trust account',
};

/** The words for a capability; a capability added without words reads as its code, spaced. */
export function capabilityWords(capability: TCapability): string {
  return CAPABILITY_WORDS[capability] ?? capability.replace(/[.]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export interface RoleChange {
  /** What the new role may do that the old one may not, in the matrix's order. */
  gains: TCapability[];
  losses: TCapability[];
}

export function roleChange(from: string, to: string): RoleChange {
  const before = new Set(capabilitiesOf({ role: from }));
  const after = new Set(capabilitiesOf({ role: to }));
  return {
    gains: CAPABILITIES.filter((c) => after.has(c) && !before.has(c)),
    losses: CAPABILITIES.filter((c) => before.has(c) && !after.has(c)),
  };
}

/** Roles that name a group, not one person: "a member of Clinical Staff". */
const GROUP_ROLES = new Set(['Clinical Staff', 'Support Staff', 'Admin Staff', 'Finance Staff', 'Diagnostic Services', 'Ambulance Services', 'Quality Assurance Team', 'Special Litigation Unit']);
/** Plural role names and their singular. */
const SINGULAR: Record<string, string> = { 'Legal Consultants': 'Legal Consultant', Attorneys: 'Attorney', Advocates: 'Advocate' };

/** "a Doctor", "an Administrator", "a member of Clinical Staff", "an Attorney". */
export function roleWithArticle(role: string): string {
  if (GROUP_ROLES.has(role)) return `a member of ${role}`;
  const one = SINGULAR[role] ?? role;
  return `${/^[AEIOU]/i.test(one) ? 'an' : 'a'} ${one}`;
}
