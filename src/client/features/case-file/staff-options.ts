import { useQuery } from '@tanstack/react-query';
import type { TCaseTeam } from '../../../shared/domain/case-team';
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
 * Whom a case's team or a task can name: the organisation's staff who can open a case file
 * (caseTeam.candidates, for anyone who may change the file). Until that answers, or for a role that
 * only reads the file, the people already on the team and the caller. The server checks every id.
 */
export function useStaffOptions(caseId: string, team: TCaseTeam | undefined): {
  options: StaffOption[];
  complete: boolean;
  pending: boolean;
} {
  const identity = useIdentity();
  const trpc = useTRPC();
  const mayList = can(identity, 'caseFile.write');
  const candidates = useQuery({ ...trpc.caseTeam.candidates.queryOptions({ id: caseId }), enabled: mayList });
  if (mayList && candidates.data) {
    const options = candidates.data.items.map((c) => ({ ...c, name: c.userId === identity.userId ? `${c.name} (you)` : c.name }));
    return { options, complete: true, pending: false };
  }
  const byId = new Map<string, StaffOption>();
  for (const m of team?.members ?? []) byId.set(m.userId, { userId: m.userId, name: m.name, role: null });
  if (identity.userId && !byId.has(identity.userId)) {
    byId.set(identity.userId, { userId: identity.userId, name: `${identity.name} (you)`, role: identity.role });
  }
  return { options: [...byId.values()], complete: false, pending: mayList && candidates.isPending };
}
