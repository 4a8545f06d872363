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
  features: {
    bedManagement: boolean;
    courtCases: boolean;
    medicalRecords: boolean;
    legalDocuments: boolean;
    expertWitness: boolean;
    compliance: boolean;
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
    features: { bedManagement: true, courtCases: false, medicalRecords: true, legalDocuments: false, expertWitness: false, compliance: true },
  },
  legal: {
    platform: 'legal',
    name: 'Legal',
    badge: 'Legal Platform',
    caseTerminology: 'client',
    features: { bedManagement: false, courtCases: true, medicalRecords: false, legalDocuments: true, expertWitness: true, compliance: true },
  },
  medicolegal: {
    platform: 'medicolegal',
    name: 'Medicolegal',
    badge: 'Medicolegal Platform',
    caseTerminology: 'client',
    features: { bedManagement: false, courtCases: true, medicalRecords: true, legalDocuments: true, expertWitness: true, compliance: true },
  },
};
