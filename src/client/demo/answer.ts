import { ZodError } from 'zod';
import type { DemoIdentity } from '../lib/demo-identity';
import { PLATFORM_CONFIG } from '../../shared/platform';
import { can } from '../../shared/roles';
import { createContext } from './context';
import { DemoError, fieldMessages } from './demo-error';
import { openOverlay } from './overlay';
import type { DemoPath, DemoProcedure, DemoProcedures } from './procedure';
import { accountProcedures } from './procedures/account';
import { appointmentsProcedures } from './procedures/appointments';
import { assistantProcedures } from './procedures/assistant';
import { auditProcedures } from './procedures/audit';
import { twoFactorProcedures } from './procedures/two-factor';
import { retentionProcedures } from './procedures/retention';
import { authProcedures } from './procedures/auth';
import { bedsProcedures } from './procedures/beds';
import { admissionsProcedures } from './procedures/admissions';
import { billingProcedures } from './procedures/billing';
import { caseFileProcedures } from './procedures/case-file';
import { casesProcedures } from './procedures/cases';
import { checklistsProcedures } from './procedures/checklists';
import { readinessProcedures } from './procedures/readiness';
import { costsProcedures } from './procedures/costs';
import { crmProcedures } from './procedures/crm';
import { documentsProcedures } from './procedures/documents';
import { dashboardProcedures } from './procedures/dashboard';
import { stateClaimsProcedures } from './procedures/state-claims';
import { caseTypesProcedures } from './procedures/case-types';
import { educationProcedures } from './procedures/education';
import { messagesProcedures } from './procedures/messages';
import { organizationsProcedures } from './procedures/organizations';
import { platformProcedures } from './procedures/platform';
import { trialsProcedures } from './procedures/trials';
import { encountersProcedures } from './procedures/encounters';
import { portalProcedures } from './procedures/portal';
import { supportProcedures } from './procedures/support';
import { settlementsProcedures } from './procedures/settlements';
import { tasksProcedures } from './procedures/tasks';
import { usersProcedures } from './procedures/users';
import { passwordResetProcedures } from './procedures/password-reset';
import { peopleProcedures } from './procedures/people';
import { deadlinesProcedures } from './procedures/deadlines';
import { courtProcedures } from './procedures/court';
import { expertsProcedures } from './procedures/experts';
import { hospitalRecordsProcedures } from './procedures/hospital-records'; // issue 22 — hospital records
import { calendarFeedProcedures } from './procedures/calendar-feed';
import { notificationsProcedures } from './procedures/notifications';
import { clinicalResultsProcedures } from './procedures/clinical-results'; // Issue 22 — results and medications
import { allergiesProcedures } from './procedures/allergies'; // Issue 31 — the clinical episode
import { patientBannerProcedures } from './procedures/patient-banner';
import { observationsProcedures } from './procedures/observations';
import { conflictChecksProcedures } from './procedures/conflict-checks'; // Issue 32 — the conflict check at intake
import { chargesProcedures } from './procedures/charges'; // Issue 33 — code lists and charges
import { practiceProcedures } from './procedures/practice'; // Issue 33 — the practice's identity and a person's cover
import { medicalAccountsProcedures } from './procedures/medical-accounts'; // Issue 33 — accounts, claims, remittances, payments, statements
import { feeNotesProcedures } from './procedures/fee-notes'; // Issue 34 — disbursements, fee notes, receipts
import { feeReportsProcedures } from './procedures/fee-reports'; // Issue 34 — the fee reports
import { trustProcedures } from './procedures/trust'; // Issue 34 — the trust account
import { contingencyProcedures } from './procedures/contingency'; // Issue 34 — contingency-fee agreements

// The demo's stand-in for the server: every procedure of the app router, answered in the browser
// from fixtures and the session's write overlay, behind the same input validation and the same
// capability / platform-feature guard the server applies (SPEC §6), so screens meet the same
// answers and the same errors they would meet signed in.

export const DEMO_PROCEDURES: DemoProcedures = {
  ...authProcedures,
  ...accountProcedures,
  ...organizationsProcedures,
  ...casesProcedures,
  ...caseFileProcedures,
  ...appointmentsProcedures,
  ...messagesProcedures,
  ...educationProcedures,
  ...dashboardProcedures,
  ...stateClaimsProcedures,
  ...caseTypesProcedures,
  ...tasksProcedures,
  ...crmProcedures,
  ...documentsProcedures,
  ...bedsProcedures,
  ...costsProcedures,
  ...billingProcedures,
  ...supportProcedures,
  ...platformProcedures,
  ...trialsProcedures,
  ...portalProcedures,
  ...assistantProcedures,
  ...usersProcedures,
  ...auditProcedures,
  ...twoFactorProcedures,
  ...retentionProcedures,
  ...passwordResetProcedures,
  ...peopleProcedures,
  ...deadlinesProcedures,
  // Issue 20 — court matter and hearings:
  ...courtProcedures,

  // Experts and the case's deadlines:
  ...expertsProcedures,

  // Settlement log and checklists:
  ...settlementsProcedures,

  ...checklistsProcedures,
  // Trial readiness and the dashboards:
  ...readinessProcedures,

  // Issue 21 — the calendar and its .ics feed (appointments above):
  ...calendarFeedProcedures,

  // Issue 21 — messages to people (messages above):

  // Issue 21 — notifications:
  ...notificationsProcedures,

  // Issue 22 — encounters and ICD-10:
  ...encountersProcedures,
  // (end of issue 22 — encounters and ICD-10)
  // Issue 22 — results and medications:
  ...clinicalResultsProcedures,
  // (end of issue 22 — results and medications)
  // Issue 22 — admissions and the ward census:
  ...admissionsProcedures,
  // (end of issue 22 — admissions and the ward census)
  // Issue 22 — hospital records of a medicolegal case:
  ...hospitalRecordsProcedures,
  // (end of issue 22 — hospital records of a medicolegal case)
  // Issue 31 — the clinical episode:
  ...allergiesProcedures,
  ...patientBannerProcedures,
  ...observationsProcedures,
  // Issue 32 — the conflict check at intake:
  ...conflictChecksProcedures,
  // Issue 33 — code lists and charges:
  ...chargesProcedures,
  ...practiceProcedures,
  // Issue 33 — accounts, claims, remittances, payments, statements
  ...medicalAccountsProcedures,
  ...feeNotesProcedures,
  ...feeReportsProcedures,
  ...trustProcedures,
  ...contingencyProcedures,
};

const isDemoPath = (path: string): path is DemoPath => Object.hasOwn(DEMO_PROCEDURES, path);

/**
 * The demo answer to one call. Throws DemoError for what the server would refuse. SPEC §7.1: a path
 * the demo does not know answers an empty list.
 */
export function answer(path: string, rawInput: unknown, identity: DemoIdentity): unknown {
  if (!isDemoPath(path)) return [];
  const spec: DemoProcedure = DEMO_PROCEDURES[path];
  const ctx = createContext(identity, openOverlay(identity));
  if (spec.capability && !can({ role: identity.role, isSuperAdmin: ctx.isSuperAdmin }, spec.capability)) {
    throw new DemoError('FORBIDDEN', 'You do not have permission to do this.');
  }
  if (spec.feature && !PLATFORM_CONFIG[ctx.platform].features[spec.feature]) {
    throw new DemoError('FORBIDDEN', `This is not part of the ${PLATFORM_CONFIG[ctx.platform].name} platform.`);
  }
  let input: unknown;
  try {
    input = spec.input ? spec.input.parse(rawInput) : undefined;
  } catch (error) {
    if (error instanceof ZodError) throw new DemoError('BAD_REQUEST', 'Input validation failed', fieldMessages(error));
    throw error;
  }
  return spec.run(ctx, input);
}
