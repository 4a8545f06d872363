import { type Kysely, sql } from 'kysely';

// An SA ID number is one person's, per organisation (issue 32, decision 0058). The people service
// refuses a second live record with the same number (409 naming the one that holds it); this index
// holds the rule when two clerks save at the same moment. A record merged away keeps its number
// (it names its survivor), so only live records are in the index. The number is stored as typed
// digits (decision 0042 masks it at every exit, it is not hashed), so a plain unique index serves.
//
// An install that already holds two live records with one number (saved before this rule) gets no
// index rather than a failed upgrade: its duplicates are for an Administrator to merge, which the
// running application offers, and the service refuses any new one meanwhile. The count is logged.

export const PEOPLE_ID_NUMBER_INDEX = 'people_org_id_number_live_uq';

export async function up(db: Kysely<any>): Promise<void> {
  const duplicates = await sql<{ n: number | string }>`
    select count(*) as n from (
      select organization_id, id_number from people
      where id_number is not null and merged_into_id is null
      group by organization_id, id_number having count(*) > 1
    ) d`.execute(db);
  const groups = Number(duplicates.rows[0]?.n ?? 0);
  if (groups > 0) {
    console.warn(
      `[migration 0024] ${groups} SA ID number(s) are held by more than one live person record; the unique index ${PEOPLE_ID_NUMBER_INDEX} is not created. Merge the duplicates (People → person → Merge); new duplicates are refused meanwhile.`,
    );
    return;
  }
  await sql`create unique index ${sql.raw(PEOPLE_ID_NUMBER_INDEX)} on people (organization_id, id_number) where id_number is not null and merged_into_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists ${sql.raw(PEOPLE_ID_NUMBER_INDEX)}`.execute(db);
}
