import type { ColumnType, Generated } from 'kysely';
import type { TClaimStatus, TCodeList, TCoverKind, TLineStatus, TPayer, TPaymentMethod, TShortfallAction } from '../src/shared/domain/medical-accounts';

// Tables of migration 0028 (issue 33): medical-aid accounts, claims, remittances and payments.
// bigint money columns come back from Postgres as strings: services read them through Number().

type Timestamp = string;
type Cents = ColumnType<number | string, number | bigint, number | bigint>;
type Enum<T> = ColumnType<T, T, T>;

export interface NumberSeriesTable {
  organization_id: string;
  /** 'account' | 'receipt' | 'claim' (fee notes later). */
  series: string;
  last_number: number;
}

export interface BillingSettingsTable {
  organization_id: string;
  practice_number: string;
  vat_number: string | null;
  /** JSON TBankDetails or null. */
  bank_details: string | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface PersonCoverTable {
  person_id: string;
  organization_id: string;
  kind: Enum<TCoverKind>;
  scheme: string | null;
  plan: string | null;
  option: string | null;
  membership_number: string | null;
  dependant_code: string | null;
  main_member_id: string | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface BillingCodesTable {
  organization_id: string;
  list: Enum<TCodeList>;
  code: string;
  description: string;
  price_cents: Cents;
  needs_authorisation: Generated<number>;
}

export interface BillingCodeImportsTable {
  organization_id: string;
  list: Enum<TCodeList>;
  file_name: string;
  code_count: number;
  imported_by: string | null;
  imported_at: Timestamp;
}

export interface ChargesTable {
  id: string;
  organization_id: string;
  case_id: string;
  person_id: string | null;
  encounter_id: string | null;
  service_date: string;
  code_list: Enum<TCodeList>;
  code: string;
  description: string;
  quantity: number;
  unit_price_cents: Cents;
  amount_cents: Cents;
  vat_cents: ColumnType<number | string, number | bigint | undefined, number | bigint>;
  /** JSON array of ICD-10 codes. */
  icd10_codes: string;
  modifier: string | null;
  authorisation_number: string | null;
  needs_authorisation: Generated<number>;
  pmb: Generated<number>;
  treating_practitioner_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  voided_at: Timestamp | null;
  voided_by: string | null;
  void_reason: string | null;
  version: Generated<number>;
}

export interface AccountsTable {
  id: string;
  organization_id: string;
  number: number;
  case_id: string;
  person_id: string | null;
  holder_id: string | null;
  payer: Enum<TPayer>;
  account_date: string;
  total_cents: Cents;
  vat_cents: Cents;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ClaimsTable {
  id: string;
  organization_id: string;
  number: number;
  scheme: string;
  status: Enum<TClaimStatus>;
  /** The batch as sent (JSON), frozen at submission. */
  export: string;
  transport: Enum<'file' | 'http'>;
  switch_reference: string | null;
  /** 0029: why the switch did not take the batch (status 'failed'). */
  failure: ColumnType<string | null, string | null | undefined, string | null>;
  submitted_by: string | null;
  submitted_at: Timestamp;
}

export interface AccountLinesTable {
  id: string;
  organization_id: string;
  account_id: string;
  charge_id: string;
  position: number;
  amount_cents: Cents;
  vat_cents: Cents;
  status: Enum<TLineStatus>;
  status_reason: string | null;
  claim_id: string | null;
  version: Generated<number>;
}

export interface AccountLineEventsTable {
  id: string;
  organization_id: string;
  line_id: string;
  from_status: TLineStatus | null;
  to_status: Enum<TLineStatus>;
  reason: string | null;
  actor_id: string | null;
  at: Timestamp;
}

export interface RemittancesTable {
  id: string;
  organization_id: string;
  scheme: string;
  date: string;
  reference: string;
  total_cents: Cents;
  captured_by: string | null;
  captured_at: Timestamp;
}

export interface RemittanceLinesTable {
  id: string;
  organization_id: string;
  remittance_id: string;
  account_line_id: string;
  paid_cents: Cents;
  reason_code: string | null;
  reason: string | null;
}

export interface LineShortfallsTable {
  id: string;
  organization_id: string;
  account_line_id: string;
  action: Enum<TShortfallAction>;
  amount_cents: Cents;
  decided_by: string | null;
  decided_at: Timestamp;
}

export interface AccountPaymentsTable {
  id: string;
  organization_id: string;
  account_id: string;
  receipt_number: number;
  amount_cents: Cents;
  method: Enum<TPaymentMethod>;
  date: string;
  reverses_id: string | null;
  received_by: string | null;
  created_at: Timestamp;
}

/** 0030: an account's sums, recomputed from the ledgers by every write that changes them (db/account-sums.ts). */
export interface AccountSumsTable {
  account_id: string;
  organization_id: string;
  case_id: string;
  number: number;
  holder_id: string | null;
  payer: Enum<TPayer>;
  account_date: string;
  live_cents: Cents;
  scheme_paid_cents: Cents;
  written_off_cents: Cents;
  to_patient_cents: Cents;
  patient_paid_cents: Cents;
  line_count: number;
  draft_lines: number;
  awaiting_decision: number;
  balance_cents: Cents;
  stage: Enum<'draft' | 'open' | 'settled'>;
}

export interface AccountSumsVersionsTable {
  organization_id: string;
  version: number;
}

export interface AccountsTables {
  account_sums: AccountSumsTable;
  account_sums_versions: AccountSumsVersionsTable;
  number_series: NumberSeriesTable;
  billing_settings: BillingSettingsTable;
  person_cover: PersonCoverTable;
  billing_codes: BillingCodesTable;
  billing_code_imports: BillingCodeImportsTable;
  charges: ChargesTable;
  accounts: AccountsTable;
  claims: ClaimsTable;
  account_lines: AccountLinesTable;
  account_line_events: AccountLineEventsTable;
  remittances: RemittancesTable;
  remittance_lines: RemittanceLinesTable;
  line_shortfalls: LineShortfallsTable;
  account_payments: AccountPaymentsTable;
}
