import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, OrganizationRow } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TCreateOrganizationInput, TOrganization, TUpdateOrganizationInput } from '../../../shared/domain/organizations';
import type { TPlatform } from '../../../shared/platform';
import { AppError } from '../../errors';
import type { Actor, TenantActor } from '../../auth/actor';

// Organisations are the tenants. Managing them crosses tenants, so every function here except
// getOwnOrganization is for Super Admin only, checked here as well as by the router's guard.

function assertSuperAdmin(actor: Actor): void {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin can manage organisations.');
}

type OrganizationWithCount = OrganizationRow & { member_count: number };

function toOrganization(row: OrganizationWithCount): TOrganization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    platform: row.platform as TPlatform,
    type: row.type,
    address: row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postal_code,
    phone: row.phone,
    email: row.email,
    registrationNumber: row.registration_number,
    totalBeds: row.total_beds,
    isActive: row.is_active === 1,
    plan: row.plan,
    trialEndsAt: row.trial_ends_at,
    memberCount: Number(row.member_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function selectOrganizations(db: Kysely<DB>) {
  return db
    .selectFrom('organizations')
    .selectAll('organizations')
    .select((eb) =>
      eb
        .selectFrom('memberships')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('memberships.organization_id', '=', 'organizations.id')
        .where('memberships.status', '=', 'active')
        .as('member_count'),
    );
}

async function findOrganization(db: Kysely<DB>, id: string): Promise<TOrganization> {
  const row = await selectOrganizations(db).where('organizations.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
  return toOrganization({ ...row, member_count: row.member_count ?? 0 });
}

export async function listOrganizations(db: Kysely<DB>, actor: Actor): Promise<TOrganization[]> {
  assertSuperAdmin(actor);
  const rows = await selectOrganizations(db).orderBy('organizations.is_active', 'desc').orderBy('organizations.name').execute();
  return rows.map((row) => toOrganization({ ...row, member_count: row.member_count ?? 0 }));
}

export async function getOwnOrganization(db: Kysely<DB>, actor: TenantActor): Promise<TOrganization> {
  return findOrganization(db, actor.organizationId);
}

export async function createOrganization(db: Kysely<DB>, actor: Actor, input: TCreateOrganizationInput): Promise<TOrganization> {
  assertSuperAdmin(actor);
  const now = nowIso();
  const id = randomUUID();
  await db
    .insertInto('organizations')
    .values({
      id,
      slug: await uniqueSlug(db, input.name),
      name: input.name,
      platform: input.platform,
      type: input.type,
      address: input.address,
      city: input.city,
      province: input.province,
      postal_code: input.postalCode,
      phone: input.phone,
      email: input.email,
      registration_number: input.registrationNumber,
      total_beds: input.totalBeds,
      is_active: 1,
      plan: 'standard',
      trial_ends_at: null,
      max_users: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return findOrganization(db, id);
}

export async function updateOrganization(db: Kysely<DB>, actor: Actor, input: TUpdateOrganizationInput): Promise<TOrganization> {
  assertSuperAdmin(actor);
  const { id, postalCode, registrationNumber, totalBeds, ...rest } = input;
  const changes = {
    ...rest,
    ...(postalCode !== undefined ? { postal_code: postalCode } : {}),
    ...(registrationNumber !== undefined ? { registration_number: registrationNumber } : {}),
    ...(totalBeds !== undefined ? { total_beds: totalBeds } : {}),
    updated_at: nowIso(),
  };
  const result = await db.updateTable('organizations').set(changes).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'Organization not found');
  return findOrganization(db, id);
}

/** SPEC §4: deleting an organisation deactivates it; its members are signed out at once. */
export async function deactivateOrganization(db: Kysely<DB>, actor: Actor, id: string): Promise<TOrganization> {
  assertSuperAdmin(actor);
  await db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('organizations').set({ is_active: 0, updated_at: nowIso() }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'Organization not found');
    await trx.deleteFrom('sessions').where('organization_id', '=', id).execute();
  });
  return findOrganization(db, id);
}

/** A URL-safe slug from the name, then -2, -3 … when taken (also used by the trial approval). */
export async function uniqueSlug(db: Kysely<DB>, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'organization';
  const taken = new Set(
    (await db.selectFrom('organizations').select('slug').where('slug', 'like', `${base}%`).execute()).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
