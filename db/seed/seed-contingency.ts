import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONTINGENCY_ITEM_IDS } from '../../src/shared/domain/contingency';
import type { DB } from '../schema';

// Issue 34: the law firm's first matter is taken on a contingency fee — a signed agreement (version 1)
// with a 100% uplift on the attorney-and-client tariff and every s3 item confirmed — so the Fees tab
// shows an agreement and its calculator, as the demo's fixture does. A State litigation unit has none.

const DAY_MS = 86_400_000;

export async function seedContingency(db: Kysely<DB>, now: Date): Promise<void> {
  const firms = await db.selectFrom('organizations').select('id').where('platform', '=', 'legal').orderBy('created_at').execute();
  for (const firm of firms) {
    const matter = await db
      .selectFrom('cases')
      .select(['id', 'case_manager_id'])
      .where('organization_id', '=', firm.id)
      .orderBy('created_at')
      .executeTakeFirst();
    if (!matter) continue;
    const signedOn = new Date(now.getTime() - 120 * DAY_MS).toISOString().slice(0, 10);
    await db
      .insertInto('contingency_agreements')
      .values({
        id: randomUUID(),
        organization_id: firm.id,
        case_id: matter.id,
        version: 1,
        uplift_percent: 100,
        normal_fee_basis: 'Attorney-and-client tariff, R2 500/hour',
        signed_on: signedOn,
        items: JSON.stringify(CONTINGENCY_ITEM_IDS),
        recorded_by: matter.case_manager_id,
        recorded_at: `${signedOn}T10:00:00.000Z`,
      })
      .execute();
  }
}
