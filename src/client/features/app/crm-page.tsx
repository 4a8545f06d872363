import { useQuery } from '@tanstack/react-query';
import { Plug } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Card } from '../../components/ui/card';
import { useTRPC } from '../../trpc';
import { relativeTime } from '../../components/data/app-format';
import { StatusBadge } from '../../components/data/status-badge';

/** SPEC §2.10 /crm: the organisation's CRM integrations and their sync state. */
export function CrmPage() {
  const trpc = useTRPC();
  const integrations = useQuery(trpc.crm.list.queryOptions());
  const connected = integrations.data?.filter((row) => row.status === 'connected').length ?? 0;
  return (
    <AppPage
      title="CRM Integration"
      description={integrations.data ? `${connected} of ${integrations.data.length} connected` : 'Connections to your customer systems'}
    >
      {integrations.isPending ? (
        <ListSkeleton rows={3} label="Loading integrations" />
      ) : integrations.isError ? (
        <ErrorState title="Could not load integrations" error={integrations.error} onRetry={() => void integrations.refetch()} />
      ) : integrations.data.length === 0 ? (
        <EmptyState icon={Plug} title="No integrations">
          Customer systems your organisation connects appear here with their sync status.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {integrations.data.map((integration) => (
            <li key={integration.id}>
              <Card className="h-full gap-3 px-5 py-5">
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-sm font-semibold">{integration.name}</h2>
                  <StatusBadge value={integration.status} />
                </div>
                <p className="text-xs text-muted-foreground">Last sync: {relativeTime(integration.lastSync)}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AppPage>
  );
}
