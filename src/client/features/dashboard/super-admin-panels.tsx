import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Building2, LifeBuoy, ScrollText, Settings, UserPlus, type LucideIcon } from 'lucide-react';
import type { TPlatformOrganization, TPlatformSupportRequest } from '../../../shared/domain/platform-overview';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { formatDate, relativeTime } from '../../../shared/format';
import { StatusBadge } from '../../components/data/status-badge';
import { priorityBadgeClass, statusBadgeClass } from '../../lib/support-tones';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

// The lists and links under the Super Admin's figures (SPEC §2.9).

const linkClass = 'shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline';

function Panel({ title, description, action, children }: { title: string; description: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;

/** Inactive, on a running trial, trial over, or a paying active organisation. */
function organizationState(org: TPlatformOrganization, now: string): { badge: string; note: string | null } {
  if (!org.isActive) return { badge: 'Inactive', note: null };
  if (org.trialEndsAt === null) return { badge: 'Active', note: null };
  return org.trialEndsAt > now
    ? { badge: 'Trial', note: `trial ends ${formatDate(org.trialEndsAt)}` }
    : { badge: 'Trial ended', note: `trial ended ${formatDate(org.trialEndsAt)}` };
}

export function OrganizationsPanel({ organizations }: { organizations: TPlatformOrganization[] }) {
  const now = new Date().toISOString();
  return (
    <Panel
      title="Organizations"
      description="Newest organisations on the platform"
      action={
        <Link to="/organizations" className={linkClass}>
          Manage
        </Link>
      }
    >
      {organizations.length === 0 ? (
        <Empty>No organizations yet</Empty>
      ) : (
        <ul className="divide-y" aria-label="Newest organizations">
          {organizations.map((org) => {
            const state = organizationState(org, now);
            return (
              <li key={org.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{org.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {PLATFORM_CONFIG[org.platform].name} · {org.memberCount} {org.memberCount === 1 ? 'member' : 'members'}
                    {state.note ? ` · ${state.note}` : ''}
                  </p>
                </div>
                <StatusBadge value={state.badge} />
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

export function SupportRequestsPanel({ requests }: { requests: TPlatformSupportRequest[] }) {
  return (
    <Panel title="Support Requests" description="Newest requests still open or in progress">
      {requests.length === 0 ? (
        <Empty>No open support requests</Empty>
      ) : (
        <ul className="divide-y" aria-label="Open support requests">
          {requests.map((request) => (
            <li key={request.id} className="grid gap-1.5 py-2.5 sm:flex sm:items-center sm:justify-between sm:gap-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{request.title}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {relativeTime(request.createdAt)} · {request.organizationName ?? 'Platform team'} · {request.category}
                </p>
              </div>
              <div className="flex shrink-0 gap-1.5">
                {/* SPEC §4 support colours (Open yellow, In Progress blue; Urgent red, High orange), as in Live Support. */}
                <span className={priorityBadgeClass(request.priority)}>{request.priority}</span>
                <span className={statusBadgeClass(request.status)}>{request.status}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

interface Action {
  label: string;
  description: string;
  icon: LucideIcon;
}

function ActionContent({ label, description, icon: Icon }: Action) {
  return (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="text-sm font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{description}</span>
      </span>
      <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
    </>
  );
}

const actionClass =
  'flex items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function PlatformActionsPanel() {
  return (
    <Panel title="Platform Administration" description="Screens for running the platform">
      <nav aria-label="Platform administration" className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-5">
        <Link to="/organizations" className={actionClass}>
          <ActionContent label="Manage Organizations" description="Add, edit and deactivate tenants" icon={Building2} />
        </Link>
        <Link to="/trial-signups" className={actionClass}>
          <ActionContent label="Trial Signups" description="Review trial requests" icon={UserPlus} />
        </Link>
        <Link to="/system-settings" className={actionClass}>
          <ActionContent label="System Settings" description="Platform configuration" icon={Settings} />
        </Link>
        {/* Analytics belongs to an organisation (the Super Admin has none): support requests instead. */}
        <Link to="/support" className={actionClass}>
          <ActionContent label="Support Requests" description="Answer members' support chats" icon={LifeBuoy} />
        </Link>
        <Link to="/audit" className={actionClass}>
          <ActionContent label="Audit Trail" description="Who did what, when, from where" icon={ScrollText} />
        </Link>
      </nav>
    </Panel>
  );
}
