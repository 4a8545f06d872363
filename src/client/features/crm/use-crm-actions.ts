import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCrmStatus } from '../../../shared/domain/crm';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/** SPEC §4/§9: Force Sync returns to connected after this long. */
export const FORCE_SYNC_MS = 3_000;

/** The four card actions of SPEC §4 over crm.update, with the §8 toasts. */
export function useCrmActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.crm.update.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', description: 'CRM integration updated successfully' });
        void queryClient.invalidateQueries({ queryKey: trpc.crm.list.queryKey() });
      },
      onError: () => toast({ title: 'Error', description: 'Failed to update CRM integration', variant: 'destructive' }),
    }),
  );
  // Which card is waiting on a call, so only its buttons show as busy.
  const [pendingId, setPendingId] = useState<string | null>(null);

  const set = (id: string, status: TCrmStatus) => {
    setPendingId(id);
    // The client sends its own clock as the SPEC's client did; the server stamps its own time anyway.
    const lastSync = status === 'connected' || status === 'syncing' ? new Date().toISOString() : undefined;
    return update.mutateAsync({ id, status, lastSync }).finally(() => setPendingId(null));
  };

  const forceSync = async (id: string) => {
    try {
      await set(id, 'syncing');
    } catch {
      return; // the error toast has been shown; stay as the server left it
    }
    // Not cancelled when the screen unmounts: leaving the page must not strand the integration in
    // 'syncing' (SPEC §4 has the client finish the sync).
    setTimeout(() => void set(id, 'connected').catch(() => undefined), FORCE_SYNC_MS);
  };

  return {
    pendingId,
    connect: (id: string) => void set(id, 'connected').catch(() => undefined),
    disconnect: (id: string) => void set(id, 'disconnected').catch(() => undefined),
    markError: (id: string) => void set(id, 'error').catch(() => undefined),
    forceSync: (id: string) => void forceSync(id),
  };
}
