import type { TAuditAction, TAuditEntityType } from '../../shared/domain/audit';

// Which procedures the audit trail records, and what each one is: one table for the whole API, so
// a reader (or an auditor) sees every audited read and write in one place, and the test that walks
// the router can prove every procedure touching cases, appointments, messages, beds, costs,
// documents and users is in it. The tRPC middleware in trpc.ts writes one entry per call of these
// (REST calls go through the same procedures); sign-in and sign-out are recorded by the auth service.

type Pick = (input: unknown, output: unknown) => string | null | undefined;

export interface AuditedProcedure {
  entity: TAuditEntityType;
  action: TAuditAction;
  /** The entity's id, from the input or the answer. */
  id?: Pick;
  /** The case the call concerns, for the access report. */
  caseId?: Pick;
  /** A screen polls it: repeats by one person fold into one entry a minute (audit-aggregate.ts). */
  polled?: boolean;
  /** A call that read no record (a poll that found nothing new) is not an entry. */
  readNothing?: (input: unknown, output: unknown) => boolean;
  /** More for the entry's details, shown in the trail and the access report (a break-glass reason). */
  details?: (input: unknown, output: unknown) => Record<string, unknown>;
}

const field = (value: unknown, key: string): string | undefined => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' && v.length > 0 ? v : undefined;
};
const input = (key: string): Pick => (i) => field(i, key);
const output = (key: string): Pick => (_i, o) => field(o, key);
/** A number in the input (an amount), or null. */
const amountOf = (value: unknown): number | null => {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>).amountCents : undefined;
  return typeof v === 'number' ? v : null;
};
const either = (...picks: Pick[]): Pick => (i, o) => picks.reduce<string | null | undefined>((found, pick) => found ?? pick(i, o), undefined);

/** How a link an Administrator sent went out (decision 0057): 'link-shown' to them, or 'e-mail'; nothing on a failure. */
const linkDelivery = (_i: unknown, o: unknown): Record<string, unknown> => {
  if (!o || typeof o !== 'object' || typeof (o as { sent?: unknown }).sent !== 'boolean') return {};
  return { delivery: typeof (o as { link?: unknown }).link === 'string' ? 'link-shown' : 'e-mail' };
};
/** The invitation an invite created (its answer is `{invitation, …}`). */
const invitationId: Pick = (_i, o) => field(o && typeof o === 'object' ? (o as { invitation?: unknown }).invitation : undefined, 'id');

const caseInInput: AuditedProcedure = { entity: 'case', action: 'read', id: input('id'), caseId: input('id') };

export const AUDITED_PROCEDURES: Record<string, AuditedProcedure> = {
  // Cases, and the screens that show cases of the organisation.
  'cases.list': { entity: 'case', action: 'list' },
  'cases.listAlias': { entity: 'case', action: 'list' },
  'cases.get': caseInInput,
  'cases.create': { entity: 'case', action: 'create', id: output('id'), caseId: output('id') },
  'cases.update': { ...caseInInput, action: 'update' },
  // Break the glass (issue 18): a read of a restricted case by someone outside its team, with the
  // reason they gave — the access report lists it with that reason.
  // The reason as the timeline shows it: trimmed only (the shared schema trims before it is stored).
  'cases.breakGlass': { ...caseInInput, details: (i) => ({ breakGlass: true, reason: field(i, 'reason')?.trim() ?? null }) },

  // The case file (issue 18): every part of one case, in that case's access report. Notes, tasks and
  // the team are entries about the case itself ('case'), with the part named in the procedure.
  'caseTeam.get': caseInInput,
  'caseTeam.put': { ...caseInInput, action: 'update' },
  'caseTeam.candidates': { entity: 'user', action: 'list', caseId: input('id') },
  'timeline.list': caseInInput,
  'notes.list': caseInInput,
  'notes.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id') },
  'notes.amend': { entity: 'case', action: 'create', id: output('id'), caseId: input('id') },
  'tasks.list': { entity: 'case', action: 'list', caseId: input('caseId') },
  'tasks.create': { entity: 'case', action: 'create', id: output('id'), caseId: either(input('caseId'), output('caseId')) },
  'tasks.update': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId') },
  'documents.forCase': { entity: 'document', action: 'list', caseId: input('caseId') },
  'dashboard.workspace': { entity: 'case', action: 'list' },
  'dashboard.tasks': { entity: 'case', action: 'list' },
  'dashboard.stateClaims': { entity: 'case', action: 'list' },
  'records.recentTestResults': { entity: 'case', action: 'list' },

  // People, parties and search (issue 19). A person's reads are in their access report through the
  // entity id; a party or conflict check is an entry about the case.
  'people.list': { entity: 'person', action: 'list' },
  'people.matches': { entity: 'person', action: 'list' },
  'people.get': { entity: 'person', action: 'read', id: input('id') },
  'people.create': { entity: 'person', action: 'create', id: output('id') },
  'people.update': { entity: 'person', action: 'update', id: input('id') },
  'people.merge': { entity: 'person', action: 'merge', id: input('id'), details: (i) => ({ duplicateId: field(i, 'duplicateId') ?? null }) },
  'people.accessReport': { entity: 'audit', action: 'read', id: input('id') },
  'parties.list': caseInInput,
  'parties.add': { entity: 'case', action: 'update', id: input('id'), caseId: input('id'), details: (i) => ({ partyPersonId: field(i, 'personId') ?? null, role: field(i, 'role') ?? null }) },
  'parties.remove': { entity: 'case', action: 'update', id: input('id'), caseId: input('id'), details: (i) => ({ removedPartyId: field(i, 'partyId') ?? null }) },
  'parties.conflictCheck': caseInInput,
  'parties.recordConflictCheck': { entity: 'case', action: 'update', id: input('id'), caseId: input('id') },
  'search.search': { entity: 'case', action: 'search', details: (i) => ({ q: field(i, 'q') ?? null }) },
  // Issue 32: the conflict check at intake is a search of the registry (names and roles in the entry; ID
  // numbers left out), its reads and resolutions entries about the matter once it is attached to one.
  'conflictChecks.run': {
    entity: 'person', action: 'search', id: output('id'),
    details: (i) => {
      const parties = i && typeof i === 'object' && Array.isArray((i as { parties?: unknown }).parties) ? ((i as { parties: unknown[] }).parties) : [];
      return { conflictCheck: true, parties: parties.slice(0, 20).map((p) => ({ name: field(p, 'name') ?? null, role: field(p, 'role') ?? null })) };
    },
  },
  'conflictChecks.get': { entity: 'person', action: 'read', id: input('id'), caseId: output('caseId'), details: () => ({ conflictCheck: true }) },
  'conflictChecks.resolve': { entity: 'person', action: 'update', id: input('id'), caseId: output('caseId'), details: (i) => ({ conflictCheck: true, hitId: field(i, 'hitId') ?? null, resolution: field(i, 'resolution') ?? null }) },

  // Litigation (issue 20): entries about the case ('case'), so each case's access report lists them.
  // Court matter and hearings:
  'courtMatter.get': caseInInput,
  'courtMatter.put': { ...caseInInput, action: 'update' },
  'hearings.list': caseInInput,
  'hearings.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id') },
  'hearings.update': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId') },

  // Experts and the case's deadlines:
  'experts.list': caseInInput,
  'experts.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: (i) => ({ expertPersonId: field(i, 'personId') ?? null, side: field(i, 'side') ?? null }) },
  'experts.update': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId') },
  'deadlines.forCase': caseInInput,
  'deadlines.upcoming': { entity: 'case', action: 'list' },
  'deadlines.mark': { entity: 'case', action: 'update', id: output('caseId'), caseId: output('caseId'), details: (i) => ({ deadlineId: field(i, 'id') ?? null, mark: field(i, 'status') ?? null }) },

  // Settlement log and checklists:
  'settlements.list': caseInInput,
  'settlements.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: (i) => ({ settlementKind: field(i, 'kind') ?? null }) },
  'settlements.updateStatus': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: (i) => ({ status: field(i, 'status') ?? null }) },
  'settlements.figures': { entity: 'case', action: 'list' },

  'checklists.get': caseInInput,
  'checklists.tick': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: (i) => ({ checklistItemId: field(i, 'id') ?? null }) },
  'checklists.templates': { entity: 'organization', action: 'read' },
  'checklists.saveTemplate': { entity: 'organization', action: 'update', id: either(input('id'), output('id')), details: () => ({ checklistTemplate: true }) },
  'checklists.deleteTemplate': { entity: 'organization', action: 'update', id: input('id'), details: () => ({ checklistTemplate: true, deleted: true }) },
  'caseTypes.add': { entity: 'organization', action: 'update', details: () => ({ caseType: true }) },
  'caseTypes.remove': { entity: 'organization', action: 'update', id: input('id'), details: () => ({ caseType: true, deleted: true }) },
  // Trial readiness and the dashboards:
  'readiness.get': caseInInput,

  // Issue 21 — the calendar (appointments.* above) and its .ics feed:
  'appointments.conflicts': { entity: 'appointment', action: 'list' },
  'users.directory': { entity: 'user', action: 'list' },
  // The private .ics address (a credential of the account): made or replaced, revoked; the feed route audits its reads.
  'calendarFeed.status': { entity: 'user', action: 'read', details: () => ({ calendarFeed: true }) },
  'calendarFeed.create': { entity: 'user', action: 'create', details: () => ({ calendarFeed: true }) },
  'calendarFeed.revoke': { entity: 'user', action: 'delete', details: () => ({ calendarFeed: true }) },

  // Issue 21 — messages to people (messages.* above):

  // Issue 21 — notifications:
  // Reading one's own bell changes no record; the e-mail choice is a setting of the account.
  'notifications.setEmailPreferences': { entity: 'user', action: 'update', details: (i) => ({ emailKinds: field(i, 'kinds') ?? null }) },

  // Issue 22 — encounters and ICD-10:
  'encounters.list': caseInInput,
  'encounters.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: () => ({ encounter: true }) },
  'encounters.amend': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: (i) => ({ encounter: true, amendsId: field(i, 'encounterId') ?? null }) },
  // A code-list search reads no one's record; which list is in use is a setting of the organisation.
  'icd10.status': { entity: 'organization', action: 'read', details: () => ({ icd10: true }) },
  // (end of issue 22 — encounters and ICD-10)
  // Issue 22 — results and medications: entries about the case, so its access report lists them.
  'results.list': caseInInput,
  'results.latestVitals': { entity: 'case', action: 'list', details: () => ({ vitals: true }) },
  'results.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: (i) => ({ resultTest: field(i, 'test') ?? null }) },
  'medications.list': caseInInput,
  'medications.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: (i) => ({ medication: field(i, 'name') ?? null }) },
  'medications.stop': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: (i) => ({ stopDate: field(i, 'stopDate') ?? null }) },
  // (end of issue 22 — results and medications)
  // Issue 22 — admissions and the ward census:
  // Admissions are bed stays of a person: admit/transfer take a bed, discharge gives one back.
  // Issue 31 — the clinical episode: health data read and written, each call an entry.
  'cases.banner': caseInInput,
  'allergies.list': { entity: 'person', action: 'read', id: input('id'), details: () => ({ allergies: true }) },
  'allergies.create': { entity: 'person', action: 'update', id: input('id'), details: (i) => ({ allergy: field(i, 'substance') ?? null }) },
  'allergies.enteredInError': { entity: 'person', action: 'update', id: output('personId'), details: (i) => ({ allergyId: field(i, 'id') ?? null, enteredInError: true }) },
  'allergies.noKnownAllergies': { entity: 'person', action: 'update', id: input('id'), details: () => ({ noKnownAllergies: true }) },
  'medications.administer': { entity: 'case', action: 'create', id: output('id'), caseId: output('caseId'), details: (i) => ({ medicationId: field(i, 'id') ?? null, administration: true }) },
  'medications.administrations': caseInInput,
  'observations.list': caseInInput,
  'observations.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: () => ({ observation: true }) },
  'results.release': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: () => ({ releasedToPatient: true }) },
  'admissions.list': { entity: 'bed', action: 'list', details: () => ({ admissions: true }) },
  'admissions.admit': { entity: 'bed', action: 'assign', id: input('bedId'), caseId: output('caseId'), details: (i, o) => ({ admissionId: field(o, 'id') ?? null, personId: field(i, 'personId') ?? null }) },
  'admissions.transfer': { entity: 'bed', action: 'assign', id: input('bedId'), caseId: output('caseId'), details: (i) => ({ admissionId: field(i, 'id') ?? null, transfer: true }) },
  'admissions.discharge': { entity: 'bed', action: 'release', id: input('id'), caseId: output('caseId'), details: (i) => ({ admissionId: field(i, 'id') ?? null, bedStatus: field(i, 'bedStatus') ?? null, disposition: field(i, 'disposition') ?? null }) },
  'admissions.census': { entity: 'bed', action: 'list', details: () => ({ census: true }) },
  // (end of issue 22 — admissions and the ward census)
  // Issue 22 — hospital records of a medicolegal case:
  // The upload and the bundle PDF are plain routes that audit themselves (hospital-records.routes.ts).
  'hospitalRecords.list': caseInInput,
  // Issue 33 — code lists and charges: a charge is part of the case (its access report lists it);
  // a code-list search reads no one's record. The list imports are plain routes that audit themselves.
  'charges.list': { ...caseInInput, details: () => ({ charges: true }) },
  'charges.record': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: (i) => ({ charge: field(i, 'tariffCode') ?? field(i, 'nappiCode') ?? null }) },
  'charges.void': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: () => ({ chargeVoided: true }) },
  'charges.correct': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: () => ({ chargeAuthorisationNumber: true }) },
  // Issue 33 — the practice's identity and a person's cover (membership numbers are personal information: reads are entries too):
  'practice.saveSettings': { entity: 'organization', action: 'update', details: () => ({ billingSettings: true }) },
  'practice.setPractitionerNumber': { entity: 'user', action: 'update', id: input('userId'), details: (i) => ({ practitionerNumber: field(i, 'practitionerNumber') ?? null }) },
  'cover.get': { entity: 'person', action: 'read', id: input('id'), details: () => ({ cover: true }) },
  'cover.save': { entity: 'person', action: 'update', id: input('id'), details: (i) => ({ cover: field(i, 'kind') ?? null }) },
  // Accounts, claims, remittances, payments, statements (issue 33): every write, and the reads of a
  // patient's billing (codes and ICD-10 are health data).
  // Issue 34 — the trust account: every entry, and every read of a client's trust money (s87 records; personal information).
  'trust.ledger': { entity: 'case', action: 'read', id: input('caseId'), caseId: input('caseId'), details: () => ({ trustLedger: true }) },
  'trust.receive': { entity: 'case', action: 'create', id: input('caseId'), caseId: input('caseId'), details: (i) => ({ trust: 'receipt', amountCents: amountOf(i) }) },
  'trust.pay': { entity: 'case', action: 'create', id: input('caseId'), caseId: input('caseId'), details: (i) => ({ trust: 'payment', amountCents: amountOf(i) }) },
  'trust.transfer': { entity: 'case', action: 'create', id: input('caseId'), caseId: input('caseId'), details: (i) => ({ trust: 'transfer', feeNoteId: field(i, 'feeNoteId') ?? null, amountCents: amountOf(i) }) },
  'trust.reverse': { entity: 'case', action: 'create', id: input('id'), caseId: output('caseId'), details: (i) => ({ trust: 'reversal', reason: field(i, 'reason') ?? null }) },
  'trust.invest': { entity: 'case', action: 'create', id: output('id'), caseId: input('caseId'), details: (i) => ({ trust: 'investment', section: field(i, 'section') ?? null }) },
  'trust.creditInterest': { entity: 'case', action: 'create', id: input('id'), details: (i) => ({ trust: 'interest', amountCents: amountOf(i) }) },
  'trust.withdraw': { entity: 'case', action: 'create', id: input('id'), caseId: output('caseId'), details: () => ({ trust: 'withdrawal' }) },
  'trust.reconciliation': { entity: 'organization', action: 'read', details: (i) => ({ trustReconciliation: field(i, 'month') ?? null }) },
  'trust.saveReconciliation': { entity: 'organization', action: 'update', details: (i) => ({ trustReconciliation: field(i, 'month') ?? null }) },
  'trust.signOff': { entity: 'organization', action: 'update', details: (i) => ({ trustReconciliation: field(i, 'month') ?? null, signedOff: true }) },
  'accounts.create': { entity: 'case', action: 'create', id: output('id'), caseId: input('id'), details: () => ({ account: true }) },
  'accounts.get': { entity: 'case', action: 'read', id: input('id'), caseId: output('caseId'), details: () => ({ account: true }) },
  'accounts.list': { entity: 'case', action: 'list', details: () => ({ accounts: true }) },
  'accounts.validation': { entity: 'case', action: 'read', id: input('id'), details: () => ({ accountValidation: true }) },
  'claims.create': { entity: 'organization', action: 'create', id: output('id'), details: () => ({ claim: true }) },
  'claims.get': { entity: 'organization', action: 'read', id: input('id'), details: () => ({ claim: true }) },
  'claims.list': { entity: 'organization', action: 'list', details: () => ({ claims: true }) },
  'claims.export': { entity: 'organization', action: 'export', id: input('id'), details: () => ({ claim: true }) },
  'claims.reverseLine': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: (i) => ({ lineReversed: true, reason: field(i, 'reason') ?? null }) },
  'remittances.capture': { entity: 'organization', action: 'create', id: output('id'), details: (i) => ({ remittance: field(i, 'reference') ?? null, scheme: field(i, 'scheme') ?? null }) },
  'remittances.import': { entity: 'organization', action: 'create', id: output('id'), details: (i) => ({ remittance: field(i, 'reference') ?? null, scheme: field(i, 'scheme') ?? null, csv: true }) },
  'remittances.list': { entity: 'organization', action: 'list', details: () => ({ remittances: true }) },
  'remittances.get': { entity: 'organization', action: 'read', id: input('id'), details: () => ({ remittance: true }) },
  'remittances.shortfall': { entity: 'case', action: 'update', id: input('id'), caseId: output('caseId'), details: (i) => ({ shortfall: field(i, 'action') ?? null }) },
  'payments.record': { entity: 'case', action: 'create', id: output('id'), details: (i) => ({ payment: field(i, 'method') ?? null, accountId: field(i, 'id') ?? null }) },
  'payments.reverse': { entity: 'case', action: 'update', id: input('id'), details: (i) => ({ paymentReversed: true, reason: field(i, 'reason') ?? null }) },
  'statements.forPerson': { entity: 'person', action: 'read', id: input('id'), details: () => ({ statement: true }) },
  'statements.agedDebtors': { entity: 'organization', action: 'read', details: () => ({ agedDebtors: true }) },
  'statements.own': { entity: 'person', action: 'read', details: () => ({ statement: true }) },
  // Issue 34 — the fee reports: reads of the firm's clients' money (names and balances), a statement, a member's target set.
  'feeReports.wip': { entity: 'organization', action: 'read', details: () => ({ feeReport: 'work-in-progress' }) },
  'feeReports.agedDebtors': { entity: 'organization', action: 'read', details: () => ({ feeReport: 'aged-debtors' }) },
  'feeReports.feesByFeeEarner': { entity: 'organization', action: 'read', details: (i) => ({ feeReport: 'fees-by-fee-earner', from: field(i, 'from') ?? null, to: field(i, 'to') ?? null }) },
  'feeReports.setTarget': { entity: 'user', action: 'update', id: input('userId'), details: () => ({ feeTarget: true }) },
  'feeReports.statement': { entity: 'person', action: 'read', id: input('personId'), details: () => ({ feeStatement: true }) },
  // Issue 34 — contingency-fee agreements (a legal record of the matter): every version written, every read of it and of the fee.
  'contingency.get': { ...caseInInput, details: () => ({ contingencyAgreement: true }) },
  'contingency.save': { entity: 'case', action: 'update', id: input('id'), caseId: input('id'), details: (_i, o) => ({ contingencyAgreement: true, version: (o as { version?: number } | undefined)?.version ?? null }) },
  'contingency.fee': { ...caseInInput, details: () => ({ contingencyFee: true }) },
  // (end of issue 22 — hospital records of a medicolegal case)



  'appointments.list': { entity: 'appointment', action: 'list' },
  'appointments.upcoming': { entity: 'appointment', action: 'list' },
  'appointments.create': { entity: 'appointment', action: 'create', id: output('id'), caseId: either(input('caseId'), output('caseId')) },
  'appointments.update': { entity: 'appointment', action: 'update', id: input('id'), caseId: output('caseId') },

  'messages.list': { entity: 'message', action: 'list' },
  'messages.send': { entity: 'message', action: 'create', id: output('id'), caseId: output('patientCaseId') },
  'messages.markRead': { entity: 'message', action: 'update', id: input('id') },
  'messages.reply': { entity: 'message', action: 'create', id: output('id'), caseId: output('patientCaseId') },

  'beds.list': { entity: 'bed', action: 'list' },
  'beds.history': { entity: 'bed', action: 'read', id: input('id') },
  'beds.create': { entity: 'bed', action: 'create', id: output('id') },
  'beds.update': { entity: 'bed', action: 'update', id: input('id') },
  'beds.assign': { entity: 'bed', action: 'assign', id: input('id'), caseId: input('caseId') },
  'beds.release': { entity: 'bed', action: 'release', id: input('id') },

  'costs.listRates': { entity: 'cost', action: 'list' },
  'costs.rateHistory': { entity: 'cost', action: 'read', id: input('userId') },
  'costs.addRate': { entity: 'cost', action: 'create', id: output('id') },
  'costs.startTimeEntry': { entity: 'cost', action: 'create', id: output('id'), caseId: input('caseId') },
  'costs.recordPastTime': { entity: 'cost', action: 'create', id: output('id'), caseId: input('caseId') },
  'costs.stopTimeEntry': { entity: 'cost', action: 'update', id: input('id'), caseId: output('caseId') },
  'costs.listMyTimeEntries': { entity: 'cost', action: 'list' },
  'costs.caseSummaries': { entity: 'cost', action: 'list' },
  'costs.caseDetails': { entity: 'cost', action: 'read', id: input('caseId'), caseId: input('caseId') },
  'billing.summary': { entity: 'cost', action: 'read' },
  'billing.statement': { entity: 'cost', action: 'read' },

  'documents.list': { entity: 'document', action: 'list', caseId: input('caseId') },
  'documents.delete': { entity: 'document', action: 'delete', id: input('id'), caseId: output('caseId') },

  'users.list': { entity: 'user', action: 'list' },
  'users.invitations': { entity: 'user', action: 'list' },
  // Issue 32 (decision 0057): without a mail server the sender is shown the link to pass on; the
  // entry says so (never the link itself: it is a credential until used).
  'users.invite': { entity: 'user', action: 'create', id: invitationId, details: linkDelivery },
  'users.resendInvitation': { entity: 'user', action: 'update', id: input('id'), details: linkDelivery },
  'users.revokeInvitation': { entity: 'user', action: 'update', id: input('id') },
  'users.changeRole': { entity: 'user', action: 'update', id: input('userId') },
  'users.deactivate': { entity: 'user', action: 'update', id: input('userId') },
  'users.reactivate': { entity: 'user', action: 'update', id: input('userId') },
  'users.sendPasswordReset': { entity: 'user', action: 'password-reset', id: input('userId'), details: linkDelivery },
  'platform.sendPasswordReset': { entity: 'user', action: 'password-reset', id: output('userId'), details: linkDelivery },
  // auth.requestPasswordReset and auth.confirmPasswordReset record themselves (password-reset.service.ts):
  // only the service knows which account a link or token belongs to.
  'invitations.accept': { entity: 'user', action: 'create' },
  'auth.registerSuperuser': { entity: 'user', action: 'create' },
  'account.profile': { entity: 'user', action: 'read' },
  'account.updateProfile': { entity: 'user', action: 'update' },
  'account.changePassword': { entity: 'user', action: 'update' },
  'account.sessions': { entity: 'user', action: 'read' },
  'account.endSession': { entity: 'session', action: 'delete' },
  'account.twoFactor': { entity: 'user', action: 'read' },
  'users.security': { entity: 'organization', action: 'read' },
  // Two-factor changes (enrol, disable, new recovery codes, the organisation's requirement) and the
  // sign-in steps record themselves in two-factor.service.ts / organization-security.service.ts.

  // The patient portal: a Patient reading and writing their own records.
  'portal.summary': { entity: 'case', action: 'read' },
  'portal.testResults': { entity: 'case', action: 'read' },
  'portal.medications': { entity: 'case', action: 'read' },
  'portal.appointments': { entity: 'appointment', action: 'list' },
  'portal.requestAppointment': { entity: 'appointment', action: 'create', id: output('id'), caseId: input('caseId') },
  'portal.requestReschedule': { entity: 'appointment', action: 'update', id: input('appointmentId'), caseId: output('caseId') },
  'portal.messages': { entity: 'message', action: 'list' },
  'portal.sendMessage': { entity: 'message', action: 'create', id: output('id'), caseId: either(input('caseId'), output('patientCaseId')) },
  'portal.profile': { entity: 'user', action: 'read' },
  'portal.updateProfile': { entity: 'user', action: 'update' },

  // Support chats with the platform team: who read or wrote which conversation.
  'support.listChats': { entity: 'support', action: 'list', polled: true },
  'support.bell': { entity: 'support', action: 'list', polled: true },
  'support.listMessages': {
    entity: 'support', action: 'read', id: input('chatId'), polled: true,
    readNothing: (i, o) => field(i, 'after') !== undefined && Array.isArray(o) && o.length === 0,
  },
  'support.createChat': { entity: 'support', action: 'create', id: output('id') },
  'support.sendMessage': { entity: 'support', action: 'create', id: input('chatId') },
  'support.updateChatStatus': { entity: 'support', action: 'update', id: input('id') },

  // The Super Admin's records of every organisation: organisations, trial requests (applicants'
  // names and e-mails), contact-us requests, CRM settings, the e-mail outbox (invitation links).
  'organizations.list': { entity: 'organization', action: 'list' },
  'platform.overview': { entity: 'organization', action: 'list' },
  'platform.systemOverview': { entity: 'organization', action: 'list' },
  'platform.trialRequests': { entity: 'organization', action: 'list' },
  'platform.rejectTrial': { entity: 'organization', action: 'update', id: input('id') },
  'platform.contactRequests': { entity: 'organization', action: 'list' },
  'platform.updateContactRequest': { entity: 'organization', action: 'update', id: input('id') },
  'platform.outbox': { entity: 'mail', action: 'list' },
  'platform.retryMail': { entity: 'mail', action: 'update', id: input('id') },
  'crm.list': { entity: 'organization', action: 'list' },
  'crm.create': { entity: 'organization', action: 'create', id: output('id') },
  'crm.update': { entity: 'organization', action: 'update', id: input('id') },

  'organizations.create': { entity: 'organization', action: 'create', id: output('id') },
  'organizations.update': { entity: 'organization', action: 'update', id: input('id') },
  'organizations.deactivate': { entity: 'organization', action: 'delete', id: input('id') },
  'platform.approveTrial': { entity: 'organization', action: 'create', id: input('id') },

  'retention.overview': { entity: 'case', action: 'list' },
  'retention.deidentify': { entity: 'case', action: 'de-identify', id: input('id'), caseId: input('id') },

  'audit.list': { entity: 'audit', action: 'list' },
  'audit.actors': { entity: 'audit', action: 'list' },
  'audit.accessReport': { entity: 'audit', action: 'read', id: input('caseId'), caseId: input('caseId') },
};
