import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CrmIntegrationsTable, DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { onUniqueViolation } from '../../../../db/unique-violation';
import {
  CRM_STATUSES,
  type TCreateCrmIntegrationInput,
  type TCrmIntegration,
  type TCrmStatus,
  type TUpdateCrmIntegrationInput,
} from '../../../shared/domain/crm';
import { mergeConfiguration, redactConfiguration } from '../../../shared/domain/crm-secrets';
import { can } from '../../../shared/roles';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// CRM integrations of one organisation and their status transitions (SPEC §4). The server is the
// clock: lastSync is stamped here, never taken from the client.

type IntegrationRow = Selectable<CrmIntegrationsTable>;

function parseConfiguration(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The DTO: never a secret; whether each is set only for those who may manage integrations. */
function toIntegration(row: IntegrationRow, actor: TenantActor): TCrmIntegration {
  const { configuration, secretsSet } = redactConfiguration(parseConfiguration(row.configuration));
  return {
    id: row.id,
    name: row.name,
    status: (CRM_STATUSES as readonly string[]).includes(row.status) ? (row.status as TCrmStatus) : 'disconnected',
    lastSync: row.last_sync,
    configuration,
    ...(can(actor, 'crm.manage') ? { secretsSet } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listIntegrations(db: Kysely<DB>, actor: TenantActor): Promise<TCrmIntegration[]> {
  const rows = await db
    .selectFrom('crm_integrations')
    .selectAll()
    .where('organization_id', '=', actor.organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => toIntegration(row, actor));
}

async function findIntegration(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TCrmIntegration> {
  const row = await db
    .selectFrom('crm_integrations')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'CRM integration not found');
  return toIntegration(row, actor);
}

/** A new integration starts disconnected and has never synced; names are unique per organisation, ignoring case. */
export async function createIntegration(db: Kysely<DB>, actor: TenantActor, input: TCreateCrmIntegrationInput): Promise<TCrmIntegration> {
  const id = randomUUID();
  const nameTaken = () => new AppError('CONFLICT', `An integration named ${input.name} already exists`, { name: 'An integration with this name already exists' });
  await onUniqueViolation(() => db.transaction().execute(async (trx) => {
    // Compared in JS: SQLite's lower() folds ASCII only, and an organisation has a handful of integrations.
    const names = await trx.selectFrom('crm_integrations').select('name').where('organization_id', '=', actor.organizationId).execute();
    const wanted = input.name.toLocaleLowerCase('en');
    if (names.some((row) => row.name.toLocaleLowerCase('en') === wanted)) throw nameTaken();
    const now = nowIso();
    await trx
      .insertInto('crm_integrations')
      .values({
        id,
        organization_id: actor.organizationId,
        name: input.name,
        status: 'disconnected',
        last_sync: null,
        configuration: JSON.stringify(mergeConfiguration({}, input.configuration)),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }), nameTaken);
  return findIntegration(db, actor, id);
}

/**
 * SPEC §4: Connect and Force Sync (syncing) stamp lastSync with the server's time; Disconnect and
 * Mark Error keep the last successful sync time. Any status may follow any other: a repeated Force
 * Sync is harmless, and the client finishes a sync by setting connected. A new configuration
 * replaces the settings but keeps every stored secret the caller left out or blank (crm-secrets.ts):
 * callers never see them, so they cannot send them back.
 */
export async function updateIntegrationStatus(db: Kysely<DB>, actor: TenantActor, input: TUpdateCrmIntegrationInput): Promise<TCrmIntegration> {
  const now = nowIso();
  const stampsSync = input.status === 'connected' || input.status === 'syncing';
  const updated = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('crm_integrations')
      .select('configuration')
      .where('id', '=', input.id)
      .where('organization_id', '=', actor.organizationId)
      .executeTakeFirst();
    if (!current) return false;
    const configuration = input.configuration ? JSON.stringify(mergeConfiguration(parseConfiguration(current.configuration), input.configuration)) : undefined;
    await trx
      .updateTable('crm_integrations')
      .set({
        updated_at: now,
        ...(input.status ? { status: input.status } : {}),
        ...(stampsSync ? { last_sync: now } : {}),
        ...(configuration !== undefined ? { configuration } : {}),
      })
      .where('id', '=', input.id)
      .where('organization_id', '=', actor.organizationId)
      .execute();
    return true;
  });
  if (!updated) throw new AppError('NOT_FOUND', 'CRM integration not found');
  return findIntegration(db, actor, input.id);
}
