import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MailPlus, Users } from 'lucide-react';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { InvitationsTable } from './invitations-table';
import { MembersTable } from './members-table';
import { SharedLinkDialog } from './shared-link-dialog';
import { SignInSecurity } from './sign-in-security';
import { useUserActions } from './use-user-actions';

const TITLE = 'Users';

/** /users: the Administrator's members and invitations, with the seat count when the plan has a limit. */
export function UsersScreen() {
  const identity = useIdentity();
  if (!can(identity, 'users.manage')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only the organisation's Administrators can manage users and invitations.</RestrictedState>
      </AppPage>
    );
  }
  return <ManageUsers />;
}

function ManageUsers() {
  const trpc = useTRPC();
  const identity = useIdentity();
  const members = useQuery(trpc.users.list.queryOptions());
  const invitations = useQuery(trpc.users.invitations.queryOptions());
  const seats = useQuery(trpc.users.seats.queryOptions());
  const actions = useUserActions();

  const inviteButton = (
    <Button asChild>
      <Link to="/users/invite">
        <MailPlus aria-hidden="true" />
        Invite user
      </Link>
    </Button>
  );
  const seatLine = seats.data?.maxUsers != null ? `${seats.data.used} of ${seats.data.maxUsers} users` : null;

  return (
    <AppPage
      title={TITLE}
      description={
        <>
          Members of {identity.organizationName ?? 'your organisation'} and the invitations you have sent.
          {seatLine && (
            <>
              {' '}
              <strong className="font-medium text-foreground" data-testid="seat-usage">
                {seatLine}
              </strong>
              {seats.data?.plan === 'trial' ? ' on your trial.' : '.'}
            </>
          )}
        </>
      }
      actions={inviteButton}
    >
      <section aria-labelledby="members-heading" className="grid gap-3">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        {members.isPending ? (
          <ListSkeleton rows={4} label="Loading members" />
        ) : members.isError ? (
          <ErrorState title="Could not load members" error={members.error} onRetry={() => void members.refetch()} />
        ) : members.data.length === 0 ? (
          <EmptyState icon={Users} title="No members yet" action={inviteButton} />
        ) : (
          <MembersTable members={members.data} actions={actions} platform={identity.platform} selfId={identity.userId} mailServer={identity.mailServer} />
        )}
      </section>

      {can(identity, 'security.manage') && <SignInSecurity />}

      <section aria-labelledby="invitations-heading" className="grid gap-3">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        {invitations.isPending ? (
          <ListSkeleton rows={2} label="Loading invitations" />
        ) : invitations.isError ? (
          <ErrorState title="Could not load invitations" error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : invitations.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invitations waiting. Invited people appear here until they accept.</p>
        ) : (
          <InvitationsTable invitations={invitations.data} actions={actions} />
        )}
      </section>
      <SharedLinkDialog link={actions.shownLink} onClose={actions.closeLink} />
    </AppPage>
  );
}
