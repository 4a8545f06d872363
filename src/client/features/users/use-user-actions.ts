import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
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
  const options = (success: (data: unknown) => string) => ({
    onSuccess: (data: unknown) => {
      toast({ title: 'Success', description: success(data) });
      void refresh();
    },
    onError: (error: unknown) => toast({ title: 'Error', description: failureOf(error).message, variant: 'destructive' as const }),
    onSettled: () => setPendingKey(null),
  });

  const changeRole = useMutation(trpc.users.changeRole.mutationOptions(options(() => 'Role updated')));
  const deactivate = useMutation(trpc.users.deactivate.mutationOptions(options(() => 'Member deactivated. Their sessions have ended.')));
  const reactivate = useMutation(trpc.users.reactivate.mutationOptions(options(() => 'Member reactivated')));
  const resend = useMutation(trpc.users.resendInvitation.mutationOptions(options(() => 'Invitation sent again with a new link')));
  const revoke = useMutation(trpc.users.revokeInvitation.mutationOptions(options(() => 'Invitation revoked')));
  // A reset link changes nothing until it is used (the old password keeps working), so it needs no
  // confirmation; the toast says where the message went.
  const sendReset = useMutation(
    trpc.users.sendPasswordReset.mutationOptions(
      options((data) => {
        const sent = data as { email: string; mail: { status: string } };
        const where = sent.mail.status === 'stored' ? ' It is waiting in the outbox at System Settings (no mail server is set up).' : '';
        return `Password reset link sent to ${sent.email}. It works once, for 30 minutes.${where}`;
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
    sendReset: (userId: string) => {
      setPendingKey(`member:${userId}`);
      return sendReset.mutateAsync({ userId }).catch(() => undefined);
    },
    resend: (id: string) => {
      setPendingKey(`invitation:${id}`);
      return resend.mutateAsync({ id }).catch(() => undefined);
    },
    revoke: (id: string) => {
      setPendingKey(`invitation:${id}`);
      return revoke.mutateAsync({ id }).catch(() => undefined);
    },
  };
}

export type UserActions = ReturnType<typeof useUserActions>;
