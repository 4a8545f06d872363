import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CASE_STATUSES, type TCaseShown as TCase } from '../../../shared/domain/cases';
import { StatusSelect } from '../../components/data/status-select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/** SPEC §4: the status of a case changes freely among the three, from a dropdown on its row. */
export function CaseStatusSelect({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.cases.update.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', description: 'Case status updated successfully' });
        // Lists and the dashboards count cases by status: refresh everything that shows cases.
        void queryClient.invalidateQueries({ queryKey: trpc.cases.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
      },
      onError: () => toast({ title: 'Error', description: 'Failed to update case status', variant: 'destructive' }),
    }),
  );
  return (
    <StatusSelect
      current={item.status}
      pending={update.isPending ? update.variables?.status : undefined}
      statuses={CASE_STATUSES}
      label={`Status of ${item.patientName}`}
      onChange={(status) => update.mutate({ id: item.id, status })}
    />
  );
}
