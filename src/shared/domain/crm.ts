import { z } from 'zod';

// SPEC §3.5 (CRM integration) and §4 (its status transitions).

export const CRM_STATUSES = ['connected', 'syncing', 'error', 'disconnected'] as const;
export const ZCrmStatus = z.enum(CRM_STATUSES);
export type TCrmStatus = z.infer<typeof ZCrmStatus>;

export const CRM_CONFIGURATION_MAX_CHARS = 10_000;

const ZId = z.string().trim().min(1).max(64);

const configuration = z
  .record(z.string().max(100), z.unknown(), 'Configuration must be an object')
  .refine((v) => JSON.stringify(v).length <= CRM_CONFIGURATION_MAX_CHARS, `Configuration cannot be longer than ${CRM_CONFIGURATION_MAX_CHARS} characters`);

export const ZCreateCrmIntegrationInput = z.object({
  name: z.string('Name is required').trim().min(1, 'Name is required').max(100),
  configuration: configuration.default({}),
});
export type TCreateCrmIntegrationInput = z.infer<typeof ZCreateCrmIntegrationInput>;

export const ZUpdateCrmIntegrationInput = z
  .object({
    id: ZId,
    status: ZCrmStatus.optional(),
    // The SPEC's client sends its own clock here; the server ignores it and stamps its own time.
    lastSync: z.string().max(64).nullish(),
    // Replaces the settings; a secret left out or blank keeps the stored one (crm-secrets.ts).
    configuration: configuration.optional(),
  })
  .refine((v) => v.status !== undefined || v.configuration !== undefined, { message: 'Give a status or a configuration', path: ['status'] });
export type TUpdateCrmIntegrationInput = z.infer<typeof ZUpdateCrmIntegrationInput>;

export const ZCrmIntegration = z.object({
  id: z.string(),
  name: z.string(),
  status: ZCrmStatus,
  lastSync: z.string().nullable(),
  /** The settings without any secret (keys like *key*, *secret*, *token*, *password*: crm-secrets.ts). */
  configuration: z.record(z.string(), z.unknown()),
  /** Which secrets are set, by dotted path; only for those who hold crm.manage. */
  secretsSet: z.record(z.string(), z.boolean()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCrmIntegration = z.infer<typeof ZCrmIntegration>;
