import type { Kysely } from 'kysely';

// Case cost summaries a page at a time (issue 9): the organisation's cases in patient-name order
// straight from an index, each checked for a time entry through time_entries_org_case_idx, so the
// first pages read a few dozen index entries instead of summing every time entry of a hospital.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('cases_org_patient_name_idx').on('cases').columns(['organization_id', 'patient_name', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cases_org_patient_name_idx').execute();
}
