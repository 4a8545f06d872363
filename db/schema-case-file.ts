import type { ColumnType, Generated } from 'kysely';
import type { TTaskPriority, TTaskStatus } from '../src/shared/domain/case-tasks';
import type { TCaseEventKind } from '../src/shared/domain/case-timeline';

// The tables of the case file (migration 0012, issue 18): the team, notes, tasks, timeline and
// break-glass grants of one case. Split from schema.ts, which was past 400 lines; the same column
// conventions apply (decision 0002).

type Timestamp = string;
type JsonText = string;

export interface CaseReferenceCountersTable {
  organization_id: string;
  year: number;
  last_number: number;
}

export interface CaseTeamTable {
  id: string;
  organization_id: string;
  case_id: string;
  user_id: string;
  /** A key of CASE_TEAM_ROLES (src/shared/domain/case-team.ts). */
  role_on_case: string;
  added_by: string | null;
  added_at: Timestamp;
}

export interface CaseNotesTable {
  id: string;
  organization_id: string;
  case_id: string;
  kind: string;
  body: string;
  author_id: string | null;
  /** The note this one amends; the amended note stays, shown as amended. */
  amends_id: string | null;
  created_at: Timestamp;
}

export interface TasksTable {
  id: string;
  organization_id: string;
  case_id: string;
  title: string;
  assignee_id: string | null;
  /** YYYY-MM-DD, a South African calendar day; null = no due date. */
  due_date: string | null;
  priority: ColumnType<TTaskPriority, TTaskPriority | undefined, TTaskPriority>;
  status: ColumnType<TTaskStatus, TTaskStatus | undefined, TTaskStatus>;
  completed_at: Timestamp | null;
  completed_by: string | null;
  version: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CaseEventsTable {
  id: string;
  organization_id: string;
  case_id: string;
  at: Timestamp;
  actor_id: string | null;
  kind: ColumnType<TCaseEventKind, TCaseEventKind, TCaseEventKind>;
  summary: string;
  /** JSON: for field changes `{changes: [{field, from, to}]}`; otherwise what the kind needs. */
  details: Generated<JsonText>;
}

export interface BreakGlassGrantsTable {
  id: string;
  organization_id: string;
  case_id: string;
  user_id: string;
  reason: string;
  granted_at: Timestamp;
  expires_at: Timestamp;
}

export interface CaseFileTables {
  case_reference_counters: CaseReferenceCountersTable;
  case_team: CaseTeamTable;
  case_notes: CaseNotesTable;
  tasks: TasksTable;
  case_events: CaseEventsTable;
  break_glass_grants: BreakGlassGrantsTable;
}
