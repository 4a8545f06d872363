import type { Kysely } from 'kysely';

// Portable across SQLite and Postgres: ids are text (UUIDs), timestamps are ISO-8601 UTC text,
// booleans are integer 0/1, money is integer cents, lists and maps are JSON text.
// See docs/decisions/0002-portable-column-types.md. Frozen once landed: change with a new migration.

const ts = 'text'; // ISO-8601 UTC, produced only by db/time.ts

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('province', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('registration_number', 'text')
    .addColumn('total_beds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('trial_ends_at', ts)
    .addColumn('max_users', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organizations_name_idx').on('organizations').column('name').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique()) // stored lower-cased
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('department', 'text')
    .addColumn('profile_image_url', 'text')
    .addColumn('is_super_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_seen_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('memberships_org_user_uq', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();
  await db.schema.createIndex('memberships_org_role_idx').on('memberships').columns(['organization_id', 'role']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // SHA-256 of the token, hex; the token itself is never stored
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_active_at', ts, (c) => c.notNull())
    .addColumn('idle_expires_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey()) // 'account:<email>' or 'address:<ip>'
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .execute();

  await db.schema
    .createTable('cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('patient_name', 'text', (c) => c.notNull())
    .addColumn('patient_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('case_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('Medium'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Scheduled'))
    .addColumn('scheduled_date', ts)
    .addColumn('assigned_doctor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_nurse_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('case_manager_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('department', 'text')
    .addColumn('admission_date', ts)
    .addColumn('estimated_discharge', ts)
    .addColumn('completed_at', ts)
    .addColumn('progress_percentage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bed_number', 'text')
    .addColumn('treatment_plan', 'text')
    .addColumn('notes', 'text')
    .addColumn('urgent_flags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cases_org_created_idx').on('cases').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('cases_org_status_idx').on('cases').columns(['organization_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('cases_patient_user_idx').on('cases').column('patient_user_id').execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('start_time', ts, (c) => c.notNull())
    .addColumn('end_time', ts, (c) => c.notNull())
    .addColumn('appointment_type', 'text', (c) => c.notNull().defaultTo('Consultation'))
    .addColumn('location', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Scheduled'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointments_org_start_idx').on('appointments').columns(['organization_id', 'start_time']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('message_type', 'text', (c) => c.notNull().defaultTo('broadcast'))
    .addColumn('patient_case_id', 'text', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_org_created_idx').on('messages').columns(['organization_id', 'created_at']).execute();

  // One row per recipient: read state is per person, also for broadcasts.
  await db.schema
    .createTable('message_recipients')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('read_at', ts)
    .addPrimaryKeyConstraint('message_recipients_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('message_recipients_user_read_idx').on('message_recipients').columns(['user_id', 'read_at']).execute();

  await db.schema
    .createTable('educational_resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('target_roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('url', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resources_org_category_idx').on('educational_resources').columns(['organization_id', 'category', 'type']).execute();

  await db.schema
    .createTable('beds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('bed_number', 'text', (c) => c.notNull())
    .addColumn('ward', 'text', (c) => c.notNull())
    .addColumn('bed_type', 'text', (c) => c.notNull().defaultTo('General'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Available'))
    .addColumn('assigned_nurse_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('patient_id', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('beds_org_number_uq', ['organization_id', 'bed_number'])
    .execute();
  await db.schema.createIndex('beds_org_ward_idx').on('beds').columns(['organization_id', 'ward', 'status']).execute();

  await db.schema
    .createTable('bed_assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('bed_id', 'text', (c) => c.notNull().references('beds.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('assigned_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', ts, (c) => c.notNull())
    .addColumn('released_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('released_at', ts)
    .execute();
  await db.schema.createIndex('bed_assignments_bed_idx').on('bed_assignments').columns(['bed_id', 'assigned_at']).execute();
  await db.schema.createIndex('bed_assignments_org_idx').on('bed_assignments').columns(['organization_id', 'assigned_at']).execute();

  await db.schema
    .createTable('crm_integrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('disconnected'))
    .addColumn('last_sync', ts)
    .addColumn('configuration', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crm_org_idx').on('crm_integrations').columns(['organization_id', 'name']).execute();

  await db.schema
    .createTable('staff_hourly_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('hourly_rate_cents', 'integer', (c) => c.notNull())
    .addColumn('effective_date', 'text', (c) => c.notNull()) // YYYY-MM-DD
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rates_org_user_date_idx')
    .on('staff_hourly_rates')
    .columns(['organization_id', 'user_id', 'effective_date'])
    .execute();

  await db.schema
    .createTable('time_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('start_time', ts, (c) => c.notNull())
    .addColumn('end_time', ts)
    .addColumn('duration_minutes', 'integer')
    .addColumn('hourly_rate_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cost_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('time_entries_org_case_idx').on('time_entries').columns(['organization_id', 'case_id', 'start_time']).execute();
  await db.schema.createIndex('time_entries_org_start_idx').on('time_entries').columns(['organization_id', 'start_time']).execute();

  await db.schema
    .createTable('support_chats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('initiator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('Medium'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Open'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_chats_status_idx').on('support_chats').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('support_chats_initiator_idx').on('support_chats').columns(['initiator_id', 'created_at']).execute();
  await db.schema.createIndex('support_chats_org_idx').on('support_chats').columns(['organization_id', 'created_at']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('support_chats.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('message_type', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_chat_idx').on('chat_messages').columns(['chat_id', 'created_at']).execute();

  await db.schema
    .createTable('trial_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_name', 'text', (c) => c.notNull())
    .addColumn('organization_type', 'text', (c) => c.notNull())
    .addColumn('contact_person_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('province', 'text')
    .addColumn('estimated_beds', 'integer')
    .addColumn('estimated_staff', 'integer')
    .addColumn('current_system', 'text')
    .addColumn('how_did_you_hear', 'text')
    .addColumn('specific_needs', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', ts)
    .addColumn('rejection_reason', 'text')
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trial_requests_status_idx').on('trial_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('registration_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_name', 'text', (c) => c.notNull())
    .addColumn('contact_person', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('organization_type', 'text')
    .addColumn('platform', 'text')
    .addColumn('message', 'text')
    .addColumn('user_count', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  // Append-only; each row's hash chains to the previous row's (issue: audit trail).
  await db.schema
    .createTable('audit_events')
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('occurred_at', ts, (c) => c.notNull())
    .addColumn('organization_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('role', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_org_time_idx').on('audit_events').columns(['organization_id', 'occurred_at']).execute();
  await db.schema.createIndex('audit_entity_idx').on('audit_events').columns(['entity_type', 'entity_id', 'occurred_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_events', 'registration_requests', 'trial_requests', 'chat_messages', 'support_chats',
    'time_entries', 'staff_hourly_rates', 'crm_integrations', 'bed_assignments', 'beds',
    'educational_resources', 'message_recipients', 'messages', 'appointments', 'cases',
    'login_throttle', 'sessions', 'memberships', 'users', 'organizations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
