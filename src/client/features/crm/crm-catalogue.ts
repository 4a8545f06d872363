import type { TPlatform } from '../../../shared/platform';

// SPEC §3.5: "Sample entries are used when none are returned". Rather than fake rows, the screen
// offers the systems CaseBridge connects to; Connect adds the chosen one as a real integration.

export interface CatalogueEntry {
  name: string;
  description: string;
  /** Where the system is offered: a law firm has no use for a patient CRM, and the reverse. */
  platforms: readonly TPlatform[];
  /** Settings the new integration starts with (never secrets: SPEC §3.5 configuration). */
  configuration: Record<string, unknown>;
}

const CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: 'Salesforce Health Cloud',
    description: 'Patients, referrals and care programmes, synced with your case list.',
    platforms: ['healthcare', 'medicolegal'],
    configuration: { syncFrequency: 'every 15 minutes', objects: ['patients', 'cases'] },
  },
  {
    name: 'Microsoft Dynamics 365',
    description: 'Contacts, accounts and service cases from Dynamics 365 Customer Service.',
    platforms: ['healthcare', 'legal', 'medicolegal'],
    configuration: { syncFrequency: 'hourly', objects: ['contacts', 'cases'] },
  },
  {
    name: 'HubSpot',
    description: 'Contacts and companies, with enquiries from your website forms.',
    platforms: ['healthcare', 'legal'],
    configuration: { syncFrequency: 'hourly', objects: ['contacts', 'companies'] },
  },
  {
    name: 'Zoho CRM',
    description: 'Leads and contacts, for teams already on Zoho One.',
    platforms: ['healthcare', 'legal', 'medicolegal'],
    configuration: { syncFrequency: 'daily', objects: ['leads', 'contacts'] },
  },
  {
    name: 'Clio Manage',
    description: 'Matters, clients and billing from the practice management system.',
    platforms: ['legal', 'medicolegal'],
    configuration: { syncFrequency: 'every 15 minutes', objects: ['matters', 'contacts'] },
  },
];

/** The integrations offered on a platform, in the order the screen shows them. */
export function catalogueFor(platform: TPlatform): readonly CatalogueEntry[] {
  return CATALOGUE.filter((entry) => entry.platforms.includes(platform));
}
