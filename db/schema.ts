import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CaseFileTables } from './schema-case-file';
import type { LitigationTables } from './schema-litigation';
import type { PeopleTables } from './schema-people';
import type { WorkingWeekTables } from './schema-working-week';
import type { ClinicalRecordTables } from './schema-clinical-record';
import type { ClinicalEpisodeTables } from './schema-clinical-episode';
import type { IntakeTables } from './schema-intake';
import type { AccountsTables } from './schema-accounts';
import type { FeesTables } from './schema-fees';
import type { ContingencyTables } from './schema-contingency';
import type { TrustTables } from './schema-trust';
import type { TMessageAudience } from '../src/shared/domain/messages';

// The Database interface Kysely types queries against. Column conventions (see
// docs/decisions/0002-portable-column-types.md): ISO-8601 UTC text timestamps, 0/1 integer
// booleans, integer cents for money, JSON text for lists.

type Timestamp = string;
type Flag = number; // 0 | 1
type JsonText = string;

export interface OrganizationsTable {
  id: string;
  slug: string;
  name: string;
  platform: string;
  type: string;
  address: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  registration_number: string | null;
  total_beds: Generated<number>;
  is_active: Generated<Flag>;
  plan: Generated<string>;
  trial_ends_at: Timestamp | null;
  max_users: number | null;
  /** 1 = every member must sign in with a second factor (set by an Administrator). */
  require_two_factor: Generated<Flag>;
  /** The start of the organisation's case references ("TCH" of TCH-2026-00123); set at creation (0012). */
  case_reference_prefix: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  department: string | null;
  profile_image_url: string | null;
  is_super_admin: Generated<Flag>;
  is_active: Generated<Flag>;
  last_seen_at: Timestamp | null;
  /** When this user last opened the support bell (Super Admin); null = never. */
  bell_opened_at: Timestamp | null;
  /** Base32 TOTP secret once two-factor sign-in is enrolled; null = not enrolled. */
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  totp_last_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: string;
  status: Generated<string>;
  /** 0028: the treating clinician's own BHF practice number (issue 33). */
  practitioner_number: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  organization_id: string | null;
  created_at: Timestamp;
  last_active_at: Timestamp;
  idle_expires_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface CasesTable {
  id: string;
  organization_id: string;
  patient_name: string;
  patient_user_id: string | null;
  case_type: string;
  description: string | null;
  priority: Generated<string>;
  status: Generated<string>;
  scheduled_date: Timestamp | null;
  assigned_doctor_id: string | null;
  assigned_nurse_id: string | null;
  case_manager_id: string | null;
  department: string | null;
  admission_date: Timestamp | null;
  estimated_discharge: Timestamp | null;
  completed_at: Timestamp | null;
  /** The first time the case reached Completed; never cleared or moved: retention counts from it (0009). */
  first_completed_at: Timestamp | null;
  /** When the case was de-identified after its retention period; null = not de-identified. */
  deidentified_at: Timestamp | null;
  progress_percentage: Generated<number>;
  bed_number: string | null;
  treatment_plan: string | null;
  notes: string | null;
  urgent_flags: Generated<JsonText>;
  /** +1 on every change; a write names the version it saw, a stale one is 409 (0012). */
  version: Generated<number>;
  /** Human-readable, unique per organisation: TCH-2026-00123 (0012). */
  reference: string | null;
  /** 1 = need to know: only the team, Administrators and the Super Admin read it (0012). */
  restricted: Generated<Flag>;
  /** The person of the registry this case belongs to (0013). */
  person_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppointmentsTable {
  id: string;
  organization_id: string;
  case_id: string | null;
  title: string;
  description: string | null;
  start_time: Timestamp;
  end_time: Timestamp;
  appointment_type: Generated<string>;
  location: string | null;
  status: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** +1 on every change (issue 21); a write names the version it saw. */
  version: Generated<number>;
}

export interface MessagesTable {
  id: string;
  organization_id: string;
  sender_id: string | null;
  recipient_id: string | null;
  subject: string;
  content: string;
  message_type: Generated<string>;
  patient_case_id: string | null;
  created_at: Timestamp;
  /** Issue 21: the first message of the thread (itself for a first message; null before 0015). */
  thread_id: string | null;
  /** The message this one answers. */
  parent_id: string | null;
  audience: Generated<TMessageAudience>;
  audience_label: string | null;
}

export interface MessageRecipientsTable {
  message_id: string;
  user_id: string;
  organization_id: string;
  read_at: Timestamp | null;
  /** 0018: the message's created_at, so a person's newest messages are an index walk. */
  created_at: Timestamp;
}

export interface EducationalResourcesTable {
  id: string;
  organization_id: string;
  title: string;
  description: string | null;
  type: string;
  duration_minutes: number | null;
  category: string;
  target_roles: Generated<JsonText>;
  url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BedsTable {
  id: string;
  organization_id: string;
  bed_number: string;
  ward: string;
  bed_type: Generated<string>;
  status: Generated<string>;
  assigned_nurse_id: string | null;
  patient_id: string | null;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BedAssignmentsTable {
  id: string;
  organization_id: string;
  bed_id: string;
  patient_id: string;
  case_id: string | null;
  assigned_by: string | null;
  assigned_at: Timestamp;
  released_by: string | null;
  released_at: Timestamp | null;
  /** The admission this stay in the bed belongs to (0016); null for a quick Assign. */
  admission_id: Generated<string | null>;
}

export interface CrmIntegrationsTable {
  id: string;
  organization_id: string;
  name: string;
  status: Generated<string>;
  last_sync: Timestamp | null;
  configuration: Generated<JsonText>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StaffHourlyRatesTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: string;
  hourly_rate_cents: number;
  effective_date: string; // YYYY-MM-DD
  created_at: Timestamp;
}

export interface TimeEntriesTable {
  id: string;
  organization_id: string;
  case_id: string;
  user_id: string;
  role: string;
  description: string | null;
  start_time: Timestamp;
  end_time: Timestamp | null;
  duration_minutes: number | null;
  hourly_rate_cents: number;
  total_cost_cents: Generated<number>;
  created_at: Timestamp;
}

export interface SupportChatsTable {
  id: string;
  organization_id: string | null;
  initiator_id: string;
  title: string;
  category: string;
  priority: Generated<string>;
  status: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatMessagesTable {
  id: string;
  chat_id: string;
  organization_id: string | null;
  sender_id: string;
  message: string;
  message_type: Generated<string>;
  created_at: Timestamp;
}

export interface TrialRequestsTable {
  id: string;
  organization_name: string;
  organization_type: string;
  contact_person_name: string;
  email: string;
  phone: string | null;
  city: string | null;
  province: string | null;
  estimated_beds: number | null;
  estimated_staff: number | null;
  current_system: string | null;
  how_did_you_hear: string | null;
  specific_needs: string | null;
  /** healthcare | legal | medicolegal (migration 0011; older requests were all healthcare). */
  platform: Generated<string>;
  status: Generated<string>;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  rejection_reason: string | null;
  organization_id: string | null;
  created_at: Timestamp;
}

export interface RegistrationRequestsTable {
  id: string;
  organization_name: string;
  contact_person: string;
  email: string;
  phone: string | null;
  organization_type: string | null;
  platform: string | null;
  message: string | null;
  user_count: string | null;
  created_at: Timestamp;
  /** new | in_progress | closed (migration 0011): the Super Admin's handling of the request. */
  status: Generated<string>;
  status_changed_at: Timestamp | null;
  status_changed_by: string | null;
}

export interface AuditEventsTable {
  seq: number;
  id: string;
  occurred_at: Timestamp;
  organization_id: string | null;
  user_id: string | null;
  role: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  outcome: string;
  ip: string | null;
  user_agent: string | null;
  details: Generated<JsonText>;
  /** The case this entry concerns (the case itself, or its cost, document, message …): the access report's key. */
  case_id: string | null;
  prev_hash: string;
  hash: string;
}

export interface AuditChainHeadTable {
  id: number; // always 1
  seq: number;
  hash: string;
  /** 0017: a random UUID naming this trail, set by its first append; checkpoint lines carry it. */
  trail_id: string | null;
  /** 0017: seq of the first keyed (HMAC) entry; unkeyed entries from there on are forged. */
  keyed_since: number | null;
  /** 0017: newest seq a checkpoint was fsynced for, as far as this database knows (decision 0044). */
  checkpointed_seq: number | null;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface LoginChallengesTable {
  id: string; // SHA-256 of the challenge token
  user_id: string;
  organization_id: string | null;
  purpose: string; // 'verify' | 'enrol'
  pending_secret: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Issue 16: single-use password reset links (migration 0009). */
export interface PasswordResetTokensTable {
  id: string; // SHA-256 of the token in the e-mailed link; the token itself is never stored
  user_id: string;
  /** Who sent the link: null when the account holder asked at /forgot-password. */
  requested_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface TestResultsTable {
  id: string;
  organization_id: string;
  case_id: string;
  test_name: string;
  category: string;
  result_summary: string;
  reference_range: string | null;
  status: Generated<string>;
  ordered_by: string | null;
  ordered_at: Timestamp;
  resulted_at: Timestamp | null;
  created_at: Timestamp;
  // 0016: what a clinician enters.
  value: Generated<string | null>;
  unit: Generated<string | null>;
  flag: Generated<string | null>;
  report_document_id: Generated<string | null>;
  entered_by: Generated<string | null>;
  // 0021: held from the portal until a clinician releases it.
  released_at: Generated<Timestamp | null>;
  released_by: Generated<string | null>;
}

export interface MedicationsTable {
  id: string;
  organization_id: string;
  case_id: string;
  name: string;
  dosage: string;
  frequency: string;
  instructions: string | null;
  prescribed_by: string | null;
  start_date: string; // YYYY-MM-DD
  end_date: string | null; // YYYY-MM-DD
  status: Generated<string>;
  created_at: Timestamp;
  // 0016
  route: Generated<string | null>;
  stopped_by: Generated<string | null>;
  stopped_at: Generated<Timestamp | null>;
  // 0021: the prescriber's role when prescribing; continue / stop from the discharge review.
  prescriber_role: Generated<string | null>;
  discharge_action: Generated<'continue' | 'stop' | null>;
}

export interface PatientProfilesTable {
  user_id: string;
  organization_id: string;
  date_of_birth: string | null; // YYYY-MM-DD
  phone: string | null;
  address: string | null;
  emergency_contact_name: string | null;
  emergency_contact_relationship: string | null;
  emergency_contact_phone: string | null;
  medical_aid_scheme: string | null;
  medical_aid_number: string | null;
  medical_aid_main_member: string | null;
  updated_at: Timestamp;
}

export interface EmailOutboxTable {
  id: string;
  organization_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  status: string; // 'stored' (no SMTP) | 'queued' | 'sent' | 'failed'
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface InvitationsTable {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  first_name: string | null;
  last_name: string | null;
  token_hash: string;
  status: string; // 'pending' | 'accepted' | 'revoked'
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocumentsTable {
  id: string;
  organization_id: string;
  case_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: string | null;
  created_at: Timestamp;
  // 0016: a medicolegal case's hospital records ('hospital_record'), with what they cover.
  record_type: Generated<string | null>;
  source_facility: Generated<string | null>;
  records_from: Generated<string | null>; // YYYY-MM-DD
  records_to: Generated<string | null>; // YYYY-MM-DD
  page_count: Generated<number | null>;
}

export interface DocumentContentsTable {
  document_id: string;
  content: Uint8Array; // BLOB on SQLite, BYTEA on Postgres
}

/** Cases per organisation and status, kept by triggers (migration 0007) so list totals need no count. */
export interface CaseCountsTable {
  organization_id: string;
  status: string;
  n: number;
}

export interface DB extends CaseFileTables, PeopleTables, LitigationTables, WorkingWeekTables, ClinicalRecordTables, ClinicalEpisodeTables, IntakeTables, AccountsTables, FeesTables, TrustTables, ContingencyTables {
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  cases: CasesTable;
  case_counts: CaseCountsTable;
  appointments: AppointmentsTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  educational_resources: EducationalResourcesTable;
  beds: BedsTable;
  bed_assignments: BedAssignmentsTable;
  crm_integrations: CrmIntegrationsTable;
  staff_hourly_rates: StaffHourlyRatesTable;
  time_entries: TimeEntriesTable;
  support_chats: SupportChatsTable;
  chat_messages: ChatMessagesTable;
  trial_requests: TrialRequestsTable;
  registration_requests: RegistrationRequestsTable;
  audit_events: AuditEventsTable;
  audit_chain_head: AuditChainHeadTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  password_reset_tokens: PasswordResetTokensTable;
  test_results: TestResultsTable;
  medications: MedicationsTable;
  patient_profiles: PatientProfilesTable;
  email_outbox: EmailOutboxTable;
  invitations: InvitationsTable;
  documents: DocumentsTable;
  document_contents: DocumentContentsTable;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type NewOrganizationRow = Insertable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
