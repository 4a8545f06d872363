import { type Kysely, sql } from 'kysely';

// The case file (issue 18): the case becomes the record the team works in.
// - cases: `version` (+1 on every change; a write names the version it saw), `reference` (human,
//   unique per organisation, e.g. TCH-2026-00123) and `restricted` (need to know).
// - case_reference_counters: the last number handed out per organisation and year.
// - case_team: any number of members with a role on the case; the three fixed slots of §3.2
//   (assigned_doctor_id, assigned_nurse_id, case_manager_id) are copied in. The columns stay as the
//   §3.2 projection of the team (the first member in each of those roles), kept in step by the
//   team service (docs/decisions/0032-case-file-team-versions-restricted.md).
// - case_notes: append-only; an amendment is a new row naming the one it amends.
// - tasks: a real task on a case, with an assignee, a due date and who completed it when.
// - case_events: the case's timeline, written by services in the same transaction as the change.
// - break_glass_grants: a non-member's reason-given, time-limited read of a restricted case.
// Portable types (decision 0002): text ids, ISO-8601 text timestamps, 0/1 integers.

/**
 * Up to four capitals from the organisation's name: "Tshwane Central Hospital" → "TCH". Frozen with
 * the migration; organisations created later get theirs from src/shared/domain/case-reference.ts.
 */
function referencePrefixOf(name: string): string {
  const initials = name
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0 && !['of', 'and', 'the', 'for'].includes(word.toLowerCase()))
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (initials || 'CASE').slice(0, 4);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('case_reference_prefix', 'text').execute();
  await db.schema.alterTable('cases').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('cases').addColumn('reference', 'text').execute();
  await db.schema.alterTable('cases').addColumn('restricted', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('case_reference_counters')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_reference_counters_pk', ['organization_id', 'year'])
    .execute();

  // Existing cases get references in the order they were opened, per organisation and year — one
  // set-based statement per organisation (a large install has a million cases; a round trip per case
  // would hold the upgrade for minutes). The year is the UTC year of created_at here; new cases count
  // in South African years (case-reference-numbers.ts), which only differs for the last two hours of
  // 31 December, and numbering continues from these counters either way.
  const organizations = await db.selectFrom('organizations').select(['id', 'name']).execute();
  for (const org of organizations) {
    const prefix = referencePrefixOf(org.name);
    await db.updateTable('organizations').set({ case_reference_prefix: prefix }).where('id', '=', org.id).execute();
    await sql`
      update cases set reference = numbered.reference
      from (
        select id, ${prefix} || '-' || year || '-' ||
               case when n < 10 then '0000' when n < 100 then '000' when n < 1000 then '00' when n < 10000 then '0' else '' end
               || cast(n as text) as reference
        from (
          select id, substr(created_at, 1, 4) as year,
                 row_number() over (partition by substr(created_at, 1, 4) order by created_at, id) as n
          from cases where organization_id = ${org.id}
        ) ranked
      ) numbered
      where cases.id = numbered.id
    `.execute(db);
    await sql`
      insert into case_reference_counters (organization_id, year, last_number)
      select organization_id, cast(substr(created_at, 1, 4) as integer), count(*)
      from cases where organization_id = ${org.id}
      group by organization_id, cast(substr(created_at, 1, 4) as integer)
    `.execute(db);
  }
  await db.schema.createIndex('cases_reference_idx').on('cases').columns(['organization_id', 'reference']).unique().execute();

  await db.schema
    .createTable('case_team')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_on_case', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_team_member_idx').on('case_team').columns(['case_id', 'user_id', 'role_on_case']).unique().execute();
  await db.schema.createIndex('case_team_user_idx').on('case_team').columns(['organization_id', 'user_id', 'case_id']).execute();

  // The three slots become team members, in the roles the platform's labels named them.
  const slots = [
    ['assigned_doctor_id', 'attending_doctor', 'responsible_attorney'],
    ['assigned_nurse_id', 'nurse', 'advocate'],
    ['case_manager_id', 'case_manager', 'case_coordinator'],
  ] as const;
  for (const [column, healthcareRole, legalRole] of slots) {
    await sql`
      insert into case_team (id, organization_id, case_id, user_id, role_on_case, added_by, added_at)
      select ${sql.lit(`${column}:`)} || cases.id, cases.organization_id, cases.id, cases.${sql.ref(column)},
             case when organizations.platform = 'healthcare' then ${sql.lit(healthcareRole)} else ${sql.lit(legalRole)} end,
             cases.created_by, cases.created_at
      from cases join organizations on organizations.id = cases.organization_id
      where cases.${sql.ref(column)} is not null
    `.execute(db);
  }

  await db.schema
    .createTable('case_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('amends_id', 'text', (c) => c.references('case_notes.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_notes_case_idx').on('case_notes').columns(['case_id', 'created_at']).execute();
  // One amendment per note: a later correction amends the amendment, so the chain stays a line.
  await db.schema.createIndex('case_notes_amends_idx').on('case_notes').column('amends_id').unique().execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_date', 'text')
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('Medium'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('completed_at', 'text')
    .addColumn('completed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_assignee_idx').on('tasks').columns(['organization_id', 'assignee_id', 'status', 'due_date']).execute();
  await db.schema.createIndex('tasks_case_idx').on('tasks').columns(['case_id', 'created_at']).execute();

  await db.schema
    .createTable('case_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // Keyset pages, newest first: (at, id) below the cursor.
  await db.schema.createIndex('case_events_case_idx').on('case_events').columns(['case_id', 'at', 'id']).execute();

  await db.schema
    .createTable('break_glass_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('break_glass_case_user_idx').on('break_glass_grants').columns(['case_id', 'user_id', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['break_glass_grants', 'case_events', 'tasks', 'case_notes', 'case_team', 'case_reference_counters']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('cases_reference_idx').execute();
  for (const column of ['restricted', 'reference', 'version']) await db.schema.alterTable('cases').dropColumn(column).execute();
  await db.schema.alterTable('organizations').dropColumn('case_reference_prefix').execute();
}
