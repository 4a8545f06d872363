import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TOrganizationSecurity } from '../../../shared/domain/two-factor';
import { recordAuditEvent } from '../../audit/audit-log';
import type { TenantActor } from '../../auth/actor';

// Organisation-wide sign-in rules, set by an Administrator (issue 8). Requiring two-factor sign-in
// signs nobody out: each member without it is asked to set it up at their next sign-in.

export async function organizationSecurity(db: Kysely<DB>, actor: TenantActor): Promise<TOrganizationSecurity> {
  const org = await db.selectFrom('organizations').select('require_two_factor').where('id', '=', actor.organizationId).executeTakeFirstOrThrow();
  const without = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberships.organization_id', '=', actor.organizationId)
    .where('memberships.status', '=', 'active')
    .where('users.totp_secret', 'is', null)
    .executeTakeFirstOrThrow();
  return { requireTwoFactor: org.require_two_factor === 1, membersWithoutTwoFactor: Number(without.n) };
}

export async function setOrganizationSecurity(
  db: Kysely<DB>,
  actor: TenantActor,
  input: { requireTwoFactor: boolean },
  client: { ip: string | null; userAgent: string | null },
): Promise<TOrganizationSecurity> {
  await db
    .updateTable('organizations')
    .set({ require_two_factor: input.requireTwoFactor ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', actor.organizationId)
    .execute();
  await recordAuditEvent(db, {
    actor, action: 'two-factor', entityType: 'organization', entityId: actor.organizationId, outcome: 'success', client,
    details: { change: input.requireTwoFactor ? 'requirement-on' : 'requirement-off' },
  });
  return organizationSecurity(db, actor);
}
