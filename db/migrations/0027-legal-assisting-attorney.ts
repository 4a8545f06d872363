import { type Kysely, sql } from 'kysely';

// Issue 32: on the legal platform the second §3.2 slot was labelled "Advocate", so the firm's own
// members (a forensic accountant, a consultant) stood as counsel. Briefed counsel is a party of the
// matter; the slot is now the assisting attorney. A legal case's member in that slot (the user the
// case's assigned_nurse_id names) moves to the new role; any other 'advocate' row stays as it was.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update case_team set role_on_case = 'assisting-attorney'
    where role_on_case = 'advocate'
      and organization_id in (select id from organizations where platform = 'legal')
      and user_id = (select assigned_nurse_id from cases where cases.id = case_team.case_id)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update case_team set role_on_case = 'advocate' where role_on_case = 'assisting-attorney'`.execute(db);
}
