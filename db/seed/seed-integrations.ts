import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import type { DemoOrganization } from './demo-organizations';
import type { SeedClock } from './seed-helpers';
import type { SeededOrganization } from './seed-people';

// CRM integrations per organisation (SPEC §3.5). Configuration holds settings only, never secrets.

interface IntegrationTemplate {
  name: string;
  status: 'connected' | 'disconnected' | 'error';
  /** Minutes since the last successful sync; null when it never synced. */
  lastSyncMinutesAgo: number | null;
  configuration: Record<string, unknown>;
}

const INTEGRATIONS: Record<DemoOrganization['key'], readonly IntegrationTemplate[]> = {
  thornhill: [
    { name: 'Salesforce Health Cloud', status: 'connected', lastSyncMinutesAgo: 12, configuration: { syncFrequency: 'every 15 minutes', objects: ['patients', 'cases', 'appointments'], instanceUrl: 'https://thornhill.my.salesforce.example' } },
    { name: 'Microsoft Dynamics 365', status: 'error', lastSyncMinutesAgo: 2 * 1_440 + 75, configuration: { syncFrequency: 'hourly', objects: ['contacts'], lastError: 'Authorisation expired: reconnect the account to resume syncing.' } },
    { name: 'HubSpot', status: 'disconnected', lastSyncMinutesAgo: null, configuration: { syncFrequency: 'daily', objects: ['contacts'] } },
  ],
  mokoena: [
    { name: 'HubSpot', status: 'connected', lastSyncMinutesAgo: 35, configuration: { syncFrequency: 'hourly', objects: ['contacts', 'companies', 'deals'] } },
    { name: 'Zoho CRM', status: 'connected', lastSyncMinutesAgo: 180, configuration: { syncFrequency: 'every 6 hours', objects: ['contacts', 'matters'], dataCentre: 'EU' } },
    { name: 'Microsoft Dynamics 365', status: 'disconnected', lastSyncMinutesAgo: 21 * 1_440, configuration: { syncFrequency: 'daily', objects: ['contacts'] } },
    { name: 'Salesforce Health Cloud', status: 'error', lastSyncMinutesAgo: 3 * 1_440 + 400, configuration: { syncFrequency: 'hourly', objects: ['contacts'], lastError: 'API request limit reached for the day.' } },
  ],
  // None: the unit has not connected a customer system, so its CRM screen offers the catalogue
  // (SPEC §3.5 sample entries) and e2e can connect one from there.
  gauteng: [],
};

export function buildIntegrations(org: SeededOrganization, clock: SeedClock): Insertable<DB['crm_integrations']>[] {
  return INTEGRATIONS[org.def.key].map((t, index) => {
    const created = clock.at(-150 + index * 20, '10:00');
    const lastSync = t.lastSyncMinutesAgo === null ? null : clock.minutesAgo(t.lastSyncMinutesAgo);
    return {
      id: randomUUID(),
      organization_id: org.id,
      name: t.name,
      status: t.status,
      last_sync: lastSync,
      configuration: JSON.stringify(t.configuration),
      created_at: created,
      updated_at: lastSync ?? created,
    };
  });
}
