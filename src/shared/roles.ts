import type { TPlatform } from './platform';
import { PLATFORM_CONFIG } from './platform';

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
  'appointments.view', 'appointments.manage',
  'education.view', 'education.manage',
  'messages.use',
  'analytics.view',
  'crm.view', 'crm.manage',
  'beds.view', 'beds.manage',
  'legalDocuments.view', // list, upload and download the documents attached to cases
  'legalDocuments.delete',
  'costs.open', // may open the Cost Management screen (Reading A); its data needs costs.view
  'costs.view', 'costs.manage',
  'timeEntries.record', // start and stop one's own time on a case of the organisation
  'users.view', 'users.manage',
  'billing.view', // the organisation's plan and monthly statement (SPEC §2.9: Administrator and Finance Staff)
  'support.use', 'support.manage',
  'organizations.manage',
  'patientPortal.view',
  'records.view', // staff reads of clinical records (test results); a Patient reads their own in the portal
  'audit.view', // the organisation's audit trail and access reports (Super Admin: every organisation's)
  'security.manage', // organisation-wide sign-in rules, e.g. require two-factor sign-in
  'retention.manage', // de-identify closed cases whose retention period has passed
] as const;

export type TCapability = (typeof CAPABILITIES)[number];

const STAFF: TCapability[] = [
  'dashboard.view', 'cases.view', 'cases.create', 'cases.update', 'appointments.view', 'appointments.manage',
  'education.view', 'messages.use', 'analytics.view', 'crm.view', 'support.use', 'timeEntries.record',
  'records.view',
];

// Administrator, Nurse and Director get the platform-dependent extras (Reading A).
const EXTRAS: TCapability[] = ['beds.view', 'legalDocuments.view', 'costs.open'];

const MATRIX: Record<TOrganizationRole, readonly TCapability[]> = {
  Administrator: [
    ...STAFF, ...EXTRAS, 'beds.manage', 'costs.view', 'costs.manage', 'users.view', 'users.manage', 'education.manage', 'crm.manage',
    'billing.view', 'legalDocuments.delete', 'audit.view', 'security.manage', 'retention.manage',
  ],
  Nurse: [...STAFF, ...EXTRAS, 'beds.manage', 'users.view'],
  Director: [...STAFF, ...EXTRAS, 'crm.manage', 'users.view'],
  'Clinical Staff': STAFF,
  'Diagnostic Services': STAFF,
  'Case Manager': STAFF,
  'Support Staff': STAFF,
  'Ambulance Services': STAFF,
  Doctor: STAFF,
  'Security Guard': STAFF,
  'Hospital Cleaner': STAFF,
  'Kitchen Worker': STAFF,
  'Legal Consultants': STAFF,
  'Admin Staff': STAFF,
  'Expert/Witness': STAFF,
  'Quality Assurance Team': STAFF,
  'Finance Staff': [...STAFF, 'billing.view'],
  'Special Litigation Unit': STAFF,
  Attorneys: STAFF,
  Advocates: STAFF,
  Patient: ['patientPortal.view', 'cases.view', 'support.use'],
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
}

/** The sidebar of SPEC §2.8 for a role on a platform; labels use the platform's terminology. */
export function navigationFor(holder: RoleHolder, platform: TPlatform): NavItem[] {
  const config = PLATFORM_CONFIG[platform];
  if (can(holder, 'patientPortal.view') && !can(holder, 'dashboard.view')) return [{ to: '/', label: 'Patient Portal' }];
  const caseLabel = config.caseTerminology === 'patient' ? 'Patient Cases' : 'Client Cases';
  const items: NavItem[] = [
    { to: '/', label: 'Dashboard' },
    { to: '/patients', label: caseLabel },
    { to: '/schedule', label: 'Schedule' },
    { to: '/education', label: 'Education' },
    { to: '/messages', label: 'Messages' },
  ];
  if (can(holder, 'organizations.manage')) items.push({ to: '/organizations', label: 'Organizations' });
  if (can(holder, 'beds.view') && config.features.bedManagement) items.push({ to: '/bed-management', label: 'Bed Management' });
  if (can(holder, 'legalDocuments.view') && config.features.legalDocuments) items.push({ to: '/legal-documents', label: 'Legal Documents' });
  if (can(holder, 'costs.open')) items.push({ to: '/cost-management', label: 'Cost Management' });
  if (can(holder, 'analytics.view')) items.push({ to: '/analytics', label: 'Analytics' });
  if (can(holder, 'crm.view')) items.push({ to: '/crm', label: 'CRM Integration' });
  return items;
}
