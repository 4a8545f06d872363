import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import type { SharedLink } from './shared-link-dialog';
import { failureOf } from './user-helpers';

/**
 * Every write of the /users page with its toast; each refreshes the members, the invitations and
 * the seat count, since any of them can change the others. The server's message is shown as is: it
 * says why (the seat limit, the last Administrator).
 */
export function useUserActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Which row is waiting on a call, so only its controls show as busy.
  const [pendingKey, setPendingKey] = useState<string | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.users.invitations.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.users.seats.queryKey() }),
    ]);
  // Issue 32 (decision 0057): the link of a reset or invitation, shown when no mail server sends it.
  const [shownLink, setShownLink] = useState<SharedLink | null>(null);
  /** `success` answers the toast's words, or null when the link dialog says it instead. */
  const options = (success: (data: unknown) => string | null) => ({
    onSuccess: (data: unknown) => {
      const description = success(data);
      if (description) toast({ title: 'Success', description });
      void refresh();
    },
    onError: (error: unknown) => toast({ title: 'Error', description: failureOf(error).message, variant: 'destructive' as const }),
    onSettled: () => setPendingKey(null),
  });

  const changeRole = useMutation(trpc.users.changeRole.mutationOptions(options(() => 'Role updated')));
  const deactivate = useMutation(trpc.users.deactivate.mutationOptions(options(() => 'Member deactivated. Their sessions have ended.')));
  const reactivate = useMutation(trpc.users.reactivate.mutationOptions(options(() => 'Member reactivated')));
  const resend = useMutation(
    trpc.users.resendInvitation.mutationOptions(options((data) => ((data as { link?: string }).link ? null : 'Invitation sent again with a new link'))),
  );
  const revoke = useMutation(trpc.users.revokeInvitation.mutationOptions(options(() => 'Invitation revoked')));
  // The screen confirms first (issue 32); with a mail server the toast says it went, without one the
  // link dialog shows it.
  const sendReset = useMutation(
    trpc.users.sendPasswordReset.mutationOptions(
      options((data) => {
        const sent = data as { email: string; link?: string; mail: { status: string } };
        if (sent.link) return null;
        const failed = sent.mail.status === 'failed' ? ' The mail server did not accept it: try again later.' : '';
        return `Password reset link sent to ${sent.email}. It works once, for 30 minutes.${failed}`;
      }),
    ),
  );

  return {
    pendingKey,
    changeRole: (userId: string, role: Parameters<typeof changeRole.mutateAsync>[0]['role']) => {
      setPendingKey(`member:${userId}`);
      return changeRole.mutateAsync({ userId, role });
    },
    deactivate: (userId: string) => {
      setPendingKey(`member:${userId}`);
      return deactivate.mutateAsync({ userId });
    },
    reactivate: (userId: string) => {
      setPendingKey(`member:${userId}`);
      return reactivate.mutateAsync({ userId });
    },
    sendReset: (userId: string, recipient: string) => {
      setPendingKey(`member:${userId}`);
      return sendReset.mutateAsync({ userId }).then(
        (sent) => {
          if (sent.link) setShownLink({ kind: 'password-reset', recipient, url: sent.link, expiresAt: sent.expiresAt });
        },
        () => undefined,
      );
    },
    resend: (id: string, recipient: string) => {
      setPendingKey(`invitation:${id}`);
      return resend.mutateAsync({ id }).then(
        (sent) => {
          if (sent.link) setShownLink({ kind: 'invitation', recipient, url: sent.link, expiresAt: sent.expiresAt });
        },
        () => undefined,
      );
    },
    shownLink,
    closeLink: () => setShownLink(null),
    revoke: (id: string) => {
      setPendingKey(`invitation:${id}`);
      return revoke.mutateAsync({ id }).catch(() => undefined);
    },
  };
}

export type UserActions = ReturnType<typeof useUserActions>;
