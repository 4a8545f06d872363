import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// SPEC §7.4 / §8: every bed write refreshes the bed list and answers with a 'Success' or 'Error' toast.

/** The server's explanation of a conflict (e.g. the bed is no longer Available), when it sent one. */
function conflictMessage(error: unknown): string | undefined {
  return isTRPCClientError(error) && error.data?.httpStatus === 409 && error.message ? error.message : undefined;
}

export function useBedActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.beds.list.queryKey() });
  const handlers = (success: string, failure: string) => ({
    onSuccess: () => {
      toast({ title: 'Success', description: success });
      return refresh();
    },
    onError: (error: unknown) => {
      toast({ title: 'Error', description: conflictMessage(error) ?? failure, variant: 'destructive' });
    },
  });

  return {
    create: useMutation(trpc.beds.create.mutationOptions(handlers('Bed created successfully', 'Failed to create bed'))),
    update: useMutation(trpc.beds.update.mutationOptions(handlers('Bed updated successfully', 'Failed to update bed'))),
    assign: useMutation(trpc.beds.assign.mutationOptions(handlers('Patient assigned to bed successfully', 'Failed to assign patient to bed'))),
    release: useMutation(trpc.beds.release.mutationOptions(handlers('Bed released successfully', 'Failed to release bed'))),
  };
}

export type BedActions = ReturnType<typeof useBedActions>;
