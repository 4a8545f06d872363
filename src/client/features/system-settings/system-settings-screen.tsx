import { useQuery } from '@tanstack/react-query';
import { Mail, Users } from 'lucide-react';
import { can } from '../../../shared/roles';
import { relativeTime } from '../../../shared/format';
import { AppPage } from '../../components/shell/app-page';
import { ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { OutboxList } from './outbox-list';
import { PasswordResetCard } from './password-reset-card';
import { SystemOrganizationsTable } from './system-organizations-table';

/** /system-settings (Super Admin): organisations and trials, Super Admins online, e-mail mode and outbox. */
export function SystemSettingsScreen() {
  const identity = useIdentity();
  const allowed = can(identity, 'organizations.manage');
  const trpc = useTRPC();
  const overview = useQuery({ ...trpc.platform.systemOverview.queryOptions(), enabled: allowed });

  return (
    <AppPage title="System Settings" description="Organizations and trials, who is online, and the e-mail this server writes">
      {!allowed ? (
        <RestrictedState>Only super admins can see the system settings.</RestrictedState>
      ) : overview.isPending ? (
        <ListSkeleton label="Loading system settings" />
      ) : overview.isError ? (
        <ErrorState title="Could not load system settings" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-base">
                  <Users aria-hidden="true" className="size-4" />
                  Super admins online
                </CardTitle>
                <CardDescription>Seen in the last 5 minutes</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-2">
                <p className="text-3xl font-semibold tabular-nums">{overview.data.superUsersOnline.count}</p>
                <ul className="grid gap-1 text-sm">
                  {overview.data.superUsersOnline.users.map((user) => (
                    <li key={user.id} className="flex justify-between gap-2">
                      <span>
                        {user.name} <span className="text-muted-foreground">({user.email})</span>
                      </span>
                      <span className="text-muted-foreground">{relativeTime(user.lastSeenAt)}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-base">
                  <Mail aria-hidden="true" className="size-4" />
                  E-mail delivery
                </CardTitle>
                <CardDescription>From {overview.data.mail.from}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-2 text-sm">
                {overview.data.mail.mode === 'smtp' ? (
                  <p>
                    Sent over SMTP through <span className="font-medium">{overview.data.mail.host}</span>.
                  </p>
                ) : (
                  <p>
                    <span className="font-medium">Outbox only.</span> No SMTP server is configured (SMTP_URL), so messages are kept below: open one
                    to copy its text or invitation link and forward it by hand.
                  </p>
                )}
                <p className="text-muted-foreground">
                  {overview.data.outboxCounts.stored} stored · {overview.data.outboxCounts.sent} sent · {overview.data.outboxCounts.failed} failed
                </p>
              </CardContent>
            </Card>
          </div>
          <section aria-labelledby="system-organizations" className="grid gap-3">
            <h2 id="system-organizations" className="text-lg font-semibold">
              Organizations
            </h2>
            <SystemOrganizationsTable organizations={overview.data.organizations} />
          </section>
          <PasswordResetCard smtp={overview.data.mail.mode === 'smtp'} />
          <section aria-labelledby="system-outbox" className="grid gap-3">
            <h2 id="system-outbox" className="text-lg font-semibold">
              E-mail outbox
            </h2>
            <OutboxList smtp={overview.data.mail.mode === 'smtp'} />
          </section>
        </>
      )}
    </AppPage>
  );
}
