import type { ColumnType, Generated } from 'kysely';
import type { TNotificationEmailState, TNotificationKind, TNotificationType } from '../src/shared/domain/notifications';

// Tables of migration 0015 (issue 21): appointment attendees, private calendar feeds,
// notifications and the kinds each person also wants by e-mail.

type Timestamp = string;
type Enum<T> = ColumnType<T, T, T>;

export interface AppointmentAttendeesTable {
  appointment_id: string;
  user_id: string;
  organization_id: string;
}

export interface CalendarFeedsTable {
  user_id: string;
  organization_id: string;
  /** SHA-256 (hex) of the token in the feed's address; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: string;
  organization_id: string;
  user_id: string;
  kind: Enum<TNotificationKind>;
  type: Enum<TNotificationType>;
  title: string;
  message: string;
  href: string | null;
  dedupe_key: string | null;
  read_at: Timestamp | null;
  email_state: Generated<TNotificationEmailState>;
  created_at: Timestamp;
}

export interface NotificationEmailKindsTable {
  user_id: string;
  organization_id: string;
  kind: Enum<TNotificationKind>;
}

export interface WorkingWeekTables {
  appointment_attendees: AppointmentAttendeesTable;
  calendar_feeds: CalendarFeedsTable;
  notifications: NotificationsTable;
  notification_email_kinds: NotificationEmailKindsTable;
}
