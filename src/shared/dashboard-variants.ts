import type { TPlatform } from './platform';
import { SUPER_ADMIN } from './roles';

// SPEC §2.9: the dashboard view is picked by role and platform. Server and client both read this
// file — the server to decide which figures a role may be sent (revenue), the client to pick the
// layout — so the two cannot disagree.
//
// Two readings we took where §2.9 is silent (docs/decisions/0009-dashboard-variants.md):
// - Doctor and Nurse are clinical staff: on a healthcare platform they get the clinical view.
// - The clinical and diagnostic views exist only on healthcare; a clinical role elsewhere gets the
//   operations view. The legal view is kept on every platform (a hospital's Director sees it with
//   'Schedule' instead of 'Court Schedule' and without documents, which healthcare has switched off).

export type TDashboardVariant = 'superAdmin' | 'clinical' | 'diagnostic' | 'legal' | 'operations';

const CLINICAL_ROLES = new Set(['Clinical Staff', 'Doctor', 'Nurse']);
const LEGAL_ROLES = new Set(['Director', 'Legal Consultants', 'Special Litigation Unit', 'Attorneys', 'Advocates']);
/** §2.9: billable hours show for Legal Consultants, Attorneys and Advocates. */
const BILLABLE_ROLES = new Set(['Legal Consultants', 'Attorneys', 'Advocates']);
/** §2.9: Administrator and Finance Staff see revenue and billing. */
const REVENUE_ROLES = new Set(['Administrator', 'Finance Staff']);

interface Holder {
  role: string;
  isSuperAdmin?: boolean;
}

export function dashboardVariantOf(holder: Holder, platform: TPlatform): TDashboardVariant {
  if (holder.isSuperAdmin || holder.role === SUPER_ADMIN) return 'superAdmin';
  if (platform === 'healthcare' && CLINICAL_ROLES.has(holder.role)) return 'clinical';
  if (platform === 'healthcare' && holder.role === 'Diagnostic Services') return 'diagnostic';
  if (LEGAL_ROLES.has(holder.role)) return 'legal';
  return 'operations';
}

export const showsBillableHours = (holder: Holder): boolean => BILLABLE_ROLES.has(holder.role);

export const seesRevenue = (holder: Holder): boolean =>
  !!holder.isSuperAdmin || holder.role === SUPER_ADMIN || REVENUE_ROLES.has(holder.role);
