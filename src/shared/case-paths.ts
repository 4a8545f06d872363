import { PLATFORM_CONFIG, type TPlatform } from './platform';

// The path of a case's page, for links made outside the client's router: notification links, e-mail
// text. /patients/<id> for a hospital, /clients/<id> for a law firm (SPEC §1's wording), as the
// client's CaseLink does.

/** The list of the organisation's cases: a hospital's at /patients, a law firm's matters at /clients (issue 32). */
export function casesListPath(platform: TPlatform): '/patients' | '/clients' {
  return PLATFORM_CONFIG[platform].caseTerminology === 'patient' ? '/patients' : '/clients';
}

export function casePagePath(platform: TPlatform, caseId: string, tab?: string): string {
  const base = PLATFORM_CONFIG[platform].caseTerminology === 'patient' ? '/patients/' : '/clients/';
  return `${base}${encodeURIComponent(caseId)}${tab && tab !== 'overview' ? `?tab=${encodeURIComponent(tab)}` : ''}`;
}
