import type { TCrmIntegration, TCrmStatus } from '../../../shared/domain/crm';
import { CRM_STATUSES } from '../../../shared/domain/crm';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { relativeTime } from '../../../shared/format';

const BAR: Record<TCrmStatus, string> = {
  connected: 'bg-emerald-500',
  syncing: 'bg-sky-500',
  error: 'bg-red-500',
  disconnected: 'bg-slate-400',
};

const DAY_MS = 86_400_000;

/** The Analytics tab: how the integrations stand, computed from the list itself. */
export function CrmAnalytics({ integrations, now }: { integrations: TCrmIntegration[]; now: Date }) {
  const total = integrations.length;
  const byStatus = CRM_STATUSES.map((status) => ({ status, count: integrations.filter((i) => i.status === status).length }));
  const fresh = integrations.filter((i) => i.lastSync && now.getTime() - new Date(i.lastSync).getTime() < DAY_MS).length;
  const bySync = [...integrations].sort((a, b) => (b.lastSync ?? '').localeCompare(a.lastSync ?? ''));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Status distribution</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {byStatus.map(({ status, count }) => {
              const share = total ? Math.round((count / total) * 100) : 0;
              return (
                <li key={status} className="grid gap-1">
                  <div className="flex justify-between text-sm">
                    <span className="capitalize">{status}</span>
                    <span className="text-muted-foreground tabular-nums">
                      {count} ({share}%)
                    </span>
                  </div>
                  <div className="h-2 rounded-full bg-muted" aria-hidden="true">
                    <div className={`h-2 rounded-full ${BAR[status]}`} style={{ width: `${share}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sync freshness</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {fresh} of {total} synced in the last 24 hours.
          </p>
          <ul className="divide-y text-sm">
            {bySync.map((integration) => (
              <li key={integration.id} className="flex justify-between gap-3 py-2">
                <span>{integration.name}</span>
                <span className="text-muted-foreground">{relativeTime(integration.lastSync, now)}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
