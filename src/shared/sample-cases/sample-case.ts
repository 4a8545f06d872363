import type { TCasePriority, TCaseStatus } from '../domain/cases';
import type { TPlatform } from '../platform';

// One sample case of the catalogue the seed (db/seed) and demo mode (src/client/demo) share, so
// the two stop drifting apart (issue 18). People are named by a sample staff key (SAMPLE_PEOPLE):
// the seed maps each to one of its organisation's people (db/seed/demo-organizations.ts keys), the
// demo to one of its personas (src/client/demo/fixtures/people.ts ids). Where the two worlds hold
// the same person (Fatima Adams, Anisha Govender, Zaheera Essop …) both map the key to them.

/** The sample staff of each platform: seed person key and demo persona id (null where that side has no such person). */
export const SAMPLE_PEOPLE = {
  healthcare: {
    'orthopaedic-surgeon': { seed: 'steyn', demo: 'attending_physician' },
    physician: { seed: 'ndlovu', demo: 'attending_physician' },
    cardiologist: { seed: 'govender', demo: 'hc-cardiologist' },
    obstetrician: { seed: 'zulu', demo: 'chief_medical_officer' },
    'chief-medical-officer': { seed: null, demo: 'chief_medical_officer' },
    'ward-nurse': { seed: 'mthembu', demo: 'registered_nurse' },
    'icu-nurse': { seed: 'khoza', demo: 'hc-nurse-icu' },
    midwife: { seed: 'fourie', demo: 'hc-nurse-maternity' },
    'case-manager': { seed: 'adams', demo: 'hc-case-manager' },
    'clinical-staff': { seed: 'duplessis', demo: 'pharmacist' },
    'portal-patient': { seed: 'mabaso', demo: 'patient1' },
  },
  legal: {
    director: { seed: 'kmokoena', demo: 'managing_partner' },
    'forensic-accountant': { seed: 'essop', demo: 'forensic_accountant' },
    'admin-staff': { seed: 'sithole', demo: 'litigation_clerk' },
    'wills-consultant': { seed: 'khumalo', demo: null },
    'labour-consultant': { seed: 'patel', demo: null },
    attorney: { seed: null, demo: 'attorney' },
    paralegal: { seed: null, demo: 'paralegal' },
    'legal-secretary': { seed: null, demo: 'legal_secretary' },
    advocate: { seed: null, demo: 'senior_advocate' },
  },
  medicolegal: {
    'state-advocate': { seed: 'ngcobo', demo: 'senior_state_advocate' },
    'obstetric-attorney': { seed: 'pnaidoo', demo: 'medical_malpractice_attorney' },
    'surgical-attorney': { seed: 'mahlangu', demo: null },
    counsel: { seed: 'pretorius', demo: 'senior_counsel' },
    'medical-expert': { seed: 'cassim', demo: 'medical_expert_witness' },
    'records-analyst': { seed: 'mashaba', demo: 'medical_records_analyst' },
    'case-coordinator': { seed: null, demo: 'case_coordinator' },
    'settlement-negotiator': { seed: null, demo: 'settlement_negotiator' },
  },
} as const satisfies Record<TPlatform, Record<string, { seed: string | null; demo: string | null }>>;

export type TSamplePersonKey<P extends TPlatform = TPlatform> = P extends TPlatform ? keyof (typeof SAMPLE_PEOPLE)[P] & string : never;
export type TSampleSide = 'seed' | 'demo';

/** The person a sample key stands for on one side; throws when that side has no such person (a catalogue error). */
export function samplePerson(platform: TPlatform, key: string, side: TSampleSide): string {
  const entry = (SAMPLE_PEOPLE[platform] as Record<string, { seed: string | null; demo: string | null }>)[key];
  const id = entry?.[side];
  if (!id) throw new Error(`Sample person ${platform}/${key} has no ${side} counterpart`);
  return id;
}

export type TSampleBedType = 'General' | 'ICU' | 'Emergency' | 'Maternity';

export interface TSampleCase<P extends TPlatform = TPlatform> {
  patient: string;
  caseType: string;
  department: string;
  priority: TCasePriority;
  status: Extract<TCaseStatus, 'Scheduled' | 'In Progress' | 'Completed'>;
  /** The doctor / nurse / case manager columns; on the legal platforms the lead practitioner, the supporting member and the person running the file. */
  lead: TSamplePersonKey<P>;
  support?: TSamplePersonKey<P>;
  manager?: TSamplePersonKey<P>;
  /** Expected length in days: the hospital stay, or how long the matter runs. */
  days: number;
  description: string;
  plan: string;
  notes: string;
  flags?: string[];
  /** Healthcare, seed: the kind of bed the seed's bed planner gives it. */
  bed?: TSampleBedType;
  /** The Patient user (patient portal) the case belongs to. */
  patientUser?: TSamplePersonKey<P>;
  /** Which side shows it: the seed's organisations, the demo, or both. */
  in: readonly TSampleSide[];
  /** How the demo places it: days from the demo's anchor to admission / instruction, and its bed in fixtures/beds.ts. */
  demo?: { start: number; bed?: string };
}
