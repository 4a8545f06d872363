import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

// Numbers a firm or practice prints (account, receipt, claim batch; fee notes) come from one
// per-organisation counter, taken inside the transaction that writes the numbered row
// (ARCHITECTURE "Money"): the row lock of the UPDATE serialises concurrent takers on Postgres, the
// single writer does on SQLite, and a rolled-back transaction gives its number back — so a number is
// never issued twice, and a number that was printed is never reused. Never max()+1.

export type TNumberSeries = 'account' | 'receipt' | 'claim' | 'fee-note' | 'credit-note' | 'fee-receipt' | 'trust-entry';

/** The next number of the series for the organisation (1 for the first); call it inside the writing transaction. */
export async function takeNextNumber(trx: Transaction<DB> | Kysely<DB>, organizationId: string, series: TNumberSeries): Promise<number> {
  await trx
    .insertInto('number_series')
    .values({ organization_id: organizationId, series, last_number: 0 })
    .onConflict((oc) => oc.columns(['organization_id', 'series']).doNothing())
    .execute();
  const row = await trx
    .updateTable('number_series')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('organization_id', '=', organizationId)
    .where('series', '=', series)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}
