import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

// Issue 34: the law firm's trust account starts with money held for the client of its first matter —
// R50 000 paid into trust, counsel paid R3 500 from it — numbered from the firm's trust series, with
// the matter's stored balances equal to the entries (trust-books.ts keeps them so afterwards).

const DAY_MS = 86_400_000;

export async function seedTrust(db: Kysely<DB>, now: Date): Promise<void> {
  const firms = await db.selectFrom('organizations').select('id').where('platform', '=', 'legal').orderBy('created_at').execute();
  for (const firm of firms) {
    const matter = await db.selectFrom('cases').select(['id', 'patient_name', 'case_manager_id']).where('organization_id', '=', firm.id).orderBy('created_at').executeTakeFirst();
    if (!matter) continue;
    const entries = [
      { kind: 'receipt' as const, amount_cents: 50_000_00, reference: 'EFT from client', counterparty: matter.patient_name, daysAgo: 20 },
      { kind: 'payment' as const, amount_cents: -3_500_00, reference: "Counsel's fee: opinion on the merits", counterparty: 'Adv. N. Botha', daysAgo: 15 },
    ];
    for (const [i, e] of entries.entries()) {
      const date = new Date(now.getTime() - e.daysAgo * DAY_MS).toISOString().slice(0, 10);
      await db
        .insertInto('trust_entries')
        .values({
          id: randomUUID(), organization_id: firm.id, case_id: matter.id, number: i + 1, account: 'bank', investment_id: null, kind: e.kind, date, amount_cents: e.amount_cents,
          reference: e.reference, counterparty: e.counterparty, fee_note_id: null, fee_receipt_id: null, reverses_id: null, recorded_by: matter.case_manager_id, created_at: `${date}T09:00:00.000Z`,
        })
        .execute();
    }
    await db.insertInto('number_series').values({ organization_id: firm.id, series: 'trust-entry', last_number: entries.length }).execute();
    const balance = entries.reduce((sum, e) => sum + e.amount_cents, 0);
    await db.insertInto('trust_balances').values({ organization_id: firm.id, case_id: matter.id, bank_cents: balance, invested_cents: 0, updated_at: now.toISOString() }).execute();
  }
}
