import type { ColumnType } from 'kysely';
import type { TFeeLineKind, TFeeNoteStatus } from '../src/shared/domain/fee-notes';

// Tables of migration 0031 (issue 34): disbursements, fee notes and their lines, credit notes,
// business receipts, the firm's billing details and fee earners' targets.
// bigint money columns come back from Postgres as strings: services read them through Number().

type Timestamp = string;
type Cents = ColumnType<number | string, number | bigint, number | bigint>;
type Enum<T> = ColumnType<T, T, T>;

export interface FeeSettingsTable {
  organization_id: string;
  vat_number: string | null;
  /** JSON TBankDetails or null. */
  bank_details: string | null;
  acts_for_claimants: ColumnType<number, number | undefined, number>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface DisbursementsTable {
  id: string;
  organization_id: string;
  case_id: string;
  date: string;
  description: string;
  amount_cents: Cents;
  vatable: number;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface FeeNotesTable {
  id: string;
  organization_id: string;
  case_id: string;
  number: number | null;
  status: Enum<TFeeNoteStatus>;
  client_person_id: string | null;
  client_name: string;
  client_address: string | null;
  client_vat_number: string | null;
  firm_vat_number: string | null;
  subtotal_cents: Cents;
  vat_cents: Cents;
  total_cents: Cents;
  created_by: string | null;
  created_at: Timestamp;
  issued_on: string | null;
  issued_by: string | null;
  issued_at: Timestamp | null;
}

export interface FeeNoteLinesTable {
  id: string;
  organization_id: string;
  fee_note_id: string;
  position: number;
  kind: Enum<TFeeLineKind>;
  time_entry_id: string | null;
  disbursement_id: string | null;
  date: string;
  description: string;
  fee_earner_id: string | null;
  fee_earner_name: string | null;
  minutes: number | null;
  rate_cents: Cents | null;
  amount_cents: Cents;
  vat_cents: Cents;
  live: ColumnType<number, number | undefined, number>;
}

export interface CreditNotesTable {
  id: string;
  organization_id: string;
  fee_note_id: string;
  number: number;
  date: string;
  reason: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface FeeNoteReceiptsTable {
  id: string;
  organization_id: string;
  fee_note_id: string;
  receipt_number: number;
  amount_cents: Cents;
  method: Enum<'cash' | 'card' | 'eft' | 'trust'>;
  date: string;
  reverses_id: string | null;
  received_by: string | null;
  created_at: Timestamp;
}

export interface FeeTargetsTable {
  organization_id: string;
  user_id: string;
  monthly_target_cents: Cents;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface FeesTables {
  fee_settings: FeeSettingsTable;
  disbursements: DisbursementsTable;
  fee_notes: FeeNotesTable;
  fee_note_lines: FeeNoteLinesTable;
  credit_notes: CreditNotesTable;
  fee_note_receipts: FeeNoteReceiptsTable;
  fee_targets: FeeTargetsTable;
}
