import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive } from 'lucide-react';
import type { TRetentionCase } from '../../../shared/domain/retention';
import { can } from '../../../shared/roles';
import { formatDate, pluralise } from '../../../shared/format';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useIdentity } from '../../lib/identity';
import { useWords } from '../../lib/words';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

const TITLE = 'Record Retention';

/**
 * /retention (issue 8): closed cases are kept for the retention period (HPCSA: at least 6 years) and
 * cannot be deleted inside it; after it, an Administrator de-identifies them here.
 */
export function RetentionScreen() {
  const identity = useIdentity();
  if (!can(identity, 'retention.manage')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only Administrators manage record retention.</RestrictedState>
      </AppPage>
    );
  }
  return <Retention />;
}

function Retention() {
  const trpc = useTRPC();
  const { Case, case: aCase, cases } = useWords();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.retention.overview.queryOptions());
  const [chosen, setChosen] = useState<TRetentionCase | null>(null);
  const deidentify = useMutation(
    trpc.retention.deidentify.mutationOptions({
      onSuccess: async (result) => {
        setChosen(null);
        toast({ title: `${Case} de-identified`, description: `Now "${result.patientName}": ${pluralise(result.messages, 'message')} and ${pluralise(result.documents, 'document')} cleared.` });
        await queryClient.invalidateQueries({ queryKey: trpc.retention.overview.queryKey() });
      },
      onError: (error) => toast({ title: 'Not de-identified', description: errorMessage(error), variant: 'destructive' }),
    }),
  );

  const columns: Column<TRetentionCase>[] = [
    { header: Case, cell: (c) => <span className="font-medium">{c.patientName}</span> },
    { header: 'Type', cell: (c) => c.caseType },
    { header: 'Closed', cell: (c) => formatDate(c.completedAt) },
    { header: 'Kept until', cell: (c) => formatDate(c.retainedUntil) },
    {
      header: 'Action',
      cell: (c) => (
        <Button size="sm" variant="outline" onClick={() => setChosen(c)} aria-label={`De-identify ${c.patientName}`}>
          De-identify
        </Button>
      ),
    },
  ];

  const data = overview.data;
  return (
    <AppPage
      title={TITLE}
      description={
        data
          ? `Closed ${cases} are kept ${data.retentionYears} years and cannot be deleted before then. ${data.heldCount} closed ${data.heldCount === 1 ? `${aCase} is` : `${cases} are`} held; ${data.deidentifiedCount} de-identified so far.`
          : `Closed ${cases} are kept for the retention period and cannot be deleted before it ends.`
      }
    >
      {overview.isPending ? (
        <ListSkeleton rows={3} label="Loading retention" />
      ) : overview.isError ? (
        <ErrorState title="Could not load retention" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : data!.eligible.length === 0 ? (
        <EmptyState icon={Archive} title={`No closed ${aCase} has passed its retention period`} />
      ) : (
        <SimpleTable caption={`Closed ${cases} past their retention period`} columns={columns} rows={data!.eligible} rowKey={(c) => c.id} />
      )}
      <Dialog open={chosen !== null} onOpenChange={(open) => !open && setChosen(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>De-identify this {aCase}?</DialogTitle>
            <DialogDescription>
              {chosen
                ? `The name ${chosen.patientName}, the ${aCase}'s notes, message texts and documents are removed for good. Dates, hours and costs stay for statistics. This cannot be undone.`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setChosen(null)}>
              Cancel
            </Button>
            <Button type="button" variant="destructive" disabled={deidentify.isPending} onClick={() => chosen && deidentify.mutate({ id: chosen.id })}>
              {deidentify.isPending ? 'De-identifying...' : 'De-identify'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </AppPage>
  );
}
