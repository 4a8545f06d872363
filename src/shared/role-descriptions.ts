import type { TOrganizationRole } from './roles';

// What each role of SPEC §7 is for, in one sentence, shown where an Administrator gives someone a
// role (issue 32: "Legal Consultants are the firm's fee-earning attorneys — say so"). The rights
// themselves are the capability matrix's (roles.ts); these words say whom the role is meant for.

export const ROLE_DESCRIPTIONS: Record<TOrganizationRole, string> = {
  Administrator: 'Runs the organisation on CaseBridge: members, roles, settings, billing and the audit trail.',
  'Clinical Staff': 'Allied health and other clinicians (physiotherapists, pharmacists …) who record on the patient’s file.',
  'Diagnostic Services': 'Laboratory and radiology staff who record and report test results.',
  'Case Manager': 'Coordinates a patient’s stay: admissions, discharge planning, medical-aid authorisations.',
  'Support Staff': 'Reception and administrative staff: schedules and messages, no clinical records.',
  'Ambulance Services': 'Emergency medical services crews: transfers and the cases they bring in.',
  Nurse: 'Nursing staff: observations, doses given, care on the ward.',
  Doctor: 'Medical practitioners: diagnose, prescribe and release results to the patient.',
  Patient: 'A patient using the portal: their own appointments, results and messages.',
  'Security Guard': 'Security staff: their messages and schedule; no patient records.',
  'Hospital Cleaner': 'Housekeeping staff: their messages and schedule; no patient records.',
  'Kitchen Worker': 'Catering staff: their messages and schedule; no patient records.',
  Director: 'A director or partner of the firm: every matter, the firm’s figures and its people.',
  'Legal Consultants': 'The firm’s fee-earning attorneys (and candidate attorneys): they run matters and record time.',
  'Admin Staff': 'Secretaries, clerks and paralegals: diaries, filing and capture on a fee-earner’s behalf.',
  'Expert/Witness': 'An expert or investigator working inside the organisation; briefed counsel and outside experts are parties, not members.',
  'Quality Assurance Team': 'Compliance and risk: reads for audits, changes nothing.',
  'Finance Staff': 'Bookkeepers and accountants: billing, receipts and the organisation’s accounts.',
  'Special Litigation Unit': 'State attorneys and advocates of the unit who defend the department’s claims.',
  Attorneys: 'Attorneys who run claims from the first notice to trial.',
  Advocates: 'Advocates (counsel) of the unit: opinions, pleadings and appearances in court.',
};
