import { CircleAlert, Plug, RefreshCw, Unplug } from 'lucide-react';
import type { TCrmIntegration } from '../../../shared/domain/crm';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { StatusBadge } from '../../components/data/status-badge';
import { relativeTime } from '../../../shared/format';
import type { useCrmActions } from './use-crm-actions';

interface Props {
  integration: TCrmIntegration;
  /** Null when the role may only look (SPEC §6: crm.manage). */
  actions: ReturnType<typeof useCrmActions> | null;
  now: Date;
}

/** One integration with its status, last sync and the SPEC §4 actions. */
export function IntegrationCard({ integration, actions, now }: Props) {
  const { id, name, status } = integration;
  const busy = actions?.pendingId === id;
  return (
    <Card className="h-full gap-3 px-5 py-5" data-testid="crm-card" aria-label={name} role="group">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{name}</h2>
        <span data-testid="crm-status">
          <StatusBadge value={status} />
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        Last sync: <span data-testid="crm-last-sync">{relativeTime(integration.lastSync, now)}</span>
      </p>
      {integration.secretsSet && <SecretStates secretsSet={integration.secretsSet} />}
      {actions && (
        <div className="mt-auto flex flex-wrap gap-2">
          {status === 'disconnected' || status === 'error' ? (
            <Button size="sm" disabled={busy} onClick={() => actions.connect(id)}>
              <Plug aria-hidden="true" />
              Connect
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={busy || status === 'syncing'} onClick={() => actions.disconnect(id)}>
              <Unplug aria-hidden="true" />
              Disconnect
            </Button>
          )}
          <Button size="sm" variant="outline" disabled={busy || status === 'syncing'} onClick={() => actions.forceSync(id)}>
            <RefreshCw aria-hidden="true" className={status === 'syncing' ? 'animate-spin' : undefined} />
            Force Sync
          </Button>
          {status !== 'error' && (
            <Button size="sm" variant="ghost" disabled={busy || status === 'syncing'} onClick={() => actions.markError(id)}>
              <CircleAlert aria-hidden="true" />
              Mark Error
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

/**
 * The credentials of an integration as its managers see them: set or not set, never the value
 * (the server does not send it; src/shared/domain/crm-secrets.ts).
 */
function SecretStates({ secretsSet }: { secretsSet: Record<string, boolean> }) {
  const entries = Object.entries(secretsSet);
  if (entries.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" data-testid="crm-secrets">
      {entries.map(([path, set]) => (
        <div key={path} className="contents">
          <dt className="font-mono text-muted-foreground">{path}</dt>
          <dd className={set ? 'text-foreground' : 'text-muted-foreground'}>{set ? 'set' : 'not set'}</dd>
        </div>
      ))}
    </dl>
  );
}
