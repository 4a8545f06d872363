import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import type { TAccountSession } from '../../../shared/domain/account';
import { formatDateTime, relativeTime } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { forgetAuthToken } from '../../components/shell/sign-out';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { SettingsSection } from './settings-section';

// Every browser or device signed in to this account. Signing one out ends it on the server, so a
// lost phone or a shared ward PC stops working at its next request.

export function SessionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.account.sessions.queryOptions());
  const end = useMutation(
    trpc.account.endSession.mutationOptions({
      onSuccess: async (result) => {
        if (result.signedOut) {
          // This device's session is gone: leave with a full load so nothing of it stays cached.
          forgetAuthToken();
          window.location.assign('/login');
          return;
        }
        toast({ title: 'Session signed out', description: 'That device will have to sign in again.' });
        await queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() });
      },
      onError: (error) => toast({ title: 'Could not sign out the session', description: errorMessage(error), variant: 'destructive' }),
    }),
  );

  const columns: Column<TAccountSession>[] = [
    {
      header: 'Device',
      cell: (s) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{s.device}</span>
          {s.current && <Badge variant="accent">This device</Badge>}
        </span>
      ),
    },
    { header: 'Address', cell: (s) => s.ip ?? 'Unknown', className: 'tabular-nums' },
    { header: 'Last active', cell: (s) => <span title={formatDateTime(s.lastActiveAt)}>{relativeTime(s.lastActiveAt)}</span> },
    { header: 'Signed in', cell: (s) => formatDateTime(s.createdAt), className: 'hidden sm:table-cell' },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (s) => (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          onClick={() => end.mutate({ id: s.id })}
          aria-label={s.current ? 'Sign out this device' : `Sign out ${s.device}, last active ${relativeTime(s.lastActiveAt)}`}
        >
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      ),
    },
  ];

  return (
    <SettingsSection id="sessions" title="Active sessions" description="Where your account is signed in now. Sign out any device you do not recognise.">
      {sessions.isPending ? (
        <ListSkeleton rows={2} label="Loading your sessions" />
      ) : sessions.isError ? (
        <ErrorState title="Could not load your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <SimpleTable caption="Your signed-in sessions" columns={columns} rows={sessions.data} rowKey={(s) => s.id} stackOnPhone />
      )}
    </SettingsSection>
  );
}
