import { Plug, Unplug } from 'lucide-react';
import type { TPlatform } from '../../../shared/platform';
import { StatusBadge } from '../../components/data/status-badge';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { catalogueFor } from './crm-catalogue';
import type { useCatalogueConnect } from './use-catalogue-connect';

interface Props {
  platform: TPlatform;
  /** Null when the role may only look (SPEC §6: crm.manage). */
  connector: ReturnType<typeof useCatalogueConnect> | null;
}

/**
 * What the Integrations tab shows while the organisation has none (SPEC §3.5 sample entries): the
 * systems on offer, each disconnected and marked as not yet added.
 */
export function IntegrationCatalogue({ platform, connector }: Props) {
  const busy = connector?.pendingName != null;
  return (
    <div className="grid gap-4">
      {/* A note, not an alert: nothing went wrong, and a screen reader need not be interrupted. */}
      <Alert role="note">
        <Unplug aria-hidden="true" />
        <AlertTitle>No integrations yet</AlertTitle>
        <AlertDescription>
          {connector
            ? 'Your organisation has not connected a customer system. These are the ones CaseBridge offers: Connect adds one.'
            : 'Your organisation has not connected a customer system. These are the ones CaseBridge offers; an administrator or director can connect them.'}
        </AlertDescription>
      </Alert>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Available integrations">
        {catalogueFor(platform).map((entry) => (
          <li key={entry.name}>
            <Card className="h-full gap-3 px-5 py-5" data-testid="crm-catalogue-card" aria-label={entry.name} role="group">
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-sm font-semibold">{entry.name}</h2>
                <span data-testid="crm-status">
                  <StatusBadge value="disconnected" />
                </span>
              </div>
              <p className="text-xs font-medium text-muted-foreground">Available · not yet added</p>
              <p className="text-sm text-muted-foreground">{entry.description}</p>
              {connector && (
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button size="sm" disabled={busy} onClick={() => connector.connect(entry)}>
                    <Plug aria-hidden="true" className={connector.pendingName === entry.name ? 'animate-pulse' : undefined} />
                    Connect
                  </Button>
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
