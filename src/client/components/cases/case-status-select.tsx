import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CASE_STATUSES, type TCaseShown as TCase } from '../../../shared/domain/cases';
import { StatusSelect } from '../data/status-select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/**
 * SPEC §4: the status of a case changes freely among the three, from a dropdown on its row and on its
 * page. It sends `{status}` alone (PATCH /api/patient-cases/{id}, issue 18): a status is one field
 * anyone may move on, so it applies to the current version rather than refusing a stale one.
 */
export function CaseStatusSelect({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.cases.update.mutationOptions({
      onSuccess: (updated) => {
        toast({
          title: 'Success',
          description: 'Case status updated successfully',
        });
        queryClient.setQueryData(trpc.cases.get.queryKey({ id: updated.id }), updated);
        // Lists, the dashboards and the case's timeline show the status: refresh everything that does.
        void queryClient.invalidateQueries({
          queryKey: trpc.cases.list.pathKey(),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.dashboard.pathKey(),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.timeline.pathKey(),
        });
        // The team editor writes against the case's version, which this change moved on.
        void queryClient.invalidateQueries({ queryKey: trpc.caseTeam.pathKey() });
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to update case status',
          variant: 'destructive',
        }),
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
