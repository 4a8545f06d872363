import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrganization } from '../../../shared/domain/organizations';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/** SPEC §4: delete is presented as deactivation, confirmed first because members lose access. */
export function DeactivateOrganizationDialog({ organization, onClose }: { organization: TOrganization | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deactivate = useMutation(
    trpc.organizations.deactivate.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', description: 'Organization deactivated successfully' });
        void queryClient.invalidateQueries({ queryKey: trpc.organizations.list.queryKey() });
        onClose();
      },
      onError: () => toast({ title: 'Error', description: 'Failed to deactivate organization', variant: 'destructive' }),
    }),
  );
  return (
    <Dialog open={organization !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deactivate organization?</DialogTitle>
          <DialogDescription>
            {organization?.name} will be marked inactive. Its records are kept.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={deactivate.isPending}
            onClick={() => organization && deactivate.mutate({ id: organization.id })}
          >
            {deactivate.isPending ? 'Deactivating...' : 'Deactivate'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
