import type { TPlatform } from './platform';
import { PLATFORM_CONFIG } from './platform';
import { casesListPath } from './case-paths';

// The role catalogue (SPEC §6) and the ONE capability matrix. The server's capability guard and
// the client's navigation both read this file, so what a role is shown and what it may do cannot
// drift apart. Navigation follows Reading A of SPEC §2.8.

export const SUPER_ADMIN = 'Super Admin';

export const ORGANIZATION_ROLES = [
  // healthcare
  'Administrator', 'Clinical Staff', 'Diagnostic Services', 'Case Manager', 'Support Staff',
  'Ambulance Services', 'Nurse', 'Doctor', 'Patient', 'Security Guard', 'Hospital Cleaner', 'Kitchen Worker',
  // legal
  'Director', 'Legal Consultants', 'Admin Staff', 'Expert/Witness', 'Quality Assurance Team', 'Finance Staff',
  // medicolegal
  'Special Litigation Unit', 'Attorneys', 'Advocates',
] as const;

export type TOrganizationRole = (typeof ORGANIZATION_ROLES)[number];
export type TRole = TOrganizationRole | typeof SUPER_ADMIN;

/** SPEC §3.1 / §6: the role label used when none is known. */
export const DEFAULT_ROLE: TOrganizationRole = 'Support Staff';

export const CAPABILITIES = [
  'dashboard.view',
  'cases.view', 'cases.create', 'cases.update',
  'caseFile.view', // the case page's team, timeline, notes, tasks and documents (issue 18); not the portal's Patient
  'caseFile.write', // write notes, create and hand out tasks, change the team, upload documents on a case
  'people.view', // the person registry: names, contacts, and a person's cases (issue 19); ID numbers masked
  'people.idNumbers', // full SA ID numbers, and finding people by one (decision 0042); others see `550212 **** 08 6`
  'people.manage', // add and edit people of the registry (parties are added on a case with caseFile.write)
  'people.merge', // fold two records of the same person into one (Administrator)
  'search.use', // the header search over people, cases, documents and notes (each kind still needs its own read)
  'appointments.view', 'appointments.manage',
  'education.view', 'education.manage',
  'messages.use',
  'analytics.view', // the organisation's case trends, and one's own workload and hours
  'analytics.team', // figures about colleagues: per-person workload and hours (SPEC §6: Administrator, Super Admin)
  'crm.view', 'crm.manage',
  'beds.view', 'beds.manage',
  'legalDocuments.view', // list, upload and download the documents attached to cases
  'legalDocuments.delete',
  'costs.view', 'costs.manage', // hourly rates and case costs name every colleague's rate: Administrator only
  'timeEntries.record', // start and stop one's own time on a case of the organisation, and see one's own entries
  'users.view', 'users.manage',
  'billing.view', // the organisation's plan and monthly statement (SPEC §2.9: Administrator and Finance Staff)
  'support.use', 'support.manage',
  'organizations.manage',
  'patientPortal.view',
  'records.view', // staff reads of clinical records (test results); a Patient reads their own in the portal
  'records.write', // enter encounters, diagnoses, results and medications (issue 22): the clinicians
  'encounters.amendAny', // amend an encounter another clinician recorded (a Doctor corrects a registrar's coding)
  'notes.amendAny', // amend a note someone else wrote (the author left, or a correction the organisation must make)
  'cases.readRestricted', // read every restricted case without being on its team or breaking the glass (decision 0032)
  'admissions.manage', // admit a person to a bed, transfer, discharge (issue 22)
  'medications.prescribe', // start a medication: a prescription carries the prescriber's name and role (issue 31)
  'medications.administer', // record a dose given, or not given with the reason, against a prescription
  'results.release', // release a result to the patient's portal; results are held until a clinician does
  'icd10.manage', // import the organisation's ICD-10 code list (the Master Industry Table)
  'audit.view', // the organisation's audit trail and access reports (Super Admin: every organisation's)
  'security.manage', // organisation-wide sign-in rules, e.g. require two-factor sign-in
  'retention.manage', // de-identify closed cases whose retention period has passed
  'checklists.manage', // edit the organisation's compliance checklist templates (issue 20)
  'charges.record', // record what was done for a patient as billable charge lines (issue 33): the clinicians
  'accounts.manage', // make accounts from charges, submit claims, capture remittances and payments, read statements
  'billingSettings.manage', // the practice's BHF number, VAT number, banking details and practitioner numbers; a firm's VAT number and banking
  'fees.record', // record disbursements on a matter (time is timeEntries.record): fee-earners, and Admin Staff on their behalf (issue 34)
  'fees.view', // read a matter's work in progress, fee notes and ledgers — of the matters one works on, unless one also has fees.manage
  'fees.manage', // make and issue fee notes, credit notes and receipts, on every matter: Finance Staff and the Director
  'trust.manage', // move trust money (receipts, payments, transfers, investments) and reconcile the trust account: Finance Staff and the Director (issue 34)
] as const;

export type TCapability = (typeof CAPABILITIES)[number];

// The matrix is built from the work each role does (docs/decisions/0027-roles-per-platform.md).
// Where it departs from the samples of SPEC §2.8 / §6 (Reading A gave every role cases, records
// and CRM), the working product wins: least privilege for health data (POPIA special personal
// information), and no screen in a role's menu that then refuses them.

/** What every member who works in the organisation has: their dashboard, learning, mail, help and own time. */
const MEMBER: TCapability[] = ['dashboard.view', 'education.view', 'messages.use', 'support.use', 'timeEntries.record'];
/** Reading cases and the schedule (an appointment names the patient or client). */
const CASE_READ: TCapability[] = ['cases.view', 'appointments.view', 'search.use'];
/** Running cases: opening them, moving them on, booking and changing appointments. */
const CASE_WORK: TCapability[] = [...CASE_READ, 'cases.create', 'cases.update', 'appointments.manage', 'caseFile.view', 'caseFile.write', 'people.view', 'people.manage', 'people.idNumbers'];
/** The case team of a hospital: cases, clinical records and the ward's beds. */
const CARE_TEAM: TCapability[] = [...MEMBER, ...CASE_WORK, 'records.view', 'beds.view', 'analytics.view', 'crm.view'];
/** Lawyers: their cases, the documents on them, the figures of their practice; their own disbursements and their matters' fee notes. */
const LAWYER: TCapability[] = [...MEMBER, ...CASE_WORK, 'legalDocuments.view', 'analytics.view', 'crm.view', 'fees.record', 'fees.view'];

const MATRIX: Record<TOrganizationRole, readonly TCapability[]> = {
  // Every platform: the organisation's administrator.
  Administrator: [
    ...MEMBER, ...CASE_WORK, 'records.view', 'beds.view', 'beds.manage', 'legalDocuments.view', 'legalDocuments.delete',
    'analytics.view', 'analytics.team', 'crm.view', 'crm.manage', 'costs.view', 'costs.manage', 'users.view', 'users.manage',
    'education.manage', 'billing.view', 'audit.view', 'security.manage', 'retention.manage', 'people.merge', 'checklists.manage',
    'admissions.manage', 'icd10.manage', 'notes.amendAny', 'cases.readRestricted', 'accounts.manage', 'billingSettings.manage',
    'fees.view', // issue 34: the firm's billing details, and the fees of matters they are on
  ],

  // Healthcare: the care team.
  // Clinicians write the clinical record; the case manager reads it and runs admissions.
  // Only a Doctor prescribes and releases results (decision 0054); nurses and clinical staff give doses.
  // Clinicians record charges; the Administrator and the Case Manager bill them (issue 33, decision 0061:
  // no billing-clerk role is added).
  Doctor: [...CARE_TEAM, 'records.write', 'admissions.manage', 'encounters.amendAny', 'medications.prescribe', 'medications.administer', 'results.release', 'charges.record'],
  'Clinical Staff': [...CARE_TEAM, 'records.write', 'medications.administer', 'charges.record'],
  Nurse: [...CARE_TEAM, 'beds.manage', 'users.view', 'records.write', 'admissions.manage', 'medications.administer', 'charges.record'],
  'Case Manager': [...CARE_TEAM, 'admissions.manage', 'accounts.manage'],
  // Laboratory and imaging: read the case and its records, move it on, book tests; they do not open cases.
  // The full ID number identifies the patient on a laboratory or imaging request (decision 0042).
  'Diagnostic Services': [...MEMBER, ...CASE_READ, 'cases.update', 'appointments.manage', 'records.view', 'records.write', 'analytics.view', 'caseFile.view', 'caseFile.write', 'people.view', 'people.idNumbers', 'charges.record'],
  // Transport: who, where and when (cases and the schedule); not the clinical record.
  'Ambulance Services': [...MEMBER, ...CASE_READ],
  // Non-clinical hospital work: no case, appointment, record or bed (POPIA special personal information).
  // Support Staff is also the fallback for an unknown role (SPEC §6), so it must be the least privileged.
  'Support Staff': MEMBER,
  'Security Guard': MEMBER,
  'Hospital Cleaner': MEMBER,
  'Kitchen Worker': MEMBER,
  // The portal only; the REST case list answers their own case with the portal's fields.
  Patient: ['patientPortal.view', 'cases.view', 'support.use'],

  // Legal.
  // Finance Staff and the Director bill and receipt (issue 34); the Administrator sets the firm's billing details
  // (billingSettings.manage is also the healthcare practice's settings, which a Director — a demo role there too — does not read).
  Director: [...LAWYER, 'crm.manage', 'users.view', 'fees.manage', 'trust.manage'],
  'Legal Consultants': LAWYER,
  // Filing clerks of a practice: they open and file cases and documents.
  'Admin Staff': [...MEMBER, ...CASE_WORK, 'legalDocuments.view', 'crm.view', 'fees.record', 'fees.view'],
  // An outside expert reads the case and its documents and files a report; they do not run the practice's cases.
  'Expert/Witness': [...MEMBER, ...CASE_READ, 'legalDocuments.view', 'caseFile.view', 'people.view'],
  // Reviews the work: reads cases and documents and the practice's trends, changes nothing.
  'Quality Assurance Team': [...MEMBER, ...CASE_READ, 'legalDocuments.view', 'analytics.view', 'caseFile.view', 'people.view'],
  // Bills the clients: cases (whom to bill), the plan and statement; not colleagues' rates.
  'Finance Staff': [...MEMBER, 'cases.view', 'billing.view', 'analytics.view', 'crm.view', 'people.view', 'search.use', 'fees.record', 'fees.view', 'fees.manage', 'trust.manage'],

  // Medicolegal: lawyers who also read the medical records their cases rest on.
  'Special Litigation Unit': [...LAWYER, 'records.view'],
  Attorneys: [...LAWYER, 'records.view'],
  Advocates: [...LAWYER, 'records.view'],
};

const SUPER_ADMIN_CAPABILITIES: readonly TCapability[] = CAPABILITIES.filter((c) => c !== 'patientPortal.view');

export interface RoleHolder {
  role: string | null | undefined;
  isSuperAdmin?: boolean;
}

export function isOrganizationRole(role: string): role is TOrganizationRole {
  return (ORGANIZATION_ROLES as readonly string[]).includes(role);
}

export function capabilitiesOf(holder: RoleHolder): readonly TCapability[] {
  if (holder.isSuperAdmin || holder.role === SUPER_ADMIN) return SUPER_ADMIN_CAPABILITIES;
  const role = holder.role && isOrganizationRole(holder.role) ? holder.role : DEFAULT_ROLE;
  return MATRIX[role];
}

export function can(holder: RoleHolder, capability: TCapability): boolean {
  return capabilitiesOf(holder).includes(capability);
}

export interface NavItem {
  to: string;
  label: string;
  /** Items of the organisation's administration, shown under their own heading (issue 32). */
  section?: 'Administration';
}

/**
 * The roles an organisation of a platform may give its members (invitations, role changes). The
 * Administrator runs an organisation on every platform; medicolegal units also employ the roles of
 * a legal practice (experts, filing clerks, finance).
 */
const HEALTHCARE_ROLES: readonly TOrganizationRole[] = [
  'Administrator', 'Clinical Staff', 'Diagnostic Services', 'Case Manager', 'Support Staff', 'Ambulance Services', 'Nurse', 'Doctor',
  'Patient', 'Security Guard', 'Hospital Cleaner', 'Kitchen Worker',
];
const LEGAL_ROLES: readonly TOrganizationRole[] = [
  'Administrator', 'Director', 'Legal Consultants', 'Admin Staff', 'Expert/Witness', 'Quality Assurance Team', 'Finance Staff',
];
const ROLES_OF_PLATFORM: Record<TPlatform, readonly TOrganizationRole[]> = {
  healthcare: HEALTHCARE_ROLES,
  legal: LEGAL_ROLES,
  medicolegal: ['Administrator', 'Special Litigation Unit', 'Attorneys', 'Advocates', ...LEGAL_ROLES.filter((r) => r !== 'Administrator')],
};

export function rolesOfPlatform(platform: TPlatform): readonly TOrganizationRole[] {
  return ROLES_OF_PLATFORM[platform];
}

/** The Super Admin's own workspace: the screens that work without an organisation (no tenant errors). */
const SUPER_ADMIN_NAVIGATION: readonly NavItem[] = [
  { to: '/', label: 'Platform Overview' },
  { to: '/organizations', label: 'Organizations' },
  { to: '/trial-signups', label: 'Trial Sign-ups' },
  { to: '/contact-requests', label: 'Contact Requests' },
  { to: '/support', label: 'Support' },
  { to: '/system-settings', label: 'System Settings' },
  { to: '/audit', label: 'Audit' },
];

/**
 * The sidebar for a role on a platform (SPEC §2.8, shaped by the matrix: decision 0027). An item
 * shows only when the role may open the screen and read its data, so no item leads to a refusal;
 * labels use the platform's terminology.
 */
export function navigationFor(holder: RoleHolder, platform: TPlatform): NavItem[] {
  if (holder.isSuperAdmin || holder.role === SUPER_ADMIN) return [...SUPER_ADMIN_NAVIGATION];
  const config = PLATFORM_CONFIG[platform];
  if (can(holder, 'patientPortal.view') && !can(holder, 'dashboard.view')) return [{ to: '/', label: 'Patient Portal' }];
  const items: NavItem[] = [];
  const add = (allowed: boolean, item: NavItem) => {
    if (allowed) items.push(item);
  };
  add(can(holder, 'dashboard.view'), { to: '/', label: 'Dashboard' });
  // /tasks reads dashboard.tasks (dashboard.view): every member who has a dashboard has tasks (issue 32).
  add(can(holder, 'dashboard.view'), { to: '/tasks', label: 'Tasks' });
  add(can(holder, 'cases.view'), { to: casesListPath(platform), label: config.words.casesTitle });
  add(can(holder, 'people.view'), { to: '/people', label: 'People' });
  add(can(holder, 'appointments.view'), { to: '/schedule', label: 'Schedule' });
  add(can(holder, 'education.view'), { to: '/education', label: 'Education' });
  add(can(holder, 'messages.use'), { to: '/messages', label: 'Messages' });
  add(can(holder, 'timeEntries.record'), { to: '/my-time', label: 'My Time' });
  add(can(holder, 'beds.view') && config.features.bedManagement, { to: '/bed-management', label: 'Bed Management' });
  add(can(holder, 'beds.view') && config.features.bedManagement, { to: '/ward-census', label: 'Ward Census' });
  add(can(holder, 'legalDocuments.view') && config.features.legalDocuments, { to: '/legal-documents', label: 'Legal Documents' });
  add(can(holder, 'costs.view'), { to: '/cost-management', label: 'Cost Management' });
  add(can(holder, 'accounts.manage') && config.features.medicalAccounts, { to: '/accounts', label: 'Accounts' }); // issue 33
  add(can(holder, 'fees.manage') && config.features.feeNotes, { to: '/fees', label: 'Fees' }); // issue 34: the fee reports (a State unit's screen says it bills nobody)
  add(can(holder, 'trust.manage') && config.features.feeNotes, { to: '/trust', label: 'Trust account' }); // issue 34: the monthly reconciliation
  add(can(holder, 'analytics.view'), { to: '/analytics', label: 'Analytics' });
  add(can(holder, 'crm.view'), { to: '/crm', label: 'CRM Integration' });
  // The organisation's administration (issue 32), each screen only for the roles it opens to.
  const admin = (allowed: boolean, to: string, label: string) => add(allowed, { to, label, section: 'Administration' });
  admin(can(holder, 'users.manage'), '/users', 'Users');
  admin(can(holder, 'audit.view'), '/audit', 'Audit Trail');
  admin(can(holder, 'billing.view'), '/billing', 'Billing');
  admin(can(holder, 'retention.manage'), '/retention', 'Record Retention');
  return items;
}
