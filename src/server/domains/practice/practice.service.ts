import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { type TBankDetails, type TBillingSettings, type TBillingSettingsInput, TREATING_ROLES, ZBankDetails } from '../../../shared/domain/medical-accounts';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// The practice's identity on its accounts and claims (issue 33): the BHF practice number of the
// billing practice, its VAT number (a registered vendor charges VAT, decision 0061) and the banking
// details a statement prints; and each treating clinician's own practitioner number, which a claim
// names beside the billing practice.

/** Stored banking details (JSON), or null when none or no longer valid. */
export function bankDetailsOf(json: string | null): TBankDetails | null {
  if (!json) return null;
  const parsed = ZBankDetails.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export async function getBillingSettings(db: Kysely<DB>, actor: TenantActor): Promise<TBillingSettings> {
  const [row, practitioners] = await Promise.all([
    db.selectFrom('billing_settings').selectAll().where('organization_id', '=', actor.organizationId).executeTakeFirst(),
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'memberships.role', 'memberships.practitioner_number'])
      .where('memberships.organization_id', '=', actor.organizationId)
      .where('memberships.status', '=', 'active')
      .where('memberships.role', 'in', [...TREATING_ROLES])
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .execute(),
  ]);
  return {
    practiceNumber: row?.practice_number ?? null,
    vatNumber: row?.vat_number ?? null,
    bankDetails: bankDetailsOf(row?.bank_details ?? null),
    registeredVendor: !!row?.vat_number,
    updatedAt: row?.updated_at ?? null,
    practitioners: practitioners.map((p) => ({ userId: p.id, name: fullName(p.first_name, p.last_name) ?? '', role: p.role, practitionerNumber: p.practitioner_number })),
  };
}

export async function saveBillingSettings(db: Kysely<DB>, actor: TenantActor, input: TBillingSettingsInput): Promise<TBillingSettings> {
  const values = {
    practice_number: input.practiceNumber,
    vat_number: input.vatNumber ?? null,
    bank_details: input.bankDetails ? JSON.stringify(input.bankDetails) : null,
    updated_by: actor.userId,
    updated_at: nowIso(),
  };
  await db
    .insertInto('billing_settings')
    .values({ organization_id: actor.organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
  return getBillingSettings(db, actor);
}

/** Sets (or clears) a treating clinician's practitioner number; a member of another organisation is not found. */
export async function setPractitionerNumber(db: Kysely<DB>, actor: TenantActor, input: { userId: string; practitionerNumber: string | null }): Promise<TBillingSettings> {
  const member = await db
    .selectFrom('memberships')
    .select(['id', 'role'])
    .where('organization_id', '=', actor.organizationId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  if (input.practitionerNumber !== null && !(TREATING_ROLES as readonly string[]).includes(member.role)) {
    const message = `A ${member.role} does not treat patients, so bills under no practitioner number.`;
    throw new AppError('BAD_REQUEST', message, { userId: message });
  }
  await db.updateTable('memberships').set({ practitioner_number: input.practitionerNumber, updated_at: nowIso() }).where('id', '=', member.id).execute();
  return getBillingSettings(db, actor);
}
