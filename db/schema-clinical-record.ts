import type { ColumnType } from 'kysely';

// Tables of migration 0016 (issue 22): ICD-10 code lists, encounters and their diagnoses,
// admissions. The columns 0016 adds to test_results, medications, bed_assignments and documents
// are in db/schema.ts with their tables.

type Timestamp = string;
/** 0/1 in both databases (decision 0002). */
type Flag = ColumnType<number, number | undefined, number>;

export interface Icd10CodesTable {
  organization_id: string;
  code: string;
  description: string;
  valid_primary: Flag;
}

export interface Icd10ImportsTable {
  organization_id: string;
  file_name: string;
  code_count: number;
  imported_by: string | null;
  imported_at: Timestamp;
}

export interface EncountersTable {
  id: string;
  organization_id: string;
  case_id: string;
  type: string;
  occurred_at: Timestamp;
  clinician_id: string | null;
  subjective: string | null;
  objective: string | null;
  assessment: string | null;
  plan: string | null;
  pulse: number | null;
  systolic: number | null;
  diastolic: number | null;
  temperature_c: number | null;
  respiratory_rate: number | null;
  spo2: number | null;
  weight_kg: number | null;
  amends_id: string | null;
  created_at: Timestamp;
}

export interface EncounterDiagnosesTable {
  encounter_id: string;
  organization_id: string;
  code: string;
  description: string;
  is_primary: Flag;
  position: number;
}

export interface AdmissionsTable {
  id: string;
  organization_id: string;
  person_id: string;
  case_id: string;
  bed_id: string | null;
  admitted_at: Timestamp;
  admitted_by: string | null;
  estimated_discharge: Timestamp | null;
  discharged_at: Timestamp | null;
  discharged_by: string | null;
  summary_document_id: string | null;
  /** 0021: home / transfer-out / death / absconded; NULL for a quick release. */
  disposition: ColumnType<string | null, string | null | undefined, string | null>;
  version: ColumnType<number, number | undefined, number>;
}

export interface ClinicalRecordTables {
  icd10_codes: Icd10CodesTable;
  icd10_imports: Icd10ImportsTable;
  encounters: EncountersTable;
  encounter_diagnoses: EncounterDiagnosesTable;
  admissions: AdmissionsTable;
}
