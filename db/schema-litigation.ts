import type { ColumnType, Generated } from 'kysely';
import type { TCourtStage, TTrialScope } from '../src/shared/domain/court-matters';
import type { THearingType } from '../src/shared/domain/hearings';
import type { TSide } from '../src/shared/domain/litigation-common';
import type { TSettlementKind, TSettlementSide, TSettlementStatus } from '../src/shared/domain/settlements';

// Tables of migration 0014 (issue 20): court matters, hearings, experts, the settlement log,
// compliance checklists and the deadlines computed for a case.

type Timestamp = string;
type Day = string; // YYYY-MM-DD
type JsonText = string;
type Enum<T> = ColumnType<T, T, T>;

interface CaseRow {
  id: string;
  organization_id: string;
  case_id: string;
}

export interface CourtMattersTable extends CaseRow {
  court: string;
  division: string;
  case_number: string;
  caselines_reference: string | null;
  claim_amount_cents: number | null;
  stage: Enum<TCourtStage>;
  trial_scope: ColumnType<TTrialScope | null, TTrialScope | null | undefined, TTrialScope | null>;
  summons_served_on: Day | null;
  debt_due_on: Day | null;
  knowledge_on: Day | null;
  version: Generated<number>;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HearingsTable extends CaseRow {
  type: Enum<THearingType>;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  venue: string | null;
  judge: string | null;
  outcome: string | null;
  notes: string | null;
  version: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CaseExpertsTable extends CaseRow {
  person_id: string;
  discipline: string;
  registration_number: string | null;
  side: Enum<TSide>;
  fee_cents: number | null;
  instructed_on: Day | null;
  assessed_on: Day | null;
  report_received_on: Day | null;
  notice_369a_on: Day | null;
  summary_369b_on: Day | null;
  joint_minute_on: Day | null;
  version: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SettlementEventsTable extends CaseRow {
  kind: Enum<TSettlementKind>;
  occurred_on: Day;
  from_side: Enum<TSettlementSide>;
  amount_cents: number;
  /** JSON {pastMedical?, futureMedical?, lossOfEarnings?, generalDamages?} in cents. */
  heads: Generated<JsonText>;
  status: Enum<TSettlementStatus>;
  note: string | null;
  version: Generated<number>;
  recorded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChecklistTemplatesTable {
  id: string;
  organization_id: string;
  name: string;
  /** JSON list of case types it applies to (matched without case); [] = every case. */
  case_types: Generated<JsonText>;
  /** JSON list of item labels. */
  items: JsonText;
  version: Generated<number>;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChecklistItemsTable extends CaseRow {
  /** The organisation template's id, or a shipped template's key. */
  template: string;
  label: string;
  /** 0022: the stable key of an item a record ticks ('conflict-check', 'hospital-records-received'). */
  item_key: ColumnType<string | null, string | null | undefined, string | null>;
  position: number;
  done: Generated<number>;
  done_by: string | null;
  done_at: Timestamp | null;
  version: Generated<number>;
  created_at: Timestamp;
}

export interface CaseDeadlinesTable extends CaseRow {
  rule: string;
  source_kind: Enum<'court-matter' | 'hearing' | 'expert'>;
  source_id: string;
  trigger_on: Day;
  due_on: Day;
  explanation: string;
  task_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0023 (issue 32): a person's mark of a deadline, append-only; the latest version is how it stands. */
export interface DeadlineOutcomesTable extends CaseRow {
  deadline_id: string;
  rule: string;
  source_kind: string;
  source_id: string;
  version: number;
  status: Enum<'met' | 'not-applicable'>;
  met_on: Day | null;
  reason: string | null;
  recorded_by: string | null;
  recorded_at: Timestamp;
}

export interface LitigationTables {
  court_matters: CourtMattersTable;
  hearings: HearingsTable;
  case_experts: CaseExpertsTable;
  settlement_events: SettlementEventsTable;
  checklist_templates: ChecklistTemplatesTable;
  checklist_items: ChecklistItemsTable;
  case_deadlines: CaseDeadlinesTable;
  deadline_outcomes: DeadlineOutcomesTable;
}
