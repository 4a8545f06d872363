import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/seed-demo';
import { PLATFORM_CONFIG, type TPlatform } from '../shared/platform';
import { ORGANIZATION_ROLES, SUPER_ADMIN, can } from '../shared/roles';
import { verifyAuditChain } from './audit/audit-verify';
import { hashPassword } from './auth/password';
import { resolveAuth } from './auth/request-auth';
import { createSession } from './auth/sessions';
import { appRouter } from './router';
import { type TestApp, createUser, startTestApp } from './test-support/test-app';
import { type Context, type Meta, createCallerFactory } from './trpc';

// Walks EVERY procedure of the app router and calls it as every role of two organisations on
// different platforms, as a Super Admin and as a stranger, and checks allowed / denied against the
// capability matrix of src/shared/roles.ts. A new procedure is covered the day it is added.

/** Open to anyone: sign-in, registration, the public forms and the help assistant. */
const PUBLIC = new Set(['auth.session', 'auth.login', 'auth.registerSuperuser', 'auth.verifyTwoFactor', 'auth.startTwoFactorEnrolment', 'auth.finishTwoFactorEnrolment', 'onboarding.submitTrial', 'onboarding.submitRegistration', 'assistant.quickHelp', 'assistant.chat', 'invitations.preview', 'invitations.accept', 'auth.requestPasswordReset', 'auth.confirmPasswordReset']);
/** Open to any signed-in caller, so they declare no capability. */
const ANY_SIGNED_IN = new Set(['auth.me', 'auth.logout', 'account.profile', 'account.updateProfile', 'account.changePassword', 'account.sessions', 'account.endSession',
  'account.twoFactor', 'account.startTwoFactorEnrolment', 'account.confirmTwoFactorEnrolment', 'account.regenerateRecoveryCodes', 'account.disableTwoFactor', 'organizations.current', 'presence.heartbeat', 'deadlines.preview', 'deadlines.rules',
  // Issue 21: every member's bell, Patients included (tenantProcedure: a member of an organisation, no capability).
  'notifications.list', 'notifications.markRead', 'notifications.readAll', 'notifications.emailPreferences', 'notifications.setEmailPreferences']);
/** Procedures that work without an organisation, so a Super Admin (who has none) may call them. */
// users.sendPasswordReset: the Super Admin sends reset links to anyone (issue 16).
const crossTenant = (path: string) =>
  path === 'users.sendPasswordReset' || (path !== 'organizations.current' && /^(auth|account|organizations|support|presence|platform|audit)\.|^deadlines\.(preview|rules)$/.test(path));

type Procedure = { _def: { type: string; meta?: Meta } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);

interface Caller {
  label: string;
  role: string | null; // null: stranger
  platform: TPlatform | null;
  isSuperAdmin: boolean;
  ctx: Context;
}

let t: TestApp;
const callers: Caller[] = [];

async function contextFor(userId: string | null): Promise<Context> {
  let auth = null;
  if (userId) {
    const membership = await t.db.selectFrom('memberships').select('organization_id').where('user_id', '=', userId).executeTakeFirst();
    const policy = { idleTimeoutMinutes: 60, maxLifetimeHours: 12 };
    const { token } = await createSession(t.db, policy, { userId, organizationId: membership?.organization_id ?? null, ip: null, userAgent: null });
    auth = await resolveAuth(t.db, t.config, token);
  }
  return { db: t.db, config: t.config, request: { ip: '203.0.113.9', userAgent: 'authorization-walk', publicUrl: 'http://127.0.0.1' }, auth, setSessionCookie: () => {}, clearSessionCookie: () => {} };
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { password: 'walk-the-router', hashPassword });
  const orgs = await t.db.selectFrom('organizations').select(['id', 'slug', 'platform']).execute();
  for (const slug of ['thornhill-community-hospital', 'mokoena-partners-attorneys']) {
    const org = orgs.find((o) => o.slug === slug)!;
    for (const role of ORGANIZATION_ROLES) {
      const { id } = await createUser(t.db, { organizationId: org.id, role, email: `${role.replace(/\W+/g, '-').toLowerCase()}@${slug}.walk` });
      callers.push({ label: `${role} @ ${slug}`, role, platform: org.platform as TPlatform, isSuperAdmin: false, ctx: await contextFor(id) });
    }
  }
  const superAdmin = await createUser(t.db, { superAdmin: true, email: 'super@walk.example' });
  callers.push({ label: 'Super Admin', role: SUPER_ADMIN, platform: null, isSuperAdmin: true, ctx: await contextFor(superAdmin.id) });
  callers.push({ label: 'stranger', role: null, platform: null, isSuperAdmin: false, ctx: await contextFor(null) });
});
afterAll(() => t.close());

function expectedOutcome(path: string, meta: Meta | undefined, caller: Caller): 'allowed' | 'UNAUTHORIZED' | 'FORBIDDEN' {
  if (PUBLIC.has(path)) return 'allowed';
  if (!caller.role) return 'UNAUTHORIZED';
  if (meta?.capability && !can({ role: caller.role, isSuperAdmin: caller.isSuperAdmin }, meta.capability)) return 'FORBIDDEN';
  if (caller.isSuperAdmin && !crossTenant(path)) return 'FORBIDDEN';
  if (meta?.feature && caller.platform && !PLATFORM_CONFIG[caller.platform].features[meta.feature]) return 'FORBIDDEN';
  return 'allowed';
}

async function outcomeOf(caller: Caller, path: string): Promise<string> {
  const api = createCallerFactory(appRouter)(caller.ctx) as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
  const [group, name] = path.split('.') as [string, string];
  try {
    await api[group]![name]!(undefined);
    return 'allowed';
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'UNKNOWN';
    return code === 'UNAUTHORIZED' || code === 'FORBIDDEN' || code === 'INTERNAL_SERVER_ERROR' ? code : 'allowed';
  }
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
const TABLES = [
  'case_types',
  'organizations', 'users', 'memberships', 'cases', 'appointments', 'messages', 'message_recipients',
  'educational_resources', 'beds', 'bed_assignments', 'crm_integrations', 'staff_hourly_rates', 'time_entries',
  'support_chats', 'chat_messages', 'trial_requests', 'registration_requests',
  'test_results', 'medications', 'patient_profiles', 'documents', 'document_contents', 'email_outbox', 'invitations',
  'allergies', 'medication_administrations', 'observations',
  'conflict_checks', 'conflict_check_hits',
  'deadline_outcomes',
  'charges', 'billing_codes', 'billing_code_imports',
  'billing_settings', 'person_cover',
] as const;

const GARBAGE_INPUTS: unknown[] = [
  {},
  [],
  'not an object',
  { id: 12, status: 'Exploded', priority: 'Whenever', email: 'nope', title: 'x'.repeat(100_000), patientName: { nested: true } },
];

// The capability each procedure needs, pinned: changing what a role may do is a change to this
// table (and to src/shared/roles.ts), made on purpose and reviewed, never a side effect.
const PINNED_CAPABILITIES: Record<string, string | null> = {
  'auth.login': null, 'auth.registerSuperuser': null, 'auth.me': null, 'auth.session': null, 'auth.logout': null,
  'account.profile': null, 'account.updateProfile': null, 'account.changePassword': null, 'account.sessions': null, 'account.endSession': null,
  'organizations.list': 'organizations.manage', 'organizations.create': 'organizations.manage',
  'organizations.update': 'organizations.manage', 'organizations.deactivate': 'organizations.manage', 'organizations.current': null,
  'cases.list': 'cases.view', 'cases.listAlias': 'cases.view', 'cases.get': 'cases.view', 'cases.create': 'cases.create', 'cases.update': 'cases.update',
  'cases.breakGlass': 'caseFile.view', 'caseTeam.get': 'caseFile.view', 'caseTeam.put': 'caseFile.write', 'caseTeam.candidates': 'caseFile.write', 'timeline.list': 'caseFile.view',
  'notes.list': 'caseFile.view', 'notes.create': 'caseFile.write', 'notes.amend': 'caseFile.write',
  'tasks.list': 'caseFile.view', 'tasks.create': 'caseFile.write', 'tasks.update': 'caseFile.view', 'documents.forCase': 'caseFile.view',
  'appointments.list': 'appointments.view', 'appointments.upcoming': 'appointments.view',
  'appointments.create': 'appointments.manage', 'appointments.update': 'appointments.manage',
  'messages.list': 'messages.use', 'messages.unreadCount': 'messages.use', 'messages.send': 'messages.use', 'messages.markRead': 'messages.use', 'messages.reply': 'messages.use',
  'education.list': 'education.view', 'education.create': 'education.manage', 'education.update': 'education.manage',
  'dashboard.stats': 'dashboard.view', 'dashboard.statsAlias': 'dashboard.view', 'dashboard.workspace': 'dashboard.view', 'dashboard.tasks': 'dashboard.view', 'dashboard.performanceMetrics': 'analytics.view', 'dashboard.stateClaims': 'cases.view',
  'crm.list': 'crm.view', 'crm.create': 'crm.manage', 'crm.update': 'crm.manage',
  'documents.list': 'legalDocuments.view', 'documents.delete': 'legalDocuments.delete',
  'beds.list': 'beds.view', 'beds.create': 'beds.manage', 'beds.update': 'beds.manage', 'beds.assign': 'beds.manage',
  'beds.release': 'beds.manage', 'beds.history': 'beds.view',
  'users.list': 'users.view', 'users.seats': 'users.manage', 'users.invitations': 'users.manage', 'users.invite': 'users.manage',
  'users.resendInvitation': 'users.manage', 'users.revokeInvitation': 'users.manage', 'users.changeRole': 'users.manage',
  'users.deactivate': 'users.manage', 'users.reactivate': 'users.manage', 'users.sendPasswordReset': 'users.manage',
  'invitations.preview': null, 'invitations.accept': null,
  'costs.listRates': 'costs.view', 'costs.rateHistory': 'costs.view', 'costs.addRate': 'costs.manage',
  'costs.startTimeEntry': 'timeEntries.record', 'costs.recordPastTime': 'timeEntries.record', 'costs.stopTimeEntry': 'timeEntries.record', 'costs.listMyTimeEntries': 'timeEntries.record',
  'costs.caseSummaries': 'costs.view', 'costs.caseDetails': 'costs.view',
  'billing.summary': 'billing.view', 'billing.statement': 'billing.view',
  'support.listChats': 'support.use', 'support.createChat': 'support.use', 'support.updateChatStatus': 'support.manage',
  'support.listMessages': 'support.use', 'support.sendMessage': 'support.use',
  'support.bell': 'support.manage', 'support.openBell': 'support.manage',
  'presence.superUsersOnline': 'support.manage', 'presence.heartbeat': null,
  'onboarding.submitTrial': null, 'onboarding.submitRegistration': null,
  'assistant.quickHelp': null, 'assistant.chat': null,
  'portal.summary': 'patientPortal.view', 'portal.appointments': 'patientPortal.view', 'portal.messages': 'patientPortal.view',
  'portal.sendMessage': 'patientPortal.view', 'portal.requestAppointment': 'patientPortal.view', 'portal.requestReschedule': 'patientPortal.view',
  'portal.testResults': 'patientPortal.view', 'portal.medications': 'patientPortal.view', 'portal.profile': 'patientPortal.view',
  'portal.updateProfile': 'patientPortal.view',
  'records.recentTestResults': 'records.view',
  'platform.overview': 'organizations.manage',
  'platform.trialRequests': 'organizations.manage', 'platform.approveTrial': 'organizations.manage', 'platform.rejectTrial': 'organizations.manage',
  'platform.systemOverview': 'organizations.manage', 'platform.outbox': 'organizations.manage', 'platform.retryMail': 'organizations.manage',
  'platform.sendPasswordReset': 'organizations.manage',
  'platform.contactRequests': 'organizations.manage', 'platform.updateContactRequest': 'organizations.manage',
  'users.security': 'security.manage', 'users.setSecurity': 'security.manage',
  'account.twoFactor': null, 'account.startTwoFactorEnrolment': null, 'account.confirmTwoFactorEnrolment': null,
  'account.regenerateRecoveryCodes': null, 'account.disableTwoFactor': null,
  'auth.verifyTwoFactor': null, 'auth.startTwoFactorEnrolment': null, 'auth.finishTwoFactorEnrolment': null,
  'auth.requestPasswordReset': null, 'auth.confirmPasswordReset': null,
  'retention.overview': 'retention.manage', 'retention.deidentify': 'retention.manage',
  'audit.list': 'audit.view', 'audit.actors': 'audit.view', 'audit.accessReport': 'audit.view',
  // Issue 19: the person registry, parties on a case, the header search.
  'people.list': 'people.view', 'people.matches': 'people.view', 'people.get': 'people.view',
  'people.create': 'people.manage', 'people.update': 'people.manage', 'people.merge': 'people.merge', 'people.accessReport': 'audit.view',
  'parties.list': 'caseFile.view', 'parties.add': 'caseFile.write', 'parties.remove': 'caseFile.write',
  'parties.conflictCheck': 'caseFile.view', 'parties.recordConflictCheck': 'caseFile.write',
  'search.search': 'search.use',
  // Issue 20: the deadline calculator (public law, no organisation's data).
  'deadlines.preview': null, 'deadlines.rules': null,
  // Court matter and hearings:
  'courtMatter.get': 'caseFile.view', 'courtMatter.put': 'caseFile.write',
  'hearings.list': 'caseFile.view', 'hearings.create': 'caseFile.write', 'hearings.update': 'caseFile.write',

  // Experts and the case's deadlines:
  'experts.list': 'caseFile.view', 'experts.create': 'caseFile.write', 'experts.update': 'caseFile.write',
  'deadlines.forCase': 'caseFile.view', 'deadlines.upcoming': 'caseFile.view', 'deadlines.mark': 'caseFile.write',

  // Settlement log and checklists:
  'settlements.list': 'caseFile.view', 'settlements.create': 'caseFile.write', 'settlements.updateStatus': 'caseFile.write', 'settlements.figures': 'caseFile.view',

  'checklists.get': 'caseFile.view', 'checklists.tick': 'caseFile.write',
  'checklists.templates': 'checklists.manage', 'checklists.saveTemplate': 'checklists.manage', 'checklists.deleteTemplate': 'checklists.manage',
  'caseTypes.list': 'cases.view', 'caseTypes.add': 'checklists.manage', 'caseTypes.remove': 'checklists.manage',
  // Trial readiness and the dashboards:
  'readiness.get': 'caseFile.view',

  // Issue 21 — the calendar and its .ics feed:
  'appointments.conflicts': 'appointments.manage',
  'users.directory': 'messages.use',
  'calendarFeed.status': 'appointments.view', 'calendarFeed.create': 'appointments.view', 'calendarFeed.revoke': 'appointments.view',

  // Issue 21 — messages to people:

  // Issue 21 — notifications: every member of an organisation has a bell (no capability; tenant only).
  'notifications.list': null, 'notifications.markRead': null, 'notifications.readAll': null,
  'notifications.emailPreferences': null, 'notifications.setEmailPreferences': null,

  // Issue 22 — encounters and ICD-10:
  'encounters.list': 'records.view', 'encounters.create': 'records.write', 'encounters.amend': 'records.write',
  'icd10.search': 'records.view', 'icd10.status': 'icd10.manage',
  // (end of issue 22 — encounters and ICD-10)
  // Issue 22 — results and medications:
  'results.list': 'records.view', 'results.create': 'records.write', 'results.latestVitals': 'records.view',
  'medications.list': 'records.view', 'medications.create': 'medications.prescribe', 'medications.stop': 'records.write',
  // (end of issue 22 — results and medications)
  // Issue 22 — admissions and the ward census:
  'admissions.list': 'beds.view', 'admissions.census': 'beds.view',
  'admissions.admit': 'admissions.manage', 'admissions.transfer': 'admissions.manage', 'admissions.discharge': 'admissions.manage',
  // (end of issue 22 — admissions and the ward census)
  // Issue 22 — hospital records of a medicolegal case:
  'hospitalRecords.list': 'records.view',
  // (end of issue 22 — hospital records of a medicolegal case)
  // Issue 31 — the clinical episode:
  'cases.banner': 'records.view',
  'medications.administer': 'medications.administer', 'medications.administrations': 'records.view',
  'observations.list': 'records.view', 'observations.create': 'records.write',
  'results.release': 'results.release',
  'allergies.list': 'records.view', 'allergies.create': 'records.write', 'allergies.enteredInError': 'records.write', 'allergies.noKnownAllergies': 'records.write',
  // Issue 32 — the conflict check at intake:
  'conflictChecks.run': 'cases.create', 'conflictChecks.get': 'cases.create', 'conflictChecks.resolve': 'cases.create',
  // Issue 33 — code lists and charges:
  'billingCodes.tariffs': 'records.view', 'billingCodes.nappi': 'records.view',
  'charges.list': 'records.view', 'charges.record': 'charges.record', 'charges.void': 'charges.record', 'charges.correct': 'accounts.manage',
  // Issue 33 — the practice's identity and a person's cover:
  'practice.settings': 'accounts.manage', 'practice.saveSettings': 'billingSettings.manage', 'practice.setPractitionerNumber': 'billingSettings.manage',
  'cover.get': 'people.view', 'cover.save': 'people.manage',
  'accounts.create': 'accounts.manage', 'accounts.get': 'accounts.manage', 'accounts.list': 'accounts.manage', 'accounts.validation': 'accounts.manage',
  'claims.create': 'accounts.manage', 'claims.get': 'accounts.manage', 'claims.list': 'accounts.manage', 'claims.export': 'accounts.manage', 'claims.reverseLine': 'accounts.manage',
  'remittances.capture': 'accounts.manage', 'remittances.import': 'accounts.manage', 'remittances.list': 'accounts.manage', 'remittances.get': 'accounts.manage', 'remittances.shortfall': 'accounts.manage',
  'payments.record': 'accounts.manage', 'payments.reverse': 'accounts.manage',
  'statements.forPerson': 'accounts.manage', 'statements.agedDebtors': 'accounts.manage', 'statements.own': 'patientPortal.view',
  // Issue 34 — fee notes on the legal platforms:
  'fees.settings': 'fees.view', 'fees.saveSettings': 'billingSettings.manage',
  'disbursements.create': 'fees.record', 'disbursements.list': 'fees.view',
  'feeNotes.wip': 'fees.view', 'feeNotes.create': 'fees.manage', 'feeNotes.list': 'fees.view', 'feeNotes.get': 'fees.view',
  'feeNotes.issue': 'fees.manage', 'feeNotes.creditNote': 'fees.manage', 'feeNotes.receive': 'fees.manage', 'feeNotes.reverseReceipt': 'fees.manage',
  // Issue 34 — the fee reports: firm-wide money, Finance Staff and the Director (decision 0067).
  'feeReports.wip': 'fees.manage', 'feeReports.agedDebtors': 'fees.manage', 'feeReports.feesByFeeEarner': 'fees.manage',
  'feeReports.targets': 'fees.manage', 'feeReports.setTarget': 'fees.manage', 'feeReports.statement': 'fees.manage',
  // Issue 34 — the trust account:
  'trust.ledger': 'fees.view', 'trust.receive': 'trust.manage', 'trust.pay': 'trust.manage', 'trust.transfer': 'trust.manage', 'trust.reverse': 'trust.manage',
  'trust.invest': 'trust.manage', 'trust.creditInterest': 'trust.manage', 'trust.withdraw': 'trust.manage',
  'trust.reconciliation': 'trust.manage', 'trust.saveReconciliation': 'trust.manage', 'trust.signOff': 'trust.manage',
  // Issue 34 — contingency-fee agreements:
  'contingency.get': 'fees.view', 'contingency.save': 'fees.record', 'contingency.fee': 'fees.view',


};

describe('authorization of every procedure', () => {
  it('needs exactly the pinned capability', () => {
    const actual = Object.fromEntries(procedures.map(([path, p]) => [path, p._def.meta?.capability ?? null]));
    expect(actual).toEqual(PINNED_CAPABILITIES);
  });

  it('every procedure that needs a sign-in declares the capability it needs', () => {
    const undeclared = procedures
      .filter(([path, p]) => !PUBLIC.has(path) && !ANY_SIGNED_IN.has(path) && !p._def.meta?.capability)
      .map(([path]) => path);
    expect(undeclared).toEqual([]);
  });

  it('allows and refuses exactly as the capability matrix says, for every role, a Super Admin and a stranger', async () => {
    const mismatches: string[] = [];
    for (const [path, procedure] of procedures) {
      for (const caller of callers) {
        const expected = expectedOutcome(path, procedure._def.meta, caller);
        const actual = await outcomeOf(caller, path);
        if (actual !== expected) mismatches.push(`${path} as ${caller.label}: expected ${expected}, got ${actual}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every procedure × every caller (~100 × ~40 calls; the case file added a dozen procedures that
    // now do real work): past the default 30 s on Postgres on a busy machine.
  }, 180_000);

  it('answers malformed input to every procedure with a 4xx and writes nothing', async () => {
    const administrator = callers.find((c) => c.label === 'Administrator @ thornhill-community-hospital')!;
    const superAdmin = callers.find((c) => c.isSuperAdmin)!;
    const patient = callers.find((c) => c.label === 'Patient @ thornhill-community-hospital')!;
    const before = await rowCounts();
    const failures: string[] = [];
    for (const [path, procedure] of procedures) {
      if (path === 'auth.logout') continue; // takes no input: any call signs out
      const adminRefused = expectedOutcome(path, procedure._def.meta, administrator) !== 'allowed';
      // The portal is the Patient's alone: walk it as one, so its inputs meet the garbage too.
      const caller = crossTenant(path) && adminRefused ? superAdmin : adminRefused && expectedOutcome(path, procedure._def.meta, patient) === 'allowed' ? patient : administrator;
      const api = createCallerFactory(appRouter)(caller.ctx) as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
      const [group, name] = path.split('.') as [string, string];
      for (const input of GARBAGE_INPUTS) {
        try {
          await api[group]![name]!(input);
          if (procedure._def.type === 'mutation' && path !== 'presence.heartbeat') failures.push(`${path} accepted ${JSON.stringify(input).slice(0, 60)}`);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) failures.push(`${path} failed with ${String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('leaves the audit trail whole after every procedure was called by every caller (no procedure alters an entry)', async () => {
    const entries = Number((await t.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(entries).toBeGreaterThan(procedures.length); // the walks above were recorded
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true, entries });
  });
});
