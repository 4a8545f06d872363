import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TFeeSettings, TFeeSettingsInput } from '../../../shared/domain/fee-notes';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { bankDetailsOf } from '../practice/practice.service';

// The firm's details on its fee notes (issue 34): its name and address (the organisation's), its VAT
// number — a registered vendor charges VAT at 15%, and a tax invoice names it (VAT Act s20) — and the
// business account a client pays into. On the medicolegal platform an organisation bills only if it
// acts for claimants: the State's litigation units defend claims and bill nobody (a setting, off by default).

export const BILLS_NOBODY = 'This organisation bills nobody: a State litigation unit has no fee notes. An Administrator can say it acts for claimants in the billing settings.';

export async function getFeeSettings(db: Kysely<DB>, actor: TenantActor): Promise<TFeeSettings> {
  const [org, row] = await Promise.all([
    db.selectFrom('organizations').select(['name', 'address', 'city', 'postal_code']).where('id', '=', actor.organizationId).executeTakeFirstOrThrow(),
    db.selectFrom('fee_settings').selectAll().where('organization_id', '=', actor.organizationId).executeTakeFirst(),
  ]);
  const actsForClaimants = Number(row?.acts_for_claimants ?? 0) === 1;
  return {
    firmName: org.name,
    address: [org.address, org.city, org.postal_code].filter(Boolean).join(', ') || null,
    vatNumber: row?.vat_number ?? null,
    bankDetails: bankDetailsOf(row?.bank_details ?? null),
    registeredVendor: !!row?.vat_number,
    actsForClaimants,
    bills: actor.platform === 'legal' || actsForClaimants,
    updatedAt: row?.updated_at ?? null,
  };
}

export async function saveFeeSettings(db: Kysely<DB>, actor: TenantActor, input: TFeeSettingsInput): Promise<TFeeSettings> {
  const current = await db.selectFrom('fee_settings').select('acts_for_claimants').where('organization_id', '=', actor.organizationId).executeTakeFirst();
  const values = {
    vat_number: input.vatNumber ?? null,
    bank_details: input.bankDetails ? JSON.stringify(input.bankDetails) : null,
    acts_for_claimants: input.actsForClaimants === undefined ? Number(current?.acts_for_claimants ?? 0) : input.actsForClaimants ? 1 : 0,
    updated_by: actor.userId,
    updated_at: nowIso(),
  };
  await db
    .insertInto('fee_settings')
    .values({ organization_id: actor.organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
  return getFeeSettings(db, actor);
}

/** The firm's settings, refusing (403) an organisation that bills nobody. Every fee-note write and read starts here. */
export async function requireBillingFirm(db: Kysely<DB>, actor: TenantActor): Promise<TFeeSettings> {
  const settings = await getFeeSettings(db, actor);
  if (!settings.bills) throw new AppError('FORBIDDEN', BILLS_NOBODY);
  return settings;
}
