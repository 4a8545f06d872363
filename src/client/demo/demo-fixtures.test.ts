import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../server/router';
import type { Meta } from '../../server/trpc';
import { dayKey } from '../../shared/calendar';
import type { TAccountLineView, TAccountView } from '../../shared/domain/account-wire';
import type { TFeeNote } from '../../shared/domain/fee-notes';
import type { TCase } from '../../shared/domain/cases';
import type { TCharge } from '../../shared/domain/medical-accounts';
import { PLATFORM_CONFIG, type TPlatform } from '../../shared/platform';
import { can } from '../../shared/roles';
import type { DemoIdentity } from '../lib/demo-identity';
import { DEMO_PROCEDURES, answer } from './answer';
import { useFixedDemoClock } from './fixed-demo-clock';
import { demoCases } from './fixtures/cases';
import { MAIL_DOMAIN } from './fixtures/organizations';
import { makeSaIdNumber } from '../../shared/sa/sa-id-number';

// Walks EVERY procedure of the app router through the demo, as staff, patient and Super Admin
// identities on the three platforms, and checks each answer against the procedure's own output
// parser, so the demo cannot drift from what the server promises. Then the SPEC §6 visibility rules,
// the §3.6 figures, the write overlay and the link itself.

type Procedure = { _def: { type: string; meta?: Meta; inputs: z.ZodType[]; output?: z.ZodType } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);

const id = (userId: string, role: string, name: string, platform: TPlatform, isSuperAdmin = false): DemoIdentity => ({
  userId, role, name, isSuperAdmin, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});

const ADMIN = id('hospital_administrator', 'Administrator', 'Johan Botha', 'healthcare');
const DOCTOR = id('attending_physician', 'Doctor', 'Dr Pieter van der Merwe', 'healthcare');
const CLINICAL = id('pharmacist', 'Clinical Staff', 'Lerato Nkosi', 'healthcare');
const PATIENT = id('patient1', 'Patient', 'Thabo Mabaso', 'healthcare');
const SUPER = id('superadmin1', 'Super Admin', 'Lindiwe Mahlaba', 'healthcare', true);
const ATTORNEY = id('attorney', 'Attorneys', 'Karabo Molefe', 'legal');
const CONSULTANT = id('paralegal', 'Legal Consultants', 'Zanele Mahlangu', 'legal');
const SLU = id('senior_state_advocate', 'Special Litigation Unit', 'Adv. Mandla Ngcobo', 'medicolegal');
const IDENTITIES = { ADMIN, DOCTOR, CLINICAL, PATIENT, SUPER, ATTORNEY, CONSULTANT, SLU };

const PREFIX: Record<TPlatform, string> = { healthcare: 'hc', legal: 'lg', medicolegal: 'ml' };
const STAFF: Record<TPlatform, string> = { healthcare: 'registered_nurse', legal: 'attorney', medicolegal: 'medical_malpractice_attorney' };

const call = <T = unknown>(path: string, input: unknown, who: DemoIdentity) => answer(path, input, who) as T;
const casesOf = (who: DemoIdentity, input: unknown = { pageSize: 200 }) => call<{ items: TCase[]; total: number }>('cases.list', input, who);

function firstVisibleCaseId(who: DemoIdentity): string {
  const first = casesOf(who).items[0];
  if (!first) throw new Error(`no visible case for ${who.role}`);
  return first.id;
}

/** A running time entry the identity may stop: one it starts itself, else the fixture's running one. */
function stoppableEntry(who: DemoIdentity): string {
  try {
    return call<{ id: string }>('costs.startTimeEntry', { caseId: firstVisibleCaseId(who) }, who).id;
  } catch {
    return `${PREFIX[who.platform]}-case-01-te-running`;
  }
}

/** A second record of a person to merge into `id` (made by the identity when it may; else any other record). */
function duplicateOf(who: DemoIdentity, id: string): string {
  try {
    return call<{ id: string }>('people.create', { firstName: 'Duplicate', lastName: 'Record' }, who).id;
  } catch {
    return id.replace(/-\d+$/, '-03');
  }
}

/** An expert the identity may change, with its version: a fixture one of a visible case, else one it adds (none: it may not read them). */
function expertToUpdate(who: DemoIdentity): { id: string; expectedVersion: number } {
  if (!PLATFORM_CONFIG[who.platform].features.expertWitness || !can({ role: who.role, isSuperAdmin: who.isSuperAdmin }, 'caseFile.write')) return { id: 'none', expectedVersion: 1 };
  for (const kase of casesOf(who).items) {
    const first = call<{ items: { id: string; version: number }[] }>('experts.list', { id: kase.id }, who).items[0];
    if (first) return { id: first.id, expectedVersion: first.version };
  }
  const made = call<{ id: string; version: number }>('experts.create', { id: firstVisibleCaseId(who), personId: `${PREFIX[who.platform]}-person-04`, discipline: 'Neurosurgeon', side: 'ours' }, who);
  return { id: made.id, expectedVersion: made.version };
}

/** The accounts the identity reads, newest first, as the account page reads them (none when it may not). */
function accountsOf(who: DemoIdentity): TAccountView[] {
  try {
    return call<{ items: { id: string }[] }>('accounts.list', {}, who).items.map((a) => call<TAccountView>('accounts.get', { id: a.id }, who));
  } catch {
    return [];
  }
}

/** The first id a list procedure answers the identity ('none' when it may not read the list). */
function firstIdOf(path: string, who: DemoIdentity): string {
  try {
    return call<{ items: { id: string }[] }>(path, {}, who).items[0]?.id ?? 'none';
  } catch {
    return 'none';
  }
}

/** Unbilled charges of the first case that has some; `claimable`: only those a scheme takes (an authorisation number where one is wanted). */
function unbilledCharges(who: DemoIdentity, claimable: boolean): { caseId: string; ids: string[] } | null {
  for (const kase of casesOf(who).items) {
    try {
      const ids = call<{ items: TCharge[] }>('charges.list', { id: kase.id }, who)
        .items.filter((c) => !c.voided && c.accountId === null && (!claimable || !c.needsAuthorisation || c.authorisationNumber))
        .map((c) => c.id);
      if (ids.length > 0) return { caseId: kase.id, ids };
    } catch {
      /* not readable (or not this platform): the next case */
    }
  }
  return null;
}

/** A scheme account a claim takes: a draft one validation passes (the fixture's on hc-case-01), else one it bills now. */
function claimableAccount(who: DemoIdentity): TAccountView | null {
  const passes = (a: TAccountView) => call<{ problems: unknown[] }>('accounts.validation', { id: a.id }, who).problems.length === 0;
  const ready = accountsOf(who).find((a) => a.payer === 'scheme' && a.lines.some((l) => l.status === 'draft') && passes(a));
  if (ready) return ready;
  const charges = unbilledCharges(who, true);
  try {
    return charges ? call<TAccountView>('accounts.create', { id: charges.caseId, chargeIds: charges.ids }, who) : null;
  } catch {
    return null;
  }
}

/** A claimed line the scheme has not remitted yet, with its account and scheme (one it claims now when there is none). */
function claimedLine(who: DemoIdentity): { account: TAccountView; line: TAccountLineView; scheme: string } | null {
  const find = () => {
    for (const account of accountsOf(who)) {
      const line = account.lines.find((l) => l.status === 'submitted' || l.status === 'accepted');
      if (line) return { account, line };
    }
    return null;
  };
  let found = find();
  if (!found) {
    const account = claimableAccount(who);
    try {
      if (account) call('claims.create', { accountIds: [account.id] }, who);
    } catch {
      return null;
    }
    found = find();
  }
  return found ? { ...found, scheme: call<{ scheme: string }>('claims.get', { id: found.line.claimId }, who).scheme } : null;
}

/** A matter whose fees the visitor may read: those who bill, any; a fee-earner, one they work on. */
function feeMatter(who: DemoIdentity): string {
  for (const kase of casesOf(who).items) {
    try {
      call('feeNotes.wip', { id: kase.id }, who);
      return kase.id;
    } catch {
      /* not on this matter's team (or no fees on this platform): the next */
    }
  }
  return casesOf(who).items[0]?.id ?? 'none';
}

/** The version of the contingency-fee agreement in force on the visitor's fee matter (undefined: none, or not readable). */
function agreementVersion(who: DemoIdentity): number | undefined {
  try {
    return call<{ agreement: { version: number } | null }>('contingency.get', { id: feeMatter(who) }, who).agreement?.version;
  } catch {
    return undefined;
  }
}

/** The first fee note (of a status) on the matters whose fees the visitor reads. */
function firstFeeNote(who: DemoIdentity, status?: TFeeNote['status']): TFeeNote | undefined {
  for (const kase of casesOf(who).items) {
    try {
      const found = call<{ items: TFeeNote[] }>('feeNotes.list', { id: kase.id }, who).items.find((n) => !status || n.status === status);
      if (found) return found;
    } catch {
      /* not readable: the next */
    }
  }
  return undefined;
}

/** A representative valid input per procedure, as the client sends it. */
function sampleInput(path: string, who: DemoIdentity): unknown {
  const p = PREFIX[who.platform];
  const chatId = who.isSuperAdmin ? 'chat-bed-report' : 'chat-own-question';
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const inputs: Record<string, () => unknown> = {
    'auth.login': () => ({ email: 'someone@example.com', password: 'secret' }),
    'auth.registerSuperuser': () => ({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'longenough', secretKey: 'k' }),
    'organizations.create': () => ({ name: 'Polokwane Care Centre', type: 'Clinic', platform: 'healthcare', province: 'Limpopo', totalBeds: '12' }),
    'organizations.update': () => ({ id: 'org-umhlanga', phone: '+27 31 566 2041' }),
    'organizations.deactivate': () => ({ id: 'org-mangaung' }),
    'cases.list': () => ({ search: '', status: '', page: '1', pageSize: '20' }),
    'cases.listAlias': () => undefined,
    'cases.get': () => ({ id: firstVisibleCaseId(who) }),
    'audit.accessReport': () => ({ caseId: firstVisibleCaseId(who) }),
    'auth.verifyTwoFactor': () => ({ challenge: 'c', code: '123456' }),
    'auth.startTwoFactorEnrolment': () => ({ challenge: 'c' }),
    'auth.finishTwoFactorEnrolment': () => ({ challenge: 'c', code: '123456' }),
    'account.startTwoFactorEnrolment': () => ({ password: 'p' }),
    'account.confirmTwoFactorEnrolment': () => ({ code: '123456' }),
    'account.regenerateRecoveryCodes': () => ({ password: 'p' }),
    'account.disableTwoFactor': () => ({ password: 'p', code: '123456' }),
    'users.setSecurity': () => ({ requireTwoFactor: true }),
    'retention.deidentify': () => ({ id: firstVisibleCaseId(who) }),
    'cases.create': () => ({ patientName: 'Naledi Mokoena', caseType: 'Consultation', priority: 'High', scheduledDate: later(30) }),
    'cases.update': () => ({ id: firstVisibleCaseId(who), status: 'In Progress' }),
    'appointments.create': () => ({ title: 'Follow-up', startTime: later(24), endTime: later(25), caseId: '' }),
    'appointments.update': () => ({ id: `${p}-appt-02`, status: 'Completed' }),
    'messages.list': () => ({ search: 'a' }),
    'messages.send': () => ({ subject: 'Hello', content: 'Team update', messageType: 'broadcast' }),
    'messages.markRead': () => ({ id: `${p}-msg-01` }),
    'messages.reply': () => ({ id: `${p}-msg-02`, content: 'Thanks, noted.' }),
    'education.list': () => ({ category: 'safety' }),
    'education.create': () => ({ title: 'New module', type: 'video', category: 'clinical', duration: '20', targetRoles: ['Nurse'] }),
    'education.update': () => ({ id: `${p}-res-01`, title: 'Renamed module' }),
    'dashboard.performanceMetrics': () => ({ period: 'weekly' }),
    'crm.create': () => ({ name: 'Pipedrive' }),
    'crm.update': () => ({ id: `${p}-crm-1`, status: 'syncing', lastSync: new Date().toISOString() }),
    'beds.list': () => ({ ward: 'ICU' }),
    'beds.create': () => ({ bedNumber: 'B-01', ward: 'Ward B – Surgical', assignedNurseId: 'registered_nurse' }),
    'beds.update': () => ({ id: 'hc-bed-a-05', notes: 'Next to the window', assignedNurseId: '' }),
    'beds.assign': () => ({ id: 'hc-bed-a-01', patientId: 'TCH-200001' }),
    'beds.release': () => ({ id: 'hc-bed-a-02' }),
    'beds.history': () => ({ id: 'hc-bed-a-04' }),
    'users.list': () => ({ role: '' }),
    'costs.rateHistory': () => ({ userId: STAFF[who.platform] }),
    'costs.addRate': () => ({ userId: STAFF[who.platform], hourlyRate: '350.50', effectiveDate: dayKey() }),
    'costs.startTimeEntry': () => ({ caseId: casesOf(who).items[1]?.id ?? firstVisibleCaseId(who), description: 'Review' }),
    'costs.recordPastTime': () => ({ caseId: firstVisibleCaseId(who), startTime: new Date(Date.now() - 26 * 3_600_000).toISOString(), durationMinutes: 45 }),
    'costs.stopTimeEntry': () => ({ id: stoppableEntry(who) }),
    'costs.listMyTimeEntries': () => ({ limit: 10 }),
    'costs.caseDetails': () => ({ caseId: firstVisibleCaseId(who) }),
    'support.listChats': () => ({}),
    'support.createChat': () => ({ title: 'Printer', category: 'Technical', description: '' }),
    'support.updateChatStatus': () => ({ id: 'chat-bed-report', status: 'In Progress' }),
    'support.listMessages': () => ({ chatId }),
    'support.sendMessage': () => ({ chatId, message: 'Any news?', senderId: 42 }),
    'portal.sendMessage': () => ({ caseId: firstVisibleCaseId(who), subject: 'Pain at night', content: 'May I take another tablet?' }),
    'portal.requestAppointment': () => ({ caseId: firstVisibleCaseId(who), preferredDate: dayKey(new Date(Date.now() + 3 * 86_400_000)), reason: 'Check-up' }),
    'portal.requestReschedule': () => ({ appointmentId: 'hc-portal-appt-2', preferredDate: dayKey(new Date(Date.now() + 9 * 86_400_000)), reason: 'Clash' }),
    'portal.updateProfile': () => ({ phone: '082 555 1234', address: '' }),
    'onboarding.submitTrial': () => ({ organizationName: 'Karoo Clinic', organizationType: 'Clinic', contactPersonName: 'Anna', email: 'anna@karoo.example', estimatedBeds: '' }),
    'onboarding.submitRegistration': () => ({ organizationName: 'Karoo Clinic', contactPerson: 'Anna', email: 'anna@karoo.example', platform: 'healthcare' }),
    'assistant.chat': () => ({ message: 'How do I add a bed?', chatHistory: [] }),
    'platform.trialRequests': () => ({ status: 'pending' }),
    'platform.approveTrial': () => ({ id: 'trial-karoo' }),
    'platform.rejectTrial': () => ({ id: 'trial-polokwane', reason: 'Outside our pilot provinces for now.' }),
    'platform.outbox': () => ({ status: '', page: '1', pageSize: '10' }),
    'platform.retryMail': () => ({ id: 'mail-umhlanga-nurse' }),
    'platform.contactRequests': () => ({ status: 'new' }),
    'platform.updateContactRequest': () => ({ id: 'contact-mbombela', status: 'in_progress' }),
    'users.invite': () => ({ email: 'new.member@example.org', role: 'Nurse', firstName: '' }),
    'users.resendInvitation': () => ({ id: 'demo-invitation-expired' }),
    'users.revokeInvitation': () => ({ id: 'demo-invitation-pending' }),
    'users.changeRole': () => ({ userId: STAFF[who.platform], role: 'Case Manager' }),
    'users.deactivate': () => ({ userId: STAFF[who.platform] }),
    'users.reactivate': () => ({ userId: STAFF[who.platform] }),
    'invitations.preview': () => ({ token: 'a'.repeat(32) }),
    'invitations.accept': () => ({ token: 'a'.repeat(32), firstName: 'Ada', lastName: 'Lovelace', password: 'longenough' }),
    'account.updateProfile': () => ({ firstName: 'Ada', lastName: 'Lovelace', department: '' }),
    'account.changePassword': () => ({ currentPassword: 'old-password', newPassword: 'new-password-2026' }),
    'account.endSession': () => ({ id: 'a'.repeat(64) }),
    'auth.requestPasswordReset': () => ({ email: 'someone@example.org' }),
    'auth.confirmPasswordReset': () => ({ token: 'a'.repeat(32), password: 'river-lantern-okapi' }),
    'users.sendPasswordReset': () => ({ userId: STAFF[who.platform] }),
    'cases.breakGlass': () => ({ id: firstVisibleCaseId(who), reason: 'Covering the ward tonight' }),
    'caseTeam.get': () => ({ id: `${p}-case-01` }),
    'caseTeam.candidates': () => ({ id: `${p}-case-01` }),
    'caseTeam.put': () => ({ id: `${p}-case-03`, members: [{ userId: STAFF[who.platform], roleOnCase: who.platform === 'healthcare' ? 'nurse' : 'paralegal' }] }),
    'timeline.list': () => ({ id: `${p}-case-01`, limit: '5' }),
    'notes.list': () => ({ id: `${p}-case-01` }),
    'notes.create': () => ({ id: `${p}-case-01`, kind: who.platform === 'healthcare' ? 'clinical' : 'attendance', body: 'Seen today.' }),
    'notes.amend': () => ({ id: `${p}-case-01`, noteId: `${p}-case-01-note-1`, body: 'Seen today (corrected).' }),
    'tasks.list': () => ({ assignee: 'me', status: '' }),
    'tasks.create': () => ({ caseId: `${p}-case-01`, title: 'Call the family', assigneeId: STAFF[who.platform], dueDate: dayKey(), priority: 'High' }),
    'tasks.update': () => ({ id: `${p}-case-01-task-1`, status: 'done' }),
    'documents.forCase': () => ({ caseId: `${p}-case-01` }),
    'people.list': () => ({ search: '', page: '1', pageSize: '10' }),
    'people.matches': () => ({ name: 'Thabo Mabaso', dateOfBirth: '' }),
    'people.get': () => ({ id: `${p}-person-01` }),
    'people.create': () => ({ firstName: 'Naledi', lastName: 'Mokoena', idNumber: makeSaIdNumber('1990-05-05', 'female', 77), phone: '' }),
    'people.update': () => ({ id: `${p}-person-02`, phone: '082 000 1111', expectedVersion: '1' }),
    'people.merge': () => ({ id: `${p}-person-02`, duplicateId: duplicateOf(who, `${p}-person-02`) }),
    'people.accessReport': () => ({ id: `${p}-person-01` }),
    'parties.list': () => ({ id: `${p}-case-01` }),
    'parties.add': () => ({ id: `${p}-case-01`, personId: `${p}-person-03`, role: who.platform === 'healthcare' ? 'guardian' : 'witness' }),
    'parties.remove': () => ({ id: `${p}-case-01`, partyId: `${p}-party-01` }),
    'parties.conflictCheck': () => ({ id: `${p}-case-01` }),
    'parties.recordConflictCheck': () => ({ id: `${p}-case-01`, result: 'clear', note: '' }),
    'search.search': () => ({ q: 'mok' }),
    'deadlines.preview': () => ({ rule: 'rule-19', trigger: '2026-12-10' }),
    // Court matter and hearings:
    'courtMatter.get': () => ({ id: `${p}-case-01` }),
    'courtMatter.put': () => ({ id: `${p}-case-01`, court: 'High Court', division: 'Gauteng Division, Pretoria', caseNumber: '2025/012345', claimAmountCents: '150000000', stage: 'trial-ready', summonsServedOn: '', expectedVersion: 1 }),
    'hearings.list': () => ({ id: `${p}-case-01` }),
    'hearings.create': () => ({ id: `${p}-case-01`, type: 'trial', startsAt: later(24 * 60), venue: 'Court 4D' }),
    'hearings.update': () => ({ id: `${p}-case-01-hearing-2`, outcome: 'Pre-trial minute signed', expectedVersion: 1 }),

    // Experts and the case's deadlines:
    'experts.list': () => ({ id: firstVisibleCaseId(who) }),
    'experts.create': () => ({ id: firstVisibleCaseId(who), personId: `${p}-person-03`, discipline: 'Actuary', registrationNumber: '', side: 'opposing', feeCents: '1850000' }),
    'experts.update': () => ({ ...expertToUpdate(who), milestones: { instructed: dayKey(), assessed: '' } }),
    'deadlines.forCase': () => ({ id: firstVisibleCaseId(who) }),
    'deadlines.upcoming': () => ({ days: '7' }),
    // Issue 32: a deadline of a case the identity reads, marked met today; none when it reads no deadline.
    'deadlines.mark': () => {
      for (const kase of casesOf(who).items) {
        try {
          const first = call<{ items: { id: string }[] }>('deadlines.forCase', { id: kase.id }, who).items[0];
          if (first) return { id: first.id, status: 'met', on: dayKey() };
        } catch {
          /* no deadlines here (or not this platform): the next case */
        }
      }
      return { id: 'none', status: 'not-applicable', reason: 'The defendant is not an organ of state' };
    },

    // Settlement log and checklists:
    'settlements.list': () => ({ id: `${p}-case-01` }),
    'settlements.create': () => ({ id: `${p}-case-01`, kind: 'offer', date: dayKey(), fromSide: 'ours', amountCents: '125000000', heads: { generalDamages: '100000000', pastMedical: '' } }),
    'settlements.updateStatus': () => ({ id: `${p}-settlement-02`, status: 'accepted', expectedVersion: '1' }),
    'settlements.figures': () => undefined,

    'checklists.get': () => ({ id: `${p}-case-01` }),
    'checklists.tick': () => ({ id: `${p}-case-01-chk-1`, done: true }),
    'checklists.saveTemplate': () => ({ name: 'Intake', caseTypes: ['Intake'], items: ['Identity verified'] }),
    'checklists.deleteTemplate': () => ({ id: `${p}-checklist-template-01` }),
    'caseTypes.add': () => ({ name: 'Arbitration' }),
    'caseTypes.remove': () => {
      try {
        const listed = call<{ items: { id: string | null }[] }>('caseTypes.add', { name: 'Mediation' }, who);
        return { id: listed.items.find((i) => i.id)?.id ?? 'none' };
      } catch {
        return { id: 'none' }; // refused: the remove is refused the same way
      }
    },
    // Trial readiness and the dashboards:
    'readiness.get': () => ({ id: `${p}-case-01` }),

    // Issue 21 — the calendar and its .ics feed:
    'appointments.conflicts': () => ({ startTime: '2026-12-01T08:00:00.000Z', endTime: '2026-12-01T09:00:00.000Z' }),
    'users.directory': () => undefined,
    'calendarFeed.status': () => undefined,
    'calendarFeed.create': () => undefined,
    'calendarFeed.revoke': () => undefined,

    // Issue 21 — messages to people:

    // Issue 21 — notifications:
    'notifications.list': () => undefined,
    'notifications.markRead': () => ({ id: `${p}-notification-1` }),
    'notifications.readAll': () => undefined,
    'notifications.emailPreferences': () => undefined,
    'notifications.setEmailPreferences': () => ({ kinds: ['task.due', 'deadline.soon'] }),

    // Issue 22 — encounters and ICD-10:
    'encounters.list': () => ({ id: firstVisibleCaseId(who) }),
    'encounters.create': () => ({ id: firstVisibleCaseId(who), type: 'Consultation', occurredAt: new Date(Date.now() - 3_600_000).toISOString(), assessment: 'Hypertension', diagnoses: [{ code: 'I10', primary: 'true' }], vitals: { pulse: '72', systolic: '130', diastolic: '' } }),
    'encounters.amend': () => {
      const base = { id: firstVisibleCaseId(who), type: 'Ward round', occurredAt: new Date(Date.now() - 3_600_000).toISOString(), diagnoses: [{ code: 'I21.9', primary: true }] };
      // One the identity records itself (its latest version); none when it may not record.
      let encounterId = 'none';
      try {
        encounterId = call<{ id: string }>('encounters.create', base, who).id;
      } catch {
        /* refused: the amend is refused the same way */
      }
      return { ...base, encounterId };
    },
    'icd10.search': () => ({ search: 'diabetes type 2' }),
    'icd10.status': () => undefined,
    // (end of issue 22 — encounters and ICD-10)
    // Issue 22 — results and medications:
    'results.list': () => ({ id: firstVisibleCaseId(who) }),
    'results.latestVitals': () => undefined,
    'results.create': () => ({ id: firstVisibleCaseId(who), test: 'Haemoglobin', value: '13.2', unit: 'g/dL', referenceRange: '12.0–15.5', flag: 'Normal' }),
    'medications.list': () => ({ id: firstVisibleCaseId(who) }),
    'medications.create': () => ({ id: firstVisibleCaseId(who), name: 'Amoxicillin', dose: '500 mg', route: 'oral', frequency: 'Three times a day', startDate: dayKey() }),
    // One the identity starts itself, so it is Active; one who may not prescribe (Clinical Staff) stops an Active
    // fixture one of a case it reads (an identity that may not write is refused by the guard first).
    'medications.stop': () => {
      try {
        const started = call<{ id: string }>('medications.create', { id: firstVisibleCaseId(who), name: 'Ibuprofen', dose: '400 mg', route: 'oral', frequency: 'Three times a day', startDate: dayKey() }, who);
        return { id: started.id, stopDate: dayKey() };
      } catch {
        for (const kase of casesOf(who).items) {
          try {
            const active = call<{ items: { id: string; status: string }[] }>('medications.list', { id: kase.id }, who).items.find((m) => m.status === 'Active');
            if (active) return { id: active.id, stopDate: dayKey() };
          } catch {
            /* not readable: the next case */
          }
        }
        return { id: 'none', stopDate: dayKey() };
      }
    },
    // (end of issue 22 — results and medications)
    // Issue 22 — admissions and the ward census:
    // A registry person with no bed (the fixture admits the people of cases 01–06), into a free bed.
    'admissions.list': () => undefined,
    'admissions.census': () => undefined,
    'admissions.admit': () => ({ personId: 'hc-person-12', bedId: 'hc-bed-a-05', estimatedDischarge: dayKey() }),
    'admissions.transfer': () => ({ id: 'hc-adm-a-04', bedId: 'hc-bed-icu-03', reason: 'Step-up: NEWS2 7' }),
    'admissions.discharge': () => ({ id: 'hc-adm-icu-02', bedStatus: 'Cleaning', disposition: 'home', summary: 'Stable; follow up at clinic in two weeks.', medications: [] }),
    // (end of issue 22 — admissions and the ward census)
    // Issue 22 — hospital records of a medicolegal case:
    'hospitalRecords.list': () => ({ id: `${p}-case-01` }),
    // (end of issue 22 — hospital records of a medicolegal case)
    // Issue 31 — the clinical episode: person 01 is the hip patient (a recorded penicillin allergy),
    // person 12 has nothing recorded; the allergy marked is one the identity records itself.
    'allergies.list': () => ({ id: `${p}-person-01` }),
    'cases.banner': () => ({ id: firstVisibleCaseId(who) }),
    'medications.administrations': () => ({ id: firstVisibleCaseId(who) }),
    'observations.list': () => ({ id: firstVisibleCaseId(who) }),
    // A held result of a case the identity reads (the portal case's CRP of this morning).
    'results.release': () => {
      for (const kase of casesOf(who).items) {
        try {
          const held = call<{ items: { id: string; releasedAt: string | null }[] }>('results.list', { id: kase.id }, who).items.find((r) => r.releasedAt === null);
          if (held) return { id: held.id };
        } catch {
          /* not readable: the next case */
        }
      }
      return { id: 'none' };
    },
    'observations.create': () => ({ id: firstVisibleCaseId(who), respiratoryRate: '26', spo2: '93', onOxygen: true, systolic: '105', pulse: '115', consciousness: 'A', temperatureC: '38,5' }),
    // An Active prescription of a case the identity reads (the portal case's fixture ones), an hour ago.
    'medications.administer': () => {
      for (const kase of casesOf(who).items) {
        try {
          const active = call<{ items: { id: string; status: string }[] }>('medications.list', { id: kase.id }, who).items.find((m) => m.status === 'Active');
          if (active) return { id: active.id, givenAt: new Date(Date.now() - 3_600_000).toISOString(), dose: '40 mg', route: 'sc' };
        } catch {
          /* not readable: the next case */
        }
      }
      return { id: 'none', givenAt: new Date(Date.now() - 3_600_000).toISOString(), dose: '40 mg', route: 'sc' };
    },
    'allergies.create': () => ({ id: `${p}-person-12`, substance: 'Latex', reaction: 'Hives', severity: 'moderate' }),
    'allergies.enteredInError': () => {
      try {
        return { id: call<{ id: string }>('allergies.create', { id: `${p}-person-12`, substance: 'Codeine', severity: 'unknown' }, who).id, reason: 'Wrong patient' };
      } catch {
        return { id: 'none', reason: 'Wrong patient' };
      }
    },
    'allergies.noKnownAllergies': () => ({ id: `${p}-person-13` }),
    // Issue 32 — the conflict check at intake: a matter's own person named as the client and as the
    // opponent, so one of the two is on the other side of that matter (adverse) on either platform.
    'conflictChecks.run': () => ({ parties: [{ name: 'Naledi Mokoena', role: 'client' }, { name: 'Road Accident Fund', idNumber: '2015/123456/07', role: 'opponent' }] }),
    'conflictChecks.get': () => {
      try {
        return { id: call<{ id: string }>('conflictChecks.run', { parties: [{ name: 'Naledi Mokoena', role: 'client' }] }, who).id };
      } catch {
        return { id: 'none' };
      }
    },
    'conflictChecks.resolve': () => {
      try {
        const name = casesOf(who).items.find((c) => !c.restricted)?.patientName ?? 'none';
        const check = call<{ id: string; hits: { id: string; adverse: boolean }[] }>('conflictChecks.run', { parties: [{ name, role: 'client' }, { name, role: 'opponent' }] }, who);
        return { id: check.id, hitId: check.hits.find((h) => h.adverse)?.id ?? 'none', resolution: 'not-the-same-person', note: 'Different date of birth' };
      } catch {
        return { id: 'none', hitId: 'none', resolution: 'not-the-same-person' };
      }
    },

    // Issue 33 — code lists and charges: a charge on the first case the identity reads; the void and the
    // correction take one it records itself, else a fixture charge (hc-case-01/02) of a case it reads.
    'billingCodes.tariffs': () => ({ q: '019' }),
    'billingCodes.nappi': () => ({ q: 'paracetamol' }),
    'charges.list': () => ({ id: firstVisibleCaseId(who) }),
    'charges.record': () => ({ id: firstVisibleCaseId(who), serviceDate: dayKey(), tariffCode: '0190', quantity: '1', icd10Codes: ['E11.9'] }),
    'charges.void': () => {
      try {
        return { id: call<{ id: string }>('charges.record', { id: firstVisibleCaseId(who), serviceDate: dayKey(), nappiCode: '900101001', quantity: 2, icd10Codes: ['J06.9'] }, who).id, reason: 'Recorded twice' };
      } catch {
        return { id: 'none', reason: 'Recorded twice' };
      }
    },
    // Issue 33 — the practice's identity and a person's cover (a cash cover saves for anyone who manages people).
    'practice.settings': () => undefined,
    'practice.saveSettings': () => ({ practiceNumber: '5412345', vatNumber: '4123456789' }),
    'practice.setPractitionerNumber': () => ({ userId: 'attending_physician', practitionerNumber: '0312345' }),
    'cover.get': () => ({ id: `${p}-person-01` }),
    'cover.save': () => ({ id: `${p}-person-03`, kind: 'cash' }),
    'charges.correct': () => {
      for (const kase of casesOf(who).items) {
        try {
          // An unbilled one: a charge whose line was claimed can no longer be corrected (the fixture's on hc-case-02).
          const open = call<{ items: TCharge[] }>('charges.list', { id: kase.id }, who).items.find((c) => !c.voided && c.accountId === null);
          if (open) return { id: open.id, authorisationNumber: 'AUTH-2026-0042' };
        } catch {
          /* not readable: the next case */
        }
      }
      return { id: 'none', authorisationNumber: 'AUTH-2026-0042' };
    },
    // Issue 33 — accounts, claims, remittances, payments, statements. The fixtures: account 1 (hc-case-02)
    // claimed, short-paid and partly paid by the patient; account 2 (hc-case-01) awaiting its claim. A
    // write takes what it needs from them, else makes it (an account of unbilled charges, a claim of it).
    'accounts.create': () => {
      const charges = unbilledCharges(who, false);
      return charges ? { id: charges.caseId, chargeIds: charges.ids.slice(0, 1) } : { id: 'none', chargeIds: ['none'] };
    },
    'accounts.get': () => ({ id: firstIdOf('accounts.list', who) }),
    'accounts.list': () => ({ stage: 'open', limit: '50' }),
    'accounts.validation': () => ({ id: firstIdOf('accounts.list', who) }),
    'claims.create': () => ({ accountIds: [claimableAccount(who)?.id ?? 'none'] }),
    'claims.get': () => ({ id: firstIdOf('claims.list', who) }),
    'claims.list': () => ({}),
    'claims.export': () => ({ id: firstIdOf('claims.list', who) }),
    'claims.reverseLine': () => {
      const line = accountsOf(who).flatMap((a) => a.lines).find((l) => l.status === 'draft' || l.status === 'submitted' || l.status === 'accepted');
      return { id: line?.id ?? 'none', reason: 'Billed on the wrong account' };
    },
    'remittances.capture': () => {
      const claimed = claimedLine(who);
      // Paid at the scheme's rate: short-paid, so remittances.shortfall has a remainder to decide.
      const line = claimed
        ? { accountLineId: claimed.line.id, paidCents: Math.round(claimed.line.amountCents * 0.8), reasonCode: '05', reason: 'Paid at scheme rate' }
        : { accountLineId: 'none', paidCents: 0 };
      return { scheme: claimed?.scheme ?? 'none', date: dayKey(), reference: 'ERA-TEST-0001', lines: [line] };
    },
    'remittances.import': () => {
      const claimed = claimedLine(who);
      const row = claimed ? `${claimed.account.number},${claimed.line.position},${(claimed.line.amountCents / 100).toFixed(2)},,` : '0,1,0.00';
      return { scheme: claimed?.scheme ?? 'none', date: dayKey(), reference: 'ERA-TEST-0002', csv: `account,line,paid,reason_code,reason\r\n${row}\r\n` };
    },
    'remittances.list': () => ({}),
    'remittances.get': () => ({ id: firstIdOf('remittances.list', who) }),
    'remittances.shortfall': () => {
      const line = accountsOf(who).flatMap((a) => a.lines).find((l) => (l.status === 'rejected' || l.status === 'short-paid') && !l.shortfall);
      return { id: line?.id ?? 'none', action: 'patient' };
    },
    'payments.record': () => {
      const owing = accountsOf(who).find((a) => a.patientDueCents > a.patientPaidCents);
      const amountCents = owing ? String(Math.min(20_00, owing.patientDueCents - owing.patientPaidCents)) : '100';
      return { id: owing?.id ?? 'none', amountCents, method: 'card', date: dayKey() };
    },
    'payments.reverse': () => {
      const payment = accountsOf(who).flatMap((a) => a.payments).find((p) => !p.reversesId && !p.reversedById);
      return { id: payment?.id ?? 'none', reason: 'The card payment was declined' };
    },
    'statements.forPerson': () => ({ id: `${p}-person-02` }),
    'statements.agedDebtors': () => ({ format: 'json' }),
    'statements.own': () => undefined,
    // Issue 34 — fee notes: a matter whose fees the visitor reads (a fee-earner: one they work on).
    'fees.settings': () => undefined,
    'fees.saveSettings': () => ({ vatNumber: '4123456789' }),
    'disbursements.create': () => ({ id: feeMatter(who), date: dayKey(), description: 'Filing fee', amountCents: '15000', vatable: false }),
    'disbursements.list': () => ({ id: feeMatter(who) }),
    'feeNotes.wip': () => ({ id: feeMatter(who) }),
    'feeNotes.create': () => ({ id: feeMatter(who), fixedFees: [{ date: dayKey(), description: 'Consultation', amountCents: 80000 }] }),
    'feeNotes.list': () => ({ id: feeMatter(who) }),
    'feeNotes.get': () => ({ id: firstFeeNote(who)?.id ?? 'none' }),
    'feeNotes.issue': () => ({ id: firstFeeNote(who, 'pro-forma')?.id ?? 'none' }),
    'feeNotes.creditNote': () => ({ id: firstFeeNote(who, 'issued')?.id ?? 'none', reason: 'Billed to the wrong client' }),
    'feeNotes.receive': () => ({ id: firstFeeNote(who, 'issued')?.id ?? 'none', amountCents: '100', date: dayKey(), method: 'eft' }),
    'feeNotes.reverseReceipt': () => ({ id: firstFeeNote(who)?.receipts.find((r) => !r.reversesId)?.id ?? 'none' }),
    // Issue 34 — the fee reports (fees.manage: no identity here holds it on a billing platform; procedures/fee-reports.test.ts walks them as the Director).
    'feeReports.wip': () => ({}),
    'feeReports.agedDebtors': () => ({ format: 'json' }),
    'feeReports.feesByFeeEarner': () => ({ from: `${dayKey().slice(0, 7)}-01`, to: dayKey() }),
    'feeReports.targets': () => undefined,
    'feeReports.setTarget': () => ({ userId: who.userId, monthlyTargetCents: 50_000_00 }),
    'feeReports.statement': () => ({ personId: `${p}-person-01` }),
    // Issue 34 — the trust account (no demo identity here moves trust money: Finance and the Director do; the walk
    // proves the guard refuses the rest, and a fee-earner reads the ledger of a matter they work on).
    'trust.ledger': () => ({ caseId: feeMatter(who) }),
    'trust.receive': () => ({ caseId: feeMatter(who), date: dayKey(), amountCents: '100000', reference: 'EFT', from: 'The client' }),
    'trust.pay': () => ({ caseId: feeMatter(who), date: dayKey(), amountCents: '100', payee: 'Sheriff', reference: 'Service of summons' }),
    'trust.transfer': () => ({ caseId: feeMatter(who), feeNoteId: firstFeeNote(who, 'issued')?.id ?? 'none', amountCents: '100', date: dayKey() }),
    'trust.reverse': () => ({ id: 'none', reason: 'Recorded on the wrong matter', date: dayKey() }),
    'trust.invest': () => ({ caseId: feeMatter(who), section: '86(4)', amountCents: '100', institution: 'Nedbank', date: dayKey() }),
    'trust.creditInterest': () => ({ id: 'none', amountCents: '100', date: dayKey() }),
    'trust.withdraw': () => ({ id: 'none', date: dayKey() }),
    'trust.reconciliation': () => ({ month: dayKey().slice(0, 7) }),
    'trust.saveReconciliation': () => ({ month: dayKey().slice(0, 7), bankBalanceCents: '0' }),
    'trust.signOff': () => ({ month: dayKey().slice(0, 7) }),
    // Issue 34 — contingency-fee agreements: the save (walked before the fee) names the version in force, so the fee has an agreement.
    'contingency.get': () => ({ id: feeMatter(who) }),
    'contingency.save': () => ({ id: feeMatter(who), upliftPercent: 100, normalFeeBasis: 'Attorney-and-client tariff, R2 500/hour', signedOn: dayKey(), items: ['prescribed-form'], version: agreementVersion(who) }),
    'contingency.fee': () => ({ id: feeMatter(who), awardCents: '200000000', normalFeesCents: '30000000' }),


    'platform.sendPasswordReset': () => ({ email: `${STAFF[who.platform].replace(/_/g, '.')}@${MAIL_DOMAIN[who.platform]}` }),
  };
  return inputs[path]?.();
}

/** What the server's guard decides for this identity (its capability and platform feature). */
function serverAllows(meta: Meta | undefined, who: DemoIdentity): boolean {
  if (meta?.capability && !can({ role: who.role, isSuperAdmin: who.isSuperAdmin }, meta.capability)) return false;
  return !(meta?.feature && !PLATFORM_CONFIG[who.platform].features[meta.feature]);
}

/** Refusals the server's services (not its guard) make too: a Super Admin has no hourly rate. */
const EXPECTED_REFUSALS: Record<string, string> = {
  'SUPER costs.startTimeEntry': 'CONFLICT',
  'SUPER costs.recordPastTime': 'CONFLICT',
  // The demo has no SMTP server, as a server without SMTP_URL: a failed message cannot be resent.
  'SUPER platform.retryMail': 'CONFLICT',
  // Member changes are refused in demo mode; invitation links only work outside a demo session.
  'ADMIN users.changeRole': 'BAD_REQUEST', 'ADMIN users.deactivate': 'BAD_REQUEST', 'ADMIN users.reactivate': 'BAD_REQUEST',
  'SUPER users.changeRole': 'BAD_REQUEST', 'SUPER users.deactivate': 'BAD_REQUEST', 'SUPER users.reactivate': 'BAD_REQUEST',
  ...Object.fromEntries(['ADMIN', 'DOCTOR', 'CLINICAL', 'PATIENT', 'SUPER', 'ATTORNEY', 'CONSULTANT', 'SLU'].flatMap((label) => [
    [`${label} invitations.preview`, 'BAD_REQUEST'], [`${label} invitations.accept`, 'BAD_REQUEST'],
    // Password reset links, like invitation links, only work outside a demo session.
    [`${label} auth.confirmPasswordReset`, 'BAD_REQUEST'],
    // Settings cannot be changed in demo mode.
    [`${label} account.updateProfile`, 'FORBIDDEN'], [`${label} account.changePassword`, 'FORBIDDEN'], [`${label} account.endSession`, 'FORBIDDEN'],
    // Two-factor sign-in protects a real account; the demo has none.
    ...['auth.verifyTwoFactor', 'auth.startTwoFactorEnrolment', 'auth.finishTwoFactorEnrolment', 'account.startTwoFactorEnrolment',
      'account.confirmTwoFactorEnrolment', 'account.regenerateRecoveryCodes', 'account.disableTwoFactor', 'users.setSecurity',
    ].map((path) => [`${label} ${path}`, 'FORBIDDEN']),
    // Breaking the glass on a case one may already read is refused (decision 0032).
    [`${label} cases.breakGlass`, 'BAD_REQUEST'],
    // Every demo case is inside its retention period.
    [`${label} retention.deidentify`, 'CONFLICT'],
    // The medicolegal demo is a State unit: it acts for no claimant and bills nobody (issue 34).
    ...(label === 'SLU' ? ['disbursements.create', 'disbursements.list', 'feeNotes.wip', 'feeNotes.list', 'feeNotes.get', 'contingency.get', 'contingency.save', 'contingency.fee', 'trust.ledger'].map((path) => [`${label} ${path}`, 'FORBIDDEN']) : []),
  ])),
};

useFixedDemoClock();

describe('demo procedures', () => {
  it('has one demo procedure per app-router procedure, guarded as the server guards it', () => {
    expect(Object.keys(DEMO_PROCEDURES).sort()).toEqual(procedures.map(([path]) => path).sort());
    for (const [path, procedure] of procedures) {
      const demo = DEMO_PROCEDURES[path as keyof typeof DEMO_PROCEDURES];
      expect({ path, capability: demo.capability, feature: demo.feature }).toEqual({
        path,
        capability: procedure._def.meta?.capability ?? null,
        feature: procedure._def.meta?.feature ?? null,
      });
    }
  });

  for (const [label, who] of Object.entries(IDENTITIES)) {
    it(`answers every procedure as ${label} (${who.platform}) with output the procedure's parser accepts`, () => {
      let answered = 0;
      for (const [path, procedure] of procedures) {
        const input = sampleInput(path, who);
        if (!serverAllows(procedure._def.meta, who)) {
          expect(() => answer(path, input, who), path).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
          continue;
        }
        const refusal = EXPECTED_REFUSALS[`${label} ${path}`];
        if (refusal) {
          expect(() => answer(path, input, who), path).toThrow(expect.objectContaining({ code: refusal }));
          continue;
        }
        let result: unknown;
        try {
          result = answer(path, input, who);
        } catch (error) {
          throw new Error(`${path} as ${label}: ${error instanceof Error ? error.message : String(error)}`);
        }
        const output = procedure._def.output;
        expect(output, `${path} declares an output`).toBeDefined();
        const parsed = output!.safeParse(result);
        expect(parsed.success ? 'ok' : `${path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe('ok');
        answered++;
      }
      expect(answered).toBeGreaterThan(who.role === 'Patient' ? 5 : 30);
    });
  }

  it('answers a path it does not know with an empty list (SPEC §7.1)', () => {
    expect(answer('reports.quarterly', { any: 1 }, ADMIN)).toEqual([]);
  });

  it('refuses invalid input with the field messages the server gives', () => {
    expect(() => answer('cases.create', { patientName: ' ', caseType: 'X' }, ADMIN)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', fields: expect.objectContaining({ patientName: 'Patient name is required' }) }),
    );
  });
});

describe('SPEC §6 demo-data visibility', () => {
  const all = () => casesOf(ADMIN).items;

  it('shows Clinical Staff only High-priority or In Progress cases', () => {
    const seen = casesOf(CLINICAL).items;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(all().length);
    expect(seen.every((c) => c.priority === 'High' || c.status === 'In Progress')).toBe(true);
    // The dashboard panels draw on the same cases as the list.
    const work = call<{ recentUpdates: { id: string }[]; watchList: { id: string }[] }>('dashboard.workspace', undefined, CLINICAL);
    const ids = new Set(seen.map((c) => c.id));
    const panels = [...work.recentUpdates, ...work.watchList];
    expect(panels.length).toBeGreaterThan(0);
    expect(panels.filter((c) => !ids.has(c.id))).toEqual([]);
  });

  it('shows Legal Consultants only In Progress or High cases, Attorneys only In Progress', () => {
    const consultant = casesOf(CONSULTANT).items;
    const attorney = casesOf(ATTORNEY).items;
    const legalTotal = casesOf(id('managing_partner', 'Director', 'Grace Naidoo', 'legal')).total;
    expect(consultant.every((c) => c.status === 'In Progress' || c.priority === 'High')).toBe(true);
    expect(attorney.every((c) => c.status === 'In Progress')).toBe(true);
    expect(attorney.length).toBeGreaterThan(0);
    expect(consultant.length).toBeLessThan(legalTotal);
    expect(attorney.length).toBeLessThan(consultant.length);
  });

  it('shows the Patient a single own case, and no other', () => {
    const own = casesOf(PATIENT);
    expect(own.total).toBe(1);
    expect(own.items[0]?.patientUserId).toBe('patient1');
    const other = all().find((c) => c.id !== own.items[0]?.id);
    expect(() => answer('cases.get', { id: other?.id }, PATIENT)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('gives every other role the whole list, filtered and paged as the server does', () => {
    // The whole list is every case of the hospital's fixtures, counted there, not by cases.list.
    const hospitalCases = demoCases('healthcare', new Date(), () => null).length;
    expect(hospitalCases).toBeGreaterThan(5);
    expect(casesOf(ADMIN).total).toBe(hospitalCases);
    expect(casesOf(DOCTOR).total).toBe(hospitalCases);
    expect(casesOf(SUPER).total).toBe(hospitalCases);
    const page = casesOf(ADMIN, { page: 2, pageSize: 5 });
    expect(page.items).toHaveLength(5);
    const search = casesOf(ADMIN, { search: 'MATERNITY' }).items;
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((c) => `${c.patientName} ${c.caseType}`.toLowerCase().includes('maternity'))).toBe(true);
    const completed = casesOf(ADMIN, { status: 'Completed' }).items;
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.filter((c) => c.status !== 'Completed')).toEqual([]);
  });
});

describe('SPEC §3.6 dashboard figures', () => {
  it('gives healthcare the default set (156 / 89 / 94 / R1,250,000), and role sets elsewhere', () => {
    for (const who of [ADMIN, DOCTOR]) {
      expect(call('dashboard.stats', undefined, who)).toMatchObject({ activePatients: 156, casesCompleted: 89, teamEfficiency: 94, totalCases: 245 });
    }
    // SPEC §2.9: revenue is the Administrator's (and Finance Staff's) to see, as on the server.
    expect(call('dashboard.stats', undefined, ADMIN)).toMatchObject({ revenueImpactCents: 1_250_000 * 100 });
    expect(call('dashboard.stats', undefined, DOCTOR)).toMatchObject({ revenueImpactCents: null });
    expect(call('dashboard.stats', undefined, CLINICAL)).toMatchObject({ activePatients: 24 });
    expect(call('dashboard.stats', undefined, SUPER)).toMatchObject({ activePatients: 2_847, teamMembers: 1_248 });
    expect(call('dashboard.stats', undefined, CONSULTANT)).toMatchObject({ activePatients: 12, bedOccupancy: null });
    expect(call('dashboard.stats', undefined, SLU)).toMatchObject({ activePatients: 63, casesCompleted: 41 });
  });

  it('has a series for every analytics period', () => {
    const lengths = { daily: 14, weekly: 12, monthly: 12, yearly: 5 } as const;
    for (const [period, length] of Object.entries(lengths)) {
      expect(call<{ series: unknown[] }>('dashboard.performanceMetrics', { period }, ADMIN).series).toHaveLength(length);
    }
  });
});

describe('SPEC §2.13 patient portal', () => {
  it("answers the demo Patient from their own case, keeps sent messages and profile edits in the session, and refuses others' cases", () => {
    const summary = call<{ name: string; cases: { id: string }[] }>('portal.summary', undefined, PATIENT);
    expect(summary.name).toBe('Thabo Mabaso');
    expect(summary.cases.map((c) => c.id)).toEqual(['hc-case-01']);
    const appointments = call<{ caseId: string; startTime: string; canReschedule: boolean }[]>('portal.appointments', undefined, PATIENT);
    expect(appointments.filter((a) => a.canReschedule).length).toBeGreaterThanOrEqual(2);
    expect(appointments.every((a) => a.caseId === 'hc-case-01')).toBe(true);
    const results = call<{ status: string }[]>('portal.testResults', undefined, PATIENT);
    expect(results.map((r) => r.status)).toEqual(expect.arrayContaining(['Pending', 'Abnormal', 'Final']));

    const sent = call<{ id: string; otherPartyName: string }>('portal.sendMessage', { caseId: 'hc-case-01', subject: 'Pain', content: 'At night' }, PATIENT);
    expect(sent.otherPartyName).toBe('Dr Pieter van der Merwe');
    expect(call<{ id: string }[]>('portal.messages', undefined, PATIENT)[0]?.id).toBe(sent.id);
    expect(() => answer('portal.sendMessage', { caseId: 'hc-case-02', subject: 'Hi', content: 'x' }, PATIENT)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
    expect(() => answer('portal.requestAppointment', { caseId: 'hc-case-01', preferredDate: dayKey(), reason: 'x' }, PATIENT)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', fields: expect.objectContaining({ preferredDate: 'Preferred date must be in the future' }) }),
    );

    call('portal.updateProfile', { medicalAidScheme: 'Discovery Health' }, PATIENT);
    expect(call('portal.profile', undefined, PATIENT)).toMatchObject({ medicalAidScheme: 'Discovery Health', phone: '082 417 3390' });
    expect(() => answer('portal.updateProfile', { phone: '+44 20 7946 0958' }, PATIENT)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });
});
