import { ChevronRight } from 'lucide-react';
import type { TDashboardVariant } from '../../../shared/dashboard-variants';
import { PLATFORM_CONFIG, type TPlatform } from '../../../shared/platform';
import { type RoleHolder, type TCapability, can } from '../../../shared/roles';
import { DashboardPanel } from './dashboard-panel';
import { type LinkTarget, TargetLink } from './target-link';

// SPEC §2.9 quick links, per dashboard. A link shows only when the person may open what it leads to
// (the capability matrix of src/shared/roles.ts), so no one is sent to an 'access restricted' page.
// Routes the app has are client-side <Link>s; the few §2.1 screens still to come are plain links.

interface QuickLink {
  label: string;
  detail: string;
  target: LinkTarget;
  allowed: (holder: RoleHolder, platform: TPlatform) => boolean;
}

const needs = (capability: TCapability) => (holder: RoleHolder) => can(holder, capability);

const CASES: QuickLink = { label: 'Patient Cases', detail: 'Search and update cases', target: { to: '/patients' }, allowed: needs('cases.view') };
// A law firm's and a State unit's matters (issue 32: the legal platforms speak law, at /clients).
const MATTERS: QuickLink = { label: 'Matters', detail: 'Search and update matters', target: { to: '/clients' }, allowed: needs('cases.view') };
const BEDS: QuickLink = {
  label: 'Bed Management', detail: 'Occupancy by ward', target: { to: '/bed-management' },
  allowed: (holder, platform) => can(holder, 'beds.view') && PLATFORM_CONFIG[platform].features.bedManagement,
};
const MESSAGES: QuickLink = { label: 'Messages', detail: 'Your inbox', target: { to: '/messages' }, allowed: needs('messages.use') };
const SCHEDULE: QuickLink = { label: 'Schedule', detail: 'Appointments and bookings', target: { to: '/schedule' }, allowed: needs('appointments.view') };
const ANALYTICS: QuickLink = { label: 'Analytics', detail: 'Trends and team performance', target: { to: '/analytics' }, allowed: needs('analytics.view') };
const ORGANIZATIONS: QuickLink = { label: 'Organizations', detail: 'Manage organisations', target: { to: '/organizations' }, allowed: needs('organizations.manage') };
const COSTS: QuickLink = { label: 'Cost Management', detail: 'Rates and case costs', target: { to: '/cost-management' }, allowed: needs('costs.view') };
const CRM: QuickLink = { label: 'CRM Integration', detail: 'Connected systems', target: { to: '/crm' }, allowed: needs('crm.view') };
const USERS: QuickLink = { label: 'Users', detail: 'Members and roles', target: { to: '/users' }, allowed: needs('users.manage') };
const INVITE: QuickLink = { label: 'Invite User', detail: 'Add a team member', target: { to: '/users/invite' }, allowed: needs('users.manage') };
const SETTINGS: QuickLink = { label: 'Settings', detail: 'Profile and password', target: { to: '/settings' }, allowed: () => true };
const BILLING: QuickLink = { label: 'Billing', detail: 'Plan and monthly statement', target: { to: '/billing' }, allowed: needs('billing.view') };
const SUPPORT: QuickLink = { label: 'Support Tickets', detail: 'Your support requests', target: { to: '/support' }, allowed: needs('support.use') };
const TASKS: QuickLink = { label: 'Tasks', detail: 'Everything waiting on you', target: { to: '/tasks' }, allowed: needs('dashboard.view') };
const AUDIT: QuickLink = { label: 'Audit Trail', detail: 'Who read or changed what', target: { to: '/audit' }, allowed: needs('audit.view') };
const RETENTION: QuickLink = { label: 'Record Retention', detail: 'De-identify old closed cases', target: { to: '/retention' }, allowed: needs('retention.manage') };

const LINKS: Record<Exclude<TDashboardVariant, 'superAdmin'>, (platform: TPlatform) => QuickLink[]> = {
  clinical: () => [CASES, BEDS, MESSAGES, SCHEDULE, ANALYTICS],
  diagnostic: () => [CASES, BEDS, MESSAGES, SCHEDULE, ANALYTICS],
  legal: (platform) => [platform === 'healthcare' ? CASES : MATTERS, ANALYTICS, ORGANIZATIONS, COSTS, SCHEDULE, MESSAGES, CRM],
  operations: (platform) => [
    platform === 'healthcare' ? CASES : MATTERS, USERS, INVITE, SETTINGS, BILLING, MESSAGES, SCHEDULE, SUPPORT, ANALYTICS, TASKS, AUDIT, RETENTION,
  ],
};

export function quickLinksFor(variant: Exclude<TDashboardVariant, 'superAdmin'>, holder: RoleHolder, platform: TPlatform): QuickLink[] {
  return LINKS[variant](platform).filter((link) => link.allowed(holder, platform));
}

const itemClass =
  'flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function Item({ link }: { link: QuickLink }) {
  const body = (
    <>
      <span className="grid min-w-0">
        <span className="truncate text-sm font-medium">{link.label}</span>
        <span className="truncate text-xs text-muted-foreground">{link.detail}</span>
      </span>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </>
  );
  return (
    <TargetLink target={link.target} className={itemClass}>
      {body}
    </TargetLink>
  );
}

export function QuickLinksPanel({ links, title = 'Quick Links' }: { links: QuickLink[]; title?: string }) {
  return (
    <DashboardPanel title={title}>
      <nav aria-label={title}>
        <ul className="grid gap-2 sm:grid-cols-2">
          {links.map((link) => (
            <li key={link.label}>
              <Item link={link} />
            </li>
          ))}
        </ul>
      </nav>
    </DashboardPanel>
  );
}
