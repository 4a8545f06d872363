import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CASE_STATUSES, type TCase, type TCaseStatus } from '../../../shared/domain/cases';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/** SPEC §4: the status of a case changes freely among the three, from a dropdown on its row. */
export function CaseStatusSelect({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.cases.updateStatus.mutationOptions({
      onSuccess: () => {
        toast({
          title: 'Success',
          description: 'Case status updated successfully',
        });
        // Lists and the dashboards count cases by status: refresh everything that shows cases.
        void queryClient.invalidateQueries({ queryKey: trpc.cases.pathKey() });
        void queryClient.invalidateQueries({
          queryKey: trpc.dashboard.pathKey(),
        });
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to update case status',
          variant: 'destructive',
        }),
    }),
  );
  // While the change is on its way the dropdown already shows the chosen status.
  const value = update.isPending && update.variables ? update.variables.status : item.status;

  return (
    <Select
      value={value}
      disabled={update.isPending}
      onValueChange={(status) => {
        if (status !== item.status) update.mutate({ id: item.id, status: status as TCaseStatus });
      }}
    >
      <SelectTrigger className="h-8 w-36" aria-label={`Status of ${item.patientName}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {CASE_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            {status}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
