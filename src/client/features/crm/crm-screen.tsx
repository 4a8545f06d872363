import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Plug, RefreshCw } from 'lucide-react';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { StatCard } from '../../components/data/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { CrmAnalytics } from './crm-analytics';
import { IntegrationCard } from './integration-card';
import { IntegrationCatalogue } from './integration-catalogue';
import { useCatalogueConnect } from './use-catalogue-connect';
import { useCrmActions } from './use-crm-actions';

/** Relative times (SPEC §9) move on while the page stays open. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** SPEC §2.10 /crm: tabs Overview, Integrations and Analytics over the organisation's integrations. */
export function CrmScreen() {
  const trpc = useTRPC();
  const identity = useIdentity();
  const integrations = useQuery(trpc.crm.list.queryOptions());
  const actions = useCrmActions();
  const connector = useCatalogueConnect();
  const now = useNow();
  // A fresh clock whenever the list changes, so a just-synced card reads 'Just now'.
  const clock = integrations.dataUpdatedAt > now.getTime() ? new Date(integrations.dataUpdatedAt) : now;
  const manage = can(identity, 'crm.manage');

  if (integrations.isPending) {
    return (
      <AppPage title="CRM Integration">
        <ListSkeleton rows={3} label="Loading integrations" />
      </AppPage>
    );
  }
  if (integrations.isError) {
    return (
      <AppPage title="CRM Integration">
        <ErrorState title="Could not load integrations" error={integrations.error} onRetry={() => void integrations.refetch()} />
      </AppPage>
    );
  }
  const rows = integrations.data;
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return (
    <AppPage title="CRM Integration" description="Connections to your customer relationship systems">
      <Tabs defaultValue="overview" className="gap-4">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            <StatCard label="Integrations" value={String(rows.length)} icon={Plug} detail="Configured systems" />
            <StatCard label="Connected" value={String(count('connected'))} icon={Plug} detail="Syncing normally" />
            <StatCard label="Syncing" value={String(count('syncing'))} icon={RefreshCw} detail="Sync in progress" />
            <StatCard label="Needs attention" value={String(count('error') + count('disconnected'))} icon={CircleAlert} detail="Error or disconnected" />
          </div>
          {rows.length === 0 && (
            <p className="text-sm text-muted-foreground">No integrations yet: the Integrations tab lists the systems CaseBridge can connect.</p>
          )}
          {!manage && <p className="text-sm text-muted-foreground">Only administrators and directors can change integrations.</p>}
        </TabsContent>
        <TabsContent value="integrations">
          {rows.length === 0 ? (
            <IntegrationCatalogue platform={identity.platform} connector={manage ? connector : null} />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {rows.map((integration) => (
                <li key={integration.id}>
                  <IntegrationCard integration={integration} actions={manage ? actions : null} now={clock} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="analytics">
          <CrmAnalytics integrations={rows} now={clock} />
        </TabsContent>
      </Tabs>
    </AppPage>
  );
}
