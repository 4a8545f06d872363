import { authRouter } from './auth/auth.router';
import { accountRouter } from './domains/account/account.router';
import { auditRouter } from './domains/audit/audit.router';
import { assistantRouter } from './domains/assistant/assistant.router';
import { appointmentsRouter } from './domains/appointments/appointments.router';
import { bedsRouter } from './domains/beds/beds.router';
import { billingRouter } from './domains/billing/billing.router';
import { casesRouter } from './domains/cases/cases.router';
import { caseTeamRouter } from './domains/case-team/case-team.router';
import { costsRouter } from './domains/costs/costs.router';
import { crmRouter } from './domains/crm/crm.router';
import { documentsRouter } from './domains/documents/documents.router';
import { dashboardRouter } from './domains/dashboard/dashboard.router';
import { deadlinesRouter } from './domains/deadlines/deadlines.router';
import { courtMatterRouter } from './domains/court/court-matter.router';
import { hearingsRouter } from './domains/court/hearings.router';
import { expertsRouter } from './domains/experts/experts.router';
import { settlementsRouter } from './domains/settlements/settlements.router';
import { checklistsRouter } from './domains/checklists/checklists.router';
import { readinessRouter } from './domains/readiness/readiness.router';
import { educationRouter } from './domains/education/education.router';
import { messagesRouter } from './domains/messages/messages.router';
import { notificationsRouter } from './domains/notifications/notifications.router';
import { calendarFeedRouter } from './domains/calendar-feed/calendar-feed.router';
import { notesRouter } from './domains/notes/notes.router';
import { partiesRouter } from './domains/parties/parties.router';
import { peopleRouter } from './domains/people/people.router';
import { searchRouter } from './domains/search/search.router';
import { onboardingRouter } from './domains/onboarding/onboarding.router';
import { organizationsRouter } from './domains/organizations/organizations.router';
import { portalRouter } from './domains/portal/portal.router';
import { platformRouter } from './domains/platform/platform.router';
import { presenceRouter } from './domains/presence/presence.router';
import { recordsRouter } from './domains/records/records.router';
import { retentionRouter } from './domains/retention/retention.router';
import { supportRouter } from './domains/support/support.router';
import { tasksRouter } from './domains/tasks/tasks.router';
import { timelineRouter } from './domains/timeline/timeline.router';
import { invitationsRouter } from './domains/users/invitations.router';
import { usersRouter } from './domains/users/users.router';
// Issue 22 — the clinical record's routers (one import line per part):
import { medicationsRouter, resultsRouter } from './domains/clinical-results/clinical-results.router'; // Issue 22 — results and medications
import { admissionsRouter } from './domains/admissions/admissions.router';
import { hospitalRecordsRouter } from './domains/hospital-records/hospital-records.router';
import { allergiesRouter } from './domains/allergies/allergies.router';
import { observationsRouter } from './domains/observations/observations.router';
import { conflictChecksRouter } from './domains/conflict-checks/conflict-checks.router'; // Issue 32 — conflict check at intake
import { caseTypesRouter } from './domains/case-types/case-types.router'; // Issue 32 — case types from a list
import { encountersRouter } from './domains/encounters/encounters.router';
import { icd10Router } from './domains/icd10/icd10.router';
import { billingCodesRouter } from './domains/billing-codes/billing-codes.router';
import { chargesRouter } from './domains/charges/charges.router';
import { accountsRouter } from './domains/accounts/accounts.router';
import { claimsRouter } from './domains/claims/claims.router';
import { remittancesRouter } from './domains/remittances/remittances.router';
import { paymentsRouter } from './domains/payments/payments.router';
import { statementsRouter } from './domains/statements/statements.router';
import { practiceRouter } from './domains/practice/practice.router'; // Issue 33 — the practice's identity on its accounts
import { disbursementsRouter, feeNotesRouter, feesRouter } from './domains/fee-notes/fee-notes.router'; // Issue 34 — fee notes
import { trustRouter } from './domains/trust/trust.router'; // Issue 34 — the trust account
import { contingencyRouter } from './domains/contingency/contingency.router'; // Issue 34 — contingency-fee agreements
import { feeReportsRouter } from './domains/fee-reports/fee-reports.router'; // Issue 34 — the fee reports
import { coverRouter } from './domains/cover/cover.router'; // Issue 33 — a person's medical-aid cover
// (end of issue 22 imports)
import { validateSynchronously } from './synchronous-validation';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  organizations: organizationsRouter,
  cases: casesRouter,
  caseTeam: caseTeamRouter,
  notes: notesRouter,
  tasks: tasksRouter,
  timeline: timelineRouter,
  people: peopleRouter,
  parties: partiesRouter,
  search: searchRouter,
  deadlines: deadlinesRouter,
  courtMatter: courtMatterRouter,
  hearings: hearingsRouter,
  experts: expertsRouter,
  settlements: settlementsRouter,
  checklists: checklistsRouter,
  readiness: readinessRouter,
  appointments: appointmentsRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  calendarFeed: calendarFeedRouter,
  education: educationRouter,
  dashboard: dashboardRouter,
  crm: crmRouter,
  documents: documentsRouter,
  beds: bedsRouter,
  users: usersRouter,
  invitations: invitationsRouter,
  costs: costsRouter,
  billing: billingRouter,
  support: supportRouter,
  presence: presenceRouter,
  onboarding: onboardingRouter,
  portal: portalRouter,
  records: recordsRouter,
  platform: platformRouter,
  assistant: assistantRouter,
  audit: auditRouter,
  retention: retentionRouter,
  // Issue 22 — encounters and ICD-10:
  encounters: encountersRouter,
  icd10: icd10Router,
  // (end of issue 22 — encounters and ICD-10)
  // Issue 22 — results and medications:
  results: resultsRouter,
  medications: medicationsRouter,
  // (end of issue 22 — results and medications)
  // Issue 22 — admissions and the ward census:
  admissions: admissionsRouter,
  // (end of issue 22 — admissions and the ward census)
  // Issue 22 — hospital records of a medicolegal case:
  hospitalRecords: hospitalRecordsRouter,
  // (end of issue 22 — hospital records of a medicolegal case)
  // Issue 31 — the clinical episode:
  allergies: allergiesRouter,
  observations: observationsRouter,
  // Issue 32 — the conflict check at intake:
  conflictChecks: conflictChecksRouter,
  caseTypes: caseTypesRouter,
  // Issue 33 — code lists and charges:
  billingCodes: billingCodesRouter,
  charges: chargesRouter,
  practice: practiceRouter,
  cover: coverRouter,
  accounts: accountsRouter,
  claims: claimsRouter,
  remittances: remittancesRouter,
  payments: paymentsRouter,
  statements: statementsRouter,
  // Issue 34 — getting paid on the legal platforms:
  fees: feesRouter,
  disbursements: disbursementsRouter,
  feeNotes: feeNotesRouter,
  trust: trustRouter,
  contingency: contingencyRouter,
  feeReports: feeReportsRouter,
});

export type AppRouter = typeof appRouter;

/** Procedures whose validators could not be made synchronous (synchronous-validation.ts): none. */
export const asyncValidatedProcedures = validateSynchronously(appRouter);
