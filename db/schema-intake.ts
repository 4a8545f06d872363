import type { ColumnType } from 'kysely';
import type { TConflictResolution, TIntakePartyRole } from '../src/shared/domain/conflict-checks';

// Tables of migration 0022 (issue 32): the conflict check at intake and its hits. The column 0022
// adds to checklist_items (item_key) is with that table.

type Timestamp = string;

export interface ConflictChecksTable {
  id: string;
  organization_id: string;
  /** JSON: the parties searched for, [{name, idNumber, role}]. */
  parties: string;
  run_by: string | null;
  run_at: Timestamp;
  /** The matter it was attached to when opened. */
  case_id: string | null;
  attached_by: string | null;
  attached_at: Timestamp | null;
}

export interface ConflictCheckHitsTable {
  id: string;
  organization_id: string;
  check_id: string;
  position: number;
  party_name: string;
  party_role: ColumnType<TIntakePartyRole, TIntakePartyRole, TIntakePartyRole>;
  reason: ColumnType<'idNumber' | 'name', 'idNumber' | 'name', 'idNumber' | 'name'>;
  person_id: string;
  name: string;
  matched_case_id: string;
  reference: string | null;
  case_status: string;
  role_there: string;
  adverse: number;
  resolution: ColumnType<TConflictResolution | null, TConflictResolution | null | undefined, TConflictResolution | null>;
  resolution_note: string | null;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
}

/** 0026: an organisation's own case types, beside the platform's shipped list (issue 32). */
export interface CaseTypesTable {
  id: string;
  organization_id: string;
  name: string;
  /** The name lowercased and trimmed: one spelling per organisation. */
  name_key: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface IntakeTables {
  conflict_checks: ConflictChecksTable;
  conflict_check_hits: ConflictCheckHitsTable;
  case_types: CaseTypesTable;
}
