import type { TPlatform } from '../../../shared/platform';

// How the §3.2 date fields read per platform: a hospital admits and discharges, a law firm opens a
// matter and expects to close it. The stored fields are the same (admissionDate, estimatedDischarge).
export function caseDateLabels(platform: TPlatform): {
  admissionDate: string;
  estimatedDischarge: string;
} {
  return platform === 'healthcare'
    ? {
        admissionDate: 'Admission date',
        estimatedDischarge: 'Estimated discharge',
      }
    : { admissionDate: 'Instructed on', estimatedDischarge: 'Expected to close' };
}
