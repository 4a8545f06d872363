import type { ColumnType } from 'kysely';

// Table of migration 0033 (issue 34, decision 0066): contingency-fee agreements, one row per version.
// Rows are never updated or deleted by the service: an amendment is the next version.

type Timestamp = string;

export interface ContingencyAgreementsTable {
  id: string;
  organization_id: string;
  case_id: string;
  /** 1, 2, … per matter; unique with case_id, so two amendments at once cannot both land. */
  version: number;
  uplift_percent: number;
  normal_fee_basis: string;
  /** YYYY-MM-DD. */
  signed_on: string;
  /** JSON array of the s3 checklist ids confirmed (TContingencyItem[]). */
  items: string;
  recorded_by: ColumnType<string | null, string | null, never>;
  recorded_at: ColumnType<Timestamp, Timestamp, never>;
}

export interface ContingencyTables {
  contingency_agreements: ContingencyAgreementsTable;
}
