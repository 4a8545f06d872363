import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

// Issue 34: the law firm's billing details (a VAT vendor, its business account) and disbursements
// paid out on its first two matters, unbilled, so a fee-earner and Finance find work in progress
// (with the time entries the seed already records) to bill. A State litigation unit bills nobody.

const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);

export async function seedFees(db: Kysely<DB>, now: Date): Promise<void> {
  const firms = await db.selectFrom('organizations').select(['id', 'name']).where('platform', '=', 'legal').orderBy('created_at').execute();
  const at = now.toISOString();
  for (const firm of firms) {
    await db
      .insertInto('fee_settings')
      .values({
        organization_id: firm.id, vat_number: '4123456789', acts_for_claimants: 0, updated_by: null, updated_at: at,
        bank_details: JSON.stringify({ bankName: 'Standard Bank', accountName: `${firm.name} business account`, accountNumber: '071234567', branchCode: '051001', accountType: 'cheque' }),
      })
      .execute();
    const matters = await db.selectFrom('cases').select(['id', 'case_manager_id']).where('organization_id', '=', firm.id).orderBy('created_at').limit(2).execute();
    for (const [i, matter] of matters.entries()) {
      const rows = [
        { description: "Sheriff's fee: service of summons", amount_cents: 450_00 + i * 35_00, vatable: 0, daysAgo: 9 },
        { description: "Counsel's fee: opinion on the merits", amount_cents: 3_500_00, vatable: 1, daysAgo: 4 },
      ];
      for (const row of rows) {
        const date = day(new Date(now.getTime() - row.daysAgo * DAY_MS));
        await db
          .insertInto('disbursements')
          .values({ id: randomUUID(), organization_id: firm.id, case_id: matter.id, date, description: row.description, amount_cents: row.amount_cents, vatable: row.vatable, recorded_by: matter.case_manager_id, created_at: `${date}T08:30:00.000Z` })
          .execute();
      }
    }
  }
}
