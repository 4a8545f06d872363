import type { Kysely } from 'kysely';

// The Super Admin support bell (SPEC §2.10): its badge counts Open chats created after the bell was
// last opened, per user and across devices, so the moment is kept on the server. Null = never opened
// (every Open chat counts). ISO-8601 UTC text, like every other timestamp.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('bell_opened_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('bell_opened_at').execute();
}
