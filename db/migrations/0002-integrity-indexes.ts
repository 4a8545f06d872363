import { type Kysely, sql } from 'kysely';

// Rules the services check, made airtight against concurrent writers (both dialects support
// partial and expression indexes):
// - one running time entry per person per case;
// - one hourly rate per staff member per effective date;
// - CRM integration names unique per organisation, ignoring (ASCII) case.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('time_entries_one_running_uq')
    .on('time_entries')
    .columns(['organization_id', 'user_id', 'case_id'])
    .unique()
    .where(sql.ref('end_time'), 'is', null)
    .execute();
  await db.schema
    .createIndex('rates_one_per_day_uq')
    .on('staff_hourly_rates')
    .columns(['organization_id', 'user_id', 'effective_date'])
    .unique()
    .execute();
  await db.schema
    .createIndex('crm_name_per_org_uq')
    .on('crm_integrations')
    .columns(['organization_id'])
    .expression(sql`lower(name)`)
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('crm_name_per_org_uq').ifExists().execute();
  await db.schema.dropIndex('rates_one_per_day_uq').ifExists().execute();
  await db.schema.dropIndex('time_entries_one_running_uq').ifExists().execute();
}
