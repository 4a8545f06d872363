import type { Kysely } from 'kysely';

// Indexes for issue 9's large organisations.
// - Case cost summaries a page at a time: the organisation's cases in patient-name order straight
//   from an index, each checked for a time entry through time_entries_org_case_idx, so the first
//   pages read a few dozen index entries instead of summing every time entry of a hospital.
// - A message's case: removing a case sets its messages' patient_case_id to null (the foreign key),
//   and without an index each removal read every message of every organisation.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('cases_org_patient_name_idx').on('cases').columns(['organization_id', 'patient_name', 'id']).execute();
  await db.schema.createIndex('messages_case_idx').on('messages').column('patient_case_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_case_idx').execute();
  await db.schema.dropIndex('cases_org_patient_name_idx').execute();
}
