import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// Issue 22: admit, transfer and discharge change the bed board, the census and the case, so each
// refreshes all three and answers with a toast, as the bed writes do.

function serverMessage(error: unknown): string | undefined {
  return isTRPCClientError(error) && error.data?.httpStatus && error.data.httpStatus < 500 && error.message ? error.message : undefined;
}

export function useAdmissionActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.beds.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admissions.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admissions.census.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.cases.pathKey() }),
      // Issue 31: a discharge stops or keeps medications, completes the case (off the monitor and the dashboard lists).
      queryClient.invalidateQueries({ queryKey: trpc.medications.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.results.latestVitals.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() }),
    ]);
  const handlers = (success: string, failure: string) => ({
    onSuccess: () => {
      toast({ title: 'Success', description: success });
      return refresh();
    },
    onError: (error: unknown) => {
      toast({ title: 'Error', description: serverMessage(error) ?? failure, variant: 'destructive' });
    },
  });
  return {
    admit: useMutation(trpc.admissions.admit.mutationOptions(handlers('Patient admitted', 'Failed to admit the patient'))),
    transfer: useMutation(trpc.admissions.transfer.mutationOptions(handlers('Patient transferred', 'Failed to transfer the patient'))),
    discharge: useMutation(trpc.admissions.discharge.mutationOptions(handlers('Patient discharged', 'Failed to discharge the patient'))),
  };
}

export type AdmissionActions = ReturnType<typeof useAdmissionActions>;
