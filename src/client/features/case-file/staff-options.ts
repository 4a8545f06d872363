import { useQuery } from '@tanstack/react-query';
import type { TCaseTeam } from '../../../shared/domain/case-team';
import { isActiveStaff } from '../../../shared/domain/users';
import { can } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';

export interface StaffOption {
  userId: string;
  name: string;
  /** Their role in the organisation, to tell two people of one name apart. */
  role: string | null;
}

/**
 * Whom a case's team or a task can name: the organisation's active staff (users.list, for a role
 * with users.view), else the people already on the team and the caller — a role without the staff
 * list can still hand work to the team it works with. The server checks every id it is sent.
 */
export function useStaffOptions(team: TCaseTeam | undefined): {
  options: StaffOption[];
  complete: boolean;
  pending: boolean;
} {
  const identity = useIdentity();
  const trpc = useTRPC();
  const mayList = can(identity, 'users.view') && !identity.isSuperAdmin;
  const users = useQuery({
    ...trpc.users.list.queryOptions(),
    enabled: mayList,
  });
  if (mayList && users.data) {
    const options = users.data
      .filter(isActiveStaff)
      .map((u) => ({
        userId: u.id,
        name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
        role: u.role,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { options, complete: true, pending: false };
  }
  const byId = new Map<string, StaffOption>();
  for (const m of team?.members ?? []) byId.set(m.userId, { userId: m.userId, name: m.name, role: null });
  if (identity.userId && !byId.has(identity.userId))
    byId.set(identity.userId, {
      userId: identity.userId,
      name: `${identity.name} (you)`,
      role: identity.role,
    });
  return {
    options: [...byId.values()],
    complete: false,
    pending: mayList && users.isPending,
  };
}
