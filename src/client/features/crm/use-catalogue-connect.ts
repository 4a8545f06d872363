import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import type { CatalogueEntry } from './crm-catalogue';

/**
 * Connect on a catalogue card: crm.create adds the integration (it starts disconnected), then
 * crm.update connects it as the card's own Connect would, with the same SPEC §8 toasts.
 */
export function useCatalogueConnect() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.crm.create.mutationOptions());
  const update = useMutation(trpc.crm.update.mutationOptions());
  // One at a time: a second click elsewhere while the first is under way would add two systems at once.
  const [pendingName, setPendingName] = useState<string | null>(null);

  const connect = async (entry: CatalogueEntry) => {
    setPendingName(entry.name);
    try {
      const created = await create.mutateAsync({ name: entry.name, configuration: entry.configuration });
      await update.mutateAsync({ id: created.id, status: 'connected', lastSync: new Date().toISOString() });
      toast({ title: 'Success', description: 'CRM integration updated successfully' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update CRM integration', variant: 'destructive' });
    }
    // Also after a failure: if only the connect step failed, the new row is real (disconnected) and
    // its own card offers Connect again. The buttons stay busy until the list has the new row.
    await queryClient.invalidateQueries({ queryKey: trpc.crm.list.queryKey() }).catch(() => undefined);
    setPendingName(null);
  };

  return { pendingName, connect: (entry: CatalogueEntry) => void connect(entry) };
}
