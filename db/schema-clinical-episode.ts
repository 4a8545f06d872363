import type { ColumnType } from 'kysely';
import type { TConsciousness, TNews2Band } from '../src/shared/domain/news2';

// Tables of migration 0021 (issue 31): allergies on the person, doses given against a prescription,
// observations with their NEWS2 score. The columns 0021 adds to people, medications, test_results
// and admissions are with their tables.

type Timestamp = string;

export type TAllergySeverityColumn = 'mild' | 'moderate' | 'severe' | 'unknown';

export interface AllergiesTable {
  id: string;
  organization_id: string;
  person_id: string;
  substance: string;
  reaction: string | null;
  severity: ColumnType<TAllergySeverityColumn, TAllergySeverityColumn, TAllergySeverityColumn>;
  recorded_by: string | null;
  recorded_at: Timestamp;
  entered_in_error_at: Timestamp | null;
  entered_in_error_by: string | null;
  entered_in_error_reason: string | null;
}

export interface MedicationAdministrationsTable {
  id: string;
  organization_id: string;
  case_id: string;
  medication_id: string;
  given_at: Timestamp;
  dose: string;
  route: string;
  given_by: string | null;
  not_given_reason: string | null;
  created_at: Timestamp;
}

export interface ObservationsTable {
  id: string;
  organization_id: string;
  case_id: string;
  recorded_at: Timestamp;
  recorded_by: string | null;
  respiratory_rate: number;
  spo2: number;
  /** 0/1 (decision 0002). */
  on_oxygen: number;
  systolic: number;
  pulse: number;
  consciousness: ColumnType<TConsciousness, TConsciousness, TConsciousness>;
  temperature_c: number;
  news2: number;
  band: ColumnType<TNews2Band, TNews2Band, TNews2Band>;
  created_at: Timestamp;
}

export interface ClinicalEpisodeTables {
  allergies: AllergiesTable;
  medication_administrations: MedicationAdministrationsTable;
  observations: ObservationsTable;
}
