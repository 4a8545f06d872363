import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB, EducationalResourcesTable } from '../../../../db/schema';
import { containsAny } from '../../../../db/search';
import { nowIso } from '../../../../db/time';
import {
  RESOURCE_CATEGORIES,
  RESOURCE_TYPES,
  type TCreateResourceInput,
  type TListResourcesInput,
  type TResource,
  type TResourceCategory,
  type TResourceType,
  type TUpdateResourceInput,
} from '../../../shared/domain/education';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// Educational resources belong to one organisation; members read them, Administrators edit them
// (capability education.manage, checked by the router's guard).

type ResourceRow = Selectable<EducationalResourcesTable>;

function parseRoles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toResource(row: ResourceRow): TResource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // Rows are only written through the schema's enums; the fallbacks keep a hand-edited row readable.
    type: (RESOURCE_TYPES as readonly string[]).includes(row.type) ? (row.type as TResourceType) : 'article',
    duration: row.duration_minutes === null ? null : Number(row.duration_minutes),
    category: (RESOURCE_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as TResourceCategory) : 'compliance',
    targetRoles: parseRoles(row.target_roles),
    url: row.url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listResources(db: Kysely<DB>, actor: TenantActor, input: TListResourcesInput): Promise<TResource[]> {
  let query = db.selectFrom('educational_resources').selectAll().where('organization_id', '=', actor.organizationId);
  const term = input.search?.trim();
  if (term) query = query.where((eb) => containsAny(eb, ['title', 'description'], term));
  if (input.category) query = query.where('category', '=', input.category);
  if (input.type) query = query.where('type', '=', input.type);
  const rows = await query.orderBy((eb) => eb.fn('lower', ['title'])).orderBy('id').limit(input.limit).execute();
  return rows.map(toResource);
}

async function findResource(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TResource> {
  const row = await db
    .selectFrom('educational_resources')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Resource not found');
  return toResource(row);
}

export async function createResource(db: Kysely<DB>, actor: TenantActor, input: TCreateResourceInput): Promise<TResource> {
  const now = nowIso();
  const id = randomUUID();
  await db
    .insertInto('educational_resources')
    .values({
      id,
      organization_id: actor.organizationId,
      title: input.title,
      description: input.description,
      type: input.type,
      duration_minutes: input.duration,
      category: input.category,
      target_roles: JSON.stringify(input.targetRoles),
      url: input.url,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return findResource(db, actor, id);
}

export async function updateResource(db: Kysely<DB>, actor: TenantActor, input: TUpdateResourceInput): Promise<TResource> {
  const { id, duration, targetRoles, ...rest } = input;
  const changes = {
    ...rest,
    ...(duration !== undefined ? { duration_minutes: duration } : {}),
    ...(targetRoles !== undefined ? { target_roles: JSON.stringify(targetRoles) } : {}),
    updated_at: nowIso(),
  };
  const result = await db
    .updateTable('educational_resources')
    .set(changes)
    .where('id', '=', id)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'Resource not found');
  return findResource(db, actor, id);
}
