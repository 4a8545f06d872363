import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_INFO, type TNotificationKind } from '../../../shared/domain/notifications';
import type { TPlatform } from '../../../shared/platform';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { SettingsSection } from './settings-section';

// Issue 21: the kinds of notification each person also wants by e-mail (the bell always has them).
// A member of an organisation only: the Super Admin has no bell. A Patient is offered what reaches a
// patient: their appointments and messages.

const PATIENT_KINDS: readonly TNotificationKind[] = ['appointment.booked', 'appointment.moved', 'appointment.cancelled', 'message.direct'];

/** Kinds a platform never produces: the patient portal is a hospital's; court deadlines a litigator's. */
const NOT_ON: Record<TPlatform, readonly TNotificationKind[]> = { healthcare: ['deadline.soon'], legal: ['portal.request'], medicolegal: ['portal.request'] };

export function NotificationEmailSection() {
  const identity = useIdentity();
  if (identity.isSuperAdmin) return null;
  return (
    <SettingsSection id="notification-email" title="E-mail notifications" description="Your bell shows every notification. Choose which ones also come to you by e-mail.">
      <EmailKinds kinds={identity.role === 'Patient' ? PATIENT_KINDS : NOTIFICATION_KINDS.filter((kind) => !NOT_ON[identity.platform].includes(kind))} />
    </SettingsSection>
  );
}

function EmailKinds({ kinds }: { kinds: readonly TNotificationKind[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.notifications.emailPreferences.queryOptions());
  const [chosen, setChosen] = useState<Set<TNotificationKind> | null>(null);
  useEffect(() => {
    if (saved.data && chosen === null) setChosen(new Set(saved.data.kinds));
  }, [saved.data, chosen]);
  const save = useMutation(
    trpc.notifications.setEmailPreferences.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.notifications.emailPreferences.queryKey(), result);
        setChosen(new Set(result.kinds));
        toast({ title: 'E-mail notifications saved', description: result.kinds.length === 0 ? 'Nothing will be e-mailed to you.' : `${result.kinds.length} kinds will also be e-mailed to you.` });
      },
      onError: (error) => toast({ title: 'Could not save your e-mail notifications', description: errorMessage(error), variant: 'destructive' }),
    }),
  );

  if (saved.isPending || chosen === null) {
    if (saved.isError) return <ErrorState title="Could not load your e-mail notifications" error={saved.error} onRetry={() => void saved.refetch()} />;
    return <ListSkeleton rows={3} label="Loading your e-mail notifications" />;
  }
  const toggle = (kind: TNotificationKind, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(kind);
    else next.delete(kind);
    setChosen(next);
  };
  // Kinds saved earlier that this person is not offered are kept as they are.
  const submit = () => save.mutate({ kinds: NOTIFICATION_KINDS.filter((kind) => chosen.has(kind)) });

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">E-mail me about</legend>
        {kinds.map((kind) => (
          <label key={kind} className="flex items-start gap-2.5 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={chosen.has(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
              data-testid={`email-kind-${kind}`}
            />
            <span>{NOTIFICATION_KIND_INFO[kind].label}</span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
