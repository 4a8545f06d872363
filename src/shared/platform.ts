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
  features: {
    bedManagement: boolean;
    courtCases: boolean;
    medicalRecords: boolean;
    legalDocuments: boolean;
    expertWitness: boolean;
    compliance: boolean;
    /** A claimant's hospital records as an indexed, paginated bundle (issue 22): medicolegal only. */
    hospitalRecords: boolean;
  };
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
    features: { bedManagement: true, courtCases: false, medicalRecords: true, legalDocuments: false, expertWitness: false, compliance: true, hospitalRecords: false },
  },
  legal: {
    platform: 'legal',
    name: 'Legal',
    badge: 'Legal Platform',
    caseTerminology: 'client',
    teamLabels: { doctor: 'Responsible attorney', nurse: 'Advocate', caseManager: 'Case coordinator' },
    features: { bedManagement: false, courtCases: true, medicalRecords: false, legalDocuments: true, expertWitness: true, compliance: true, hospitalRecords: false },
  },
  medicolegal: {
    platform: 'medicolegal',
    name: 'Medicolegal',
    badge: 'Medicolegal Platform',
    caseTerminology: 'client',
    teamLabels: { doctor: 'Responsible attorney', nurse: 'Advocate', caseManager: 'Case coordinator' },
    features: { bedManagement: false, courtCases: true, medicalRecords: true, legalDocuments: true, expertWitness: true, compliance: true, hospitalRecords: true },
  },
};
