import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Copy, Link2Off, RefreshCw } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { SettingsSection } from './settings-section';

// "Calendar on your phone" (issue 21): a private .ics address of one's own appointments, for the
// calendar app on a phone. The server keeps only the token's hash, so the address is shown once,
// when made; making another replaces it, and revoking it stops it at once.

export function CalendarFeedSection() {
  const identity = useIdentity();
  // The Super Admin has no organisation, so no schedule of their own.
  if (identity.isSuperAdmin || !can(identity, 'appointments.view')) return null;
  return (
    <SettingsSection
      id="calendar-feed"
      title="Calendar on your phone"
      description="Subscribe to your appointments in the calendar app on your phone or computer (Google Calendar, Apple Calendar, Outlook). They update there by themselves."
    >
      <CalendarFeed />
    </SettingsSection>
  );
}

function CalendarFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.calendarFeed.status.queryOptions());
  const [url, setUrl] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.calendarFeed.status.queryKey() });
  const create = useMutation(
    trpc.calendarFeed.create.mutationOptions({
      onSuccess: async (result) => {
        setUrl(result.url);
        await refresh();
      },
      onError: (error) => toast({ title: 'Could not make the link', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  const revoke = useMutation(
    trpc.calendarFeed.revoke.mutationOptions({
      onSuccess: async () => {
        setUrl(null);
        setConfirmRevoke(false);
        toast({ title: 'Link revoked', description: 'Calendar apps using it no longer get your appointments.' });
        await refresh();
      },
      onError: (error) => toast({ title: 'Could not revoke the link', description: errorMessage(error), variant: 'destructive' }),
    }),
  );

  if (status.isPending) return <ListSkeleton rows={1} label="Loading your calendar link" />;
  if (status.isError) return <ErrorState title="Could not load your calendar link" error={status.error} onRetry={() => void status.refetch()} />;
  const { active, createdAt } = status.data;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it where your calendar app asks for a calendar address (subscribe by URL).' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="calendar-feed-state">
        {active ? (
          <>
            <Badge variant="accent">Active</Badge>
            <span>Your private link is active since {formatDateTime(createdAt)}.</span>
          </>
        ) : (
          <>
            <Badge variant="outline">Off</Badge>
            <span>You have no private calendar link.</span>
          </>
        )}
      </p>

      {url && (
        <div className="grid gap-2">
          <Label htmlFor="calendar-feed-url">Your private calendar link</Label>
          <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
            <Input id="calendar-feed-url" readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">It is shown only now: copy it into your calendar app. If you lose it, make a new one.</p>
        </div>
      )}

      <Alert>
        <AlertDescription>
          Anyone with the link sees your appointments — their titles, times and places. Keep it to yourself, and revoke it if it may have been shared.
        </AlertDescription>
      </Alert>

      <div className="flex flex-wrap gap-2">
        {active ? (
          <>
            <Button variant="outline" disabled={create.isPending} onClick={() => create.mutate()}>
              <RefreshCw aria-hidden="true" />
              Make a new link
            </Button>
            <Button variant="destructive" disabled={revoke.isPending} onClick={() => setConfirmRevoke(true)}>
              <Link2Off aria-hidden="true" />
              Revoke link
            </Button>
          </>
        ) : (
          <Button disabled={create.isPending} onClick={() => create.mutate()}>
            <CalendarPlus aria-hidden="true" />
            Create private link
          </Button>
        )}
      </div>
      {active && <p className="text-sm text-muted-foreground">A new link replaces the old one: calendar apps using the old link stop getting your appointments.</p>}

      <Dialog open={confirmRevoke} onOpenChange={setConfirmRevoke}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke your calendar link?</DialogTitle>
            <DialogDescription>Calendar apps subscribed to it stop getting your appointments. You can make a new link at any time.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmRevoke(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              Revoke link
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
