import { type Kysely, sql } from 'kysely';

// Indexes for the dashboards' figures and the message list (issue 30; the bench found them at 16–27 ms a call alone):
// - settlement_events (organization_id, occurred_on, created_at): the Settlements panel's latest
//   events walk the organisation's log newest first and stop at five, instead of reading every
//   matter of the organisation and sorting all its events.
// - cases_on_time_idx, partial: "team efficiency" counts the completed cases that had an estimated
//   discharge and how many finished by it. Only those rows are in the index, with both dates (and
//   the status, which SQLite must find in the index to leave the table alone), so the count reads
//   the index alone instead of a third of the organisation's cases from the table.
//   The query must name the index's conditions as literals (dashboard.service.ts) for either
//   database to use it.
// And for the message list (the bench: 33 ms a call alone for someone sent few messages in a
// hospital of 20,000): message_recipients.created_at, the message's own time copied onto each of its
// recipient rows, with (user_id, organization_id, created_at). A person's newest messages are then
// the first entries of that index, instead of a walk through every message of the organisation,
// newest first, until enough of them are theirs. Set with the row (messages.service.ts); the column
// is nullable only because SQLite adds no NOT NULL column to a filled table — filled here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('message_recipients').addColumn('created_at', 'text').execute();
  await sql`update message_recipients set created_at = (select m.created_at from messages m where m.id = message_recipients.message_id)`.execute(db);
  await db.schema.createIndex('message_recipients_user_time_idx').on('message_recipients').columns(['user_id', 'organization_id', 'created_at']).execute();
  await db.schema.createIndex('settlement_events_org_date_idx').on('settlement_events').columns(['organization_id', 'occurred_on', 'created_at']).execute();
  await sql`create index cases_on_time_idx on cases (organization_id, completed_at, estimated_discharge, status)
    where status = 'Completed' and completed_at is not null and estimated_discharge is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cases_on_time_idx').execute();
  await db.schema.dropIndex('settlement_events_org_date_idx').execute();
  await db.schema.dropIndex('message_recipients_user_time_idx').execute();
  await db.schema.alterTable('message_recipients').dropColumn('created_at').execute();
}
