import type { ColumnType, Generated } from 'kysely';
import type { TPersonKind } from '../src/shared/domain/people';
import type { TPartyRole, TConflictCheckResult } from '../src/shared/domain/case-parties';

// Tables of migration 0013 (issue 19): the person registry, parties on cases, conflict checks.

type Timestamp = string;

export interface PeopleTable {
  id: string;
  organization_id: string;
  kind: ColumnType<TPersonKind, TPersonKind | undefined, TPersonKind>;
  first_name: string | null;
  last_name: string;
  /** "first last", or the organisation's name: what lists show and search reads. */
  full_name: string;
  id_number: string | null;
  passport_number: string | null;
  passport_country: string | null;
  date_of_birth: string | null; // YYYY-MM-DD
  sex: ColumnType<'female' | 'male' | null, 'female' | 'male' | null | undefined, 'female' | 'male' | null>;
  phone: string | null;
  email: string | null;
  address: string | null;
  preferred_language: string | null;
  medical_aid_scheme: string | null;
  medical_aid_number: string | null;
  medical_aid_main_member: string | null;
  notes: string | null;
  /** The portal Patient account of this person. */
  user_id: string | null;
  /** A merged record keeps its row and names the survivor. */
  merged_into_id: string | null;
  /** 0021: "no known allergies" as recorded (when, by whom); NULL is "not recorded". */
  no_known_allergies_at: Generated<Timestamp | null>;
  no_known_allergies_by: Generated<string | null>;
  /** 0021: the hospital's folder (file) number. */
  folder_number: Generated<string | null>;
  version: Generated<number>;
  /** 0031: a client that is a VAT vendor (named on a tax invoice). */
  vat_number: Generated<string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CasePartiesTable {
  id: string;
  organization_id: string;
  case_id: string;
  person_id: string;
  role: ColumnType<TPartyRole, TPartyRole, TPartyRole>;
  notes: string | null;
  added_by: string | null;
  added_at: Timestamp;
}

export interface CaseConflictChecksTable {
  id: string;
  organization_id: string;
  case_id: string;
  result: ColumnType<TConflictCheckResult, TConflictCheckResult, TConflictCheckResult>;
  note: string | null;
  /** JSON: the hits shown when the result was recorded. */
  hits: Generated<string>;
  checked_by: string | null;
  checked_at: Timestamp;
}

export interface PeopleTables {
  people: PeopleTable;
  case_parties: CasePartiesTable;
  case_conflict_checks: CaseConflictChecksTable;
}
