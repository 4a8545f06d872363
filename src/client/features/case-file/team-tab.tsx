import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { CASE_TEAM_ROLES, CASE_TEAM_ROLES_BY_PLATFORM, type TCaseTeam, type TCaseTeamRole } from '../../../shared/domain/case-team';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { conflictCurrent } from './case-errors';
import { teamQuery } from './case-queries';
import { useStaffOptions } from './staff-options';

// The team of a case (issue 18): any number of people, each with a role on the case. A change PUTs
// the whole list with the version the person saw, so two editors cannot silently undo each other.

export function TeamTab({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const team = useQuery(teamQuery(trpc, item.id));
  const mayEdit = can(identity, 'caseFile.write');
  if (team.isPending) return <ListSkeleton rows={3} label="Loading the team" />;
  if (team.isError) return <ErrorState title="Could not load the team" error={team.error} onRetry={() => void team.refetch()} />;
  return (
    <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
      <TeamList caseId={item.id} team={team.data} mayEdit={mayEdit} />
      {mayEdit && <AddMember caseId={item.id} team={team.data} />}
    </div>
  );
}

function usePutTeam(caseId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.caseTeam.put.mutationOptions({
      onSuccess: (team) => {
        queryClient.setQueryData(teamQuery(trpc, caseId).queryKey, team);
        // The case's version and its three §3.2 slots moved with the team; the timeline has the change.
        void queryClient.invalidateQueries({ queryKey: trpc.cases.pathKey() });
        void queryClient.invalidateQueries({
          queryKey: trpc.timeline.pathKey(),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.dashboard.pathKey(),
        });
      },
      onError: (error) => {
        const current = conflictCurrent<TCaseTeam>(error);
        if (current) {
          queryClient.setQueryData(teamQuery(trpc, caseId).queryKey, current);
          toast({
            title: 'Changed by someone else',
            description: 'The team was changed meanwhile; it is reloaded. Make your change again.',
            variant: 'destructive',
          });
          return;
        }
        toast({
          title: 'Could not change the team',
          description: errorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );
}

const asInput = (team: TCaseTeam) => team.members.map((m) => ({ userId: m.userId, roleOnCase: m.roleOnCase }));

function TeamList({ caseId, team, mayEdit }: { caseId: string; team: TCaseTeam; mayEdit: boolean }) {
  const put = usePutTeam(caseId);
  if (team.members.length === 0) {
    return (
      <EmptyState icon={Users} title="No team yet">
        {mayEdit ? 'Add the people who work on this case and their role on it.' : 'Nobody is on this case’s team yet.'}
      </EmptyState>
    );
  }
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          Team
        </CardTitle>
        <CardDescription>
          {team.members.length === 1 ? 'One person works on this case.' : `${team.members.length} people work on this case.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <ul className="divide-y" aria-label="Team members">
          {team.members.map((member, index) => (
            <li key={`${member.userId}-${member.roleOnCase}`} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="min-w-0">
                <span className="font-medium">{member.name}</span>
                <span className="block text-sm text-muted-foreground">{member.roleLabel}</span>
              </span>
              {mayEdit && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={put.isPending}
                  aria-label={`Remove ${member.name} (${member.roleLabel}) from the team`}
                  onClick={() =>
                    put.mutate({
                      id: caseId,
                      expectedVersion: team.version,
                      members: asInput(team).filter((_, i) => i !== index),
                    })
                  }
                >
                  <UserMinus aria-hidden="true" /> Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function AddMember({ caseId, team }: { caseId: string; team: TCaseTeam }) {
  const identity = useIdentity();
  const put = usePutTeam(caseId);
  const staff = useStaffOptions(caseId, team);
  const roles = CASE_TEAM_ROLES_BY_PLATFORM[identity.platform];
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<TCaseTeamRole | ''>('');
  const ids = { person: useId(), role: useId() };
  const already = team.members.some((m) => m.userId === userId && m.roleOnCase === role);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!userId || !role || already) return;
    put.mutate(
      {
        id: caseId,
        expectedVersion: team.version,
        members: [...asInput(team), { userId, roleOnCase: role }],
      },
      {
        onSuccess: () => {
          setUserId('');
          setRole('');
          toast({
            title: 'Team updated',
            description: 'The person was added to the case.',
          });
        },
      },
    );
  };

  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          Add a member
        </CardTitle>
        <CardDescription>
          {staff.complete
            ? 'Anyone on the staff of your organisation, with their role on this case.'
            : 'Loading your colleagues… meanwhile you can give people already on the team another role, or add yourself.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <form onSubmit={submit} className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.person}>Person</Label>
            <Select value={userId} onValueChange={setUserId}>
              <SelectTrigger id={ids.person} className="w-full">
                <SelectValue placeholder={staff.pending ? 'Loading...' : 'Choose a person'} />
              </SelectTrigger>
              <SelectContent>
                {staff.options.map((option) => (
                  <SelectItem key={option.userId} value={option.userId}>
                    {option.name}
                    {option.role ? ` · ${option.role}` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.role}>Role on the case</Label>
            <Select value={role} onValueChange={(value) => setRole(value as TCaseTeamRole)}>
              <SelectTrigger id={ids.role} className="w-full">
                <SelectValue placeholder="Choose a role" />
              </SelectTrigger>
              <SelectContent>
                {roles.map((r) => (
                  <SelectItem key={r} value={r}>
                    {CASE_TEAM_ROLES[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {already && <p className="text-sm text-muted-foreground">This person already has that role on the case.</p>}
          <Button type="submit" className="w-fit" disabled={!userId || !role || already || put.isPending}>
            <UserPlus aria-hidden="true" /> {put.isPending ? 'Saving...' : 'Add to team'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
