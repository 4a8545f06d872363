import type { ColumnType } from 'kysely';
import type { TInvestmentSection, TTrustAccount, TTrustEntryKind } from '../src/shared/domain/trust';

// Tables of migration 0032 (issue 34): the trust ledger, investments, each matter's balances and the
// monthly reconciliation. bigint money columns come back from Postgres as strings: read through Number().

type Timestamp = string;
type Cents = ColumnType<number | string, number | bigint, number | bigint>;
type Enum<T> = ColumnType<T, T, T>;

export interface TrustEntriesTable {
  id: string;
  organization_id: string;
  case_id: string;
  number: number;
  account: Enum<TTrustAccount>;
  investment_id: string | null;
  kind: Enum<TTrustEntryKind>;
  date: string;
  amount_cents: Cents;
  reference: string;
  counterparty: string | null;
  fee_note_id: string | null;
  fee_receipt_id: string | null;
  reverses_id: string | null;
  recorded_by: string | null;
  created_at: Timestamp;
}

export interface TrustInvestmentsTable {
  id: string;
  organization_id: string;
  case_id: string;
  section: Enum<TInvestmentSection>;
  institution: string;
  opened_on: string;
  principal_cents: Cents;
  closed_on: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface TrustBalancesTable {
  organization_id: string;
  case_id: string;
  bank_cents: Cents;
  invested_cents: Cents;
  updated_at: Timestamp;
}

export interface TrustReconciliationsTable {
  organization_id: string;
  month: string;
  bank_balance_cents: Cents;
  notes: string | null;
  signed_off_by: string | null;
  signed_off_at: Timestamp | null;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface TrustTables {
  trust_entries: TrustEntriesTable;
  trust_investments: TrustInvestmentsTable;
  trust_balances: TrustBalancesTable;
  trust_reconciliations: TrustReconciliationsTable;
}
