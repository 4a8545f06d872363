import type { Kysely } from 'kysely';

// Retention counts from the first time a case was completed (issue 16). completed_at is the current
// completion (SPEC §3.2 completedAt): reopening clears it and closing again moves it, which lifted
// the retention hold — reopen, delete the records, close. first_completed_at is set once, the first
// time a case reaches Completed, and never changes; the hold reads it. Cases completed before this
// migration take their current completion date, the best record there is of the first one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cases').addColumn('first_completed_at', 'text').execute();
  await db
    .updateTable('cases')
    .set((eb) => ({ first_completed_at: eb.ref('completed_at') }))
    .where('completed_at', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('first_completed_at').execute();
}
