// No zod here: this file is on the landing page's first download (the zod schema is ZPlatform in
// src/shared/domain/common.ts).
export const PLATFORMS = ['healthcare', 'legal', 'medicolegal'] as const;
export type TPlatform = (typeof PLATFORMS)[number];

export interface PlatformConfig {
  platform: TPlatform;
  name: string;
  badge: string;
  /** What a case is called on screen: SPEC §1. */
  caseTerminology: 'patient' | 'client';
  /**
   * What the three fixed team slots of a case (stored as assigned_doctor_id, assigned_nurse_id and
   * case_manager_id) are called on this platform: a law firm has no doctors or nurses.
   */
  teamLabels: { doctor: string; nurse: string; caseManager: string };
  /**
   * The words of the platform's own profession (issue 32): a hospital has patients and cases, a law
   * firm clients and matters, a State litigation unit defends matters brought by claimants.
   */
  words: PlatformWords;
  features: {
    bedManagement: boolean;
    courtCases: boolean;
    medicalRecords: boolean;
    legalDocuments: boolean;
    expertWitness: boolean;
    compliance: boolean;
    /** A claimant's hospital records as an indexed, paginated bundle (issue 22): medicolegal only. */
    hospitalRecords: boolean;
    /** The State's side of claims (issue 32): the defendant's checklist and dashboard figures. */
    stateDefence: boolean;
    /** Medical-aid accounts, claims, remittances and statements (issue 33): healthcare only. */
    medicalAccounts: boolean;
    /** Fee notes, disbursements and receipts (issue 34): the legal platforms (medicolegal: when it acts for claimants). */
    feeNotes: boolean;
  };
}

export interface PlatformWords {
  /** A case, lowercase, and its plural: 'case' / 'matter'. */
  case: string;
  cases: string;
  /** The sidebar's and the list's title. */
  casesTitle: string;
  /** The person a case is about, lowercase: 'patient', 'client', 'claimant'. */
  person: string;
  /** The column / field of a case's next appointment or court date. */
  nextDate: string;
  /** What time recorded without a description says it was spent on. */
  defaultWork: string;
  /** Where a member works, lowercase: a hospital's department, a law firm's practice area. */
  unit: string;
}

/** "Case" → "Case", "matter" → "Matter": for the start of a label. */
export function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export type TPlatformFeature = keyof PlatformConfig['features'];

// SPEC §3.6: the feature flags each platform turns on.
export const PLATFORM_CONFIG: Record<TPlatform, PlatformConfig> = {
  healthcare: {
    platform: 'healthcare',
    name: 'Healthcare',
    badge: 'Healthcare Platform',
    caseTerminology: 'patient',
    teamLabels: { doctor: 'Doctor', nurse: 'Nurse', caseManager: 'Case manager' },
    words: { case: 'case', cases: 'cases', casesTitle: 'Patient Cases', person: 'patient', nextDate: 'Scheduled', defaultWork: 'Patient care', unit: 'department' },
    features: { bedManagement: true, courtCases: false, medicalRecords: true, legalDocuments: false, expertWitness: false, compliance: true, hospitalRecords: false, stateDefence: false, medicalAccounts: true, feeNotes: false },
  },
  legal: {
    platform: 'legal',
    name: 'Legal',
    badge: 'Legal Platform',
    caseTerminology: 'client',
    teamLabels: { doctor: 'Responsible attorney', nurse: 'Assisting attorney', caseManager: 'Case coordinator' },
    words: { case: 'matter', cases: 'matters', casesTitle: 'Matters', person: 'client', nextDate: 'Next date', defaultWork: 'Work on the matter', unit: 'practice area' },
    features: { bedManagement: false, courtCases: true, medicalRecords: false, legalDocuments: true, expertWitness: true, compliance: true, hospitalRecords: false, stateDefence: false, medicalAccounts: false, feeNotes: true },
  },
  medicolegal: {
    platform: 'medicolegal',
    name: 'Medicolegal',
    badge: 'Medicolegal Platform',
    caseTerminology: 'client',
    teamLabels: { doctor: 'Responsible attorney', nurse: 'Advocate', caseManager: 'Case coordinator' },
    // Every organisation type the medicolegal platform offers is the State's (onboarding.ts): it
    // defends claims, so the person a matter is about is the claimant.
    words: { case: 'matter', cases: 'matters', casesTitle: 'Matters', person: 'claimant', nextDate: 'Next date', defaultWork: 'Work on the matter', unit: 'department' },
    features: { bedManagement: false, courtCases: true, medicalRecords: true, legalDocuments: true, expertWitness: true, compliance: true, hospitalRecords: true, stateDefence: true, medicalAccounts: false, feeNotes: true },
  },
};
