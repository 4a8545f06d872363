import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { isActiveStaff } from '../../../shared/domain/users';
import { fullName } from '../../../shared/format';
import { StatusBadge } from '../../components/data/status-badge';
import { useTRPC } from '../../trpc';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

const SHOWN = 6;

/** SPEC §2.9: the Administrator's user list and user management links. */
export function TeamPanel() {
  const trpc = useTRPC();
  const members = useQuery(trpc.users.list.queryOptions());
  return (
    <DashboardPanel title="User Management" description="Members of your organisation">
      <PanelQuery query={members} what="the members">
        {(rows) => (
          <div className="grid gap-3">
            {rows.length === 0 ? (
              <PanelEmpty>No members yet</PanelEmpty>
            ) : (
              <ul className="divide-y" aria-label="Members">
                {rows.slice(0, SHOWN).map((member) => (
                  <li key={member.id} className="flex items-center justify-between gap-3 py-2.5">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{fullName(member.firstName, member.lastName) ?? member.email}</p>
                      <p className="truncate text-xs text-muted-foreground">{member.role}</p>
                    </div>
                    <StatusBadge value={member.status === 'active' && member.isActive ? 'Active' : 'Inactive'} />
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-muted-foreground">
              {/* The same count as the Total Users card (issue 17). */}
              <span data-testid="active-staff-count">{rows.filter(isActiveStaff).length} active staff</span> ·{' '}
              <Link to="/users" className="font-medium text-primary underline-offset-4 hover:underline">
                Manage users
              </Link>{' '}
              ·{' '}
              <Link to="/users/invite" className="font-medium text-primary underline-offset-4 hover:underline">
                Invite a user
              </Link>
            </p>
          </div>
        )}
      </PanelQuery>
    </DashboardPanel>
  );
}
