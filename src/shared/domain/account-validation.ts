import { addMonths } from '../sa/court-days';
import { CLAIM_WINDOW_MONTHS, type TPayer, type TValidationProblem } from './medical-accounts';

/** What the validation rule reads of an account; the service gathers it from the tables. */
export interface TValidationSubject {
  payer: TPayer;
  /** The patient's cover; null when none is recorded. */
  cover: { membershipNumber: string | null; dependantCode: string | null } | null;
  /** billing_settings.practice_number; null when the practice has none. */
  practiceNumber: string | null;
  lines: {
    lineId: string;
    serviceDate: string;
    icd10Codes: string[];
    needsAuthorisation: boolean;
    authorisationNumber: string | null;
    /** memberships.practitioner_number of the treating practitioner; null when none. */
    practitionerNumber: string | null;
  }[];
}

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/**
 * Every reason a scheme would bounce the account, named per line where it is a line's fault.
 * `today` is the Johannesburg calendar date (YYYY-MM-DD); a service date before
 * today − CLAIM_WINDOW_MONTHS is outside the claim window.
 */
export function validateAccount(subject: TValidationSubject, today: string): TValidationProblem[] {
  const problems: TValidationProblem[] = [];
  if (blank(subject.practiceNumber)) {
    problems.push({ field: 'practiceNumber', message: 'The practice has no BHF practice number in its billing settings' });
  }
  if (subject.payer === 'scheme') {
    if (blank(subject.cover?.membershipNumber)) problems.push({ field: 'membershipNumber', message: "The patient's cover has no membership number" });
    if (blank(subject.cover?.dependantCode)) problems.push({ field: 'dependantCode', message: "The patient's cover has no dependant code" });
  }
  const oldest = addMonths(today, -CLAIM_WINDOW_MONTHS);
  for (const line of subject.lines) {
    if (line.icd10Codes.length === 0) problems.push({ lineId: line.lineId, field: 'icd10Codes', message: 'No ICD-10 code on this line' });
    if (line.needsAuthorisation && blank(line.authorisationNumber)) {
      problems.push({ lineId: line.lineId, field: 'authorisationNumber', message: 'This code needs an authorisation number' });
    }
    if (line.serviceDate < oldest) {
      problems.push({ lineId: line.lineId, field: 'serviceDate', message: `Service date ${line.serviceDate} is more than ${CLAIM_WINDOW_MONTHS} months ago (before ${oldest})` });
    }
    if (blank(line.practitionerNumber)) {
      problems.push({ lineId: line.lineId, field: 'practitionerNumber', message: 'The treating practitioner has no practitioner number' });
    }
  }
  return problems;
}
