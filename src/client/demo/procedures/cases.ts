import {
  STAFF_ONLY_CASE_FIELDS,
  type TCase,
  type TCaseShown,
  ZCreateCaseInput,
} from '../../../shared/domain/cases';
import type { TPerson } from '../../../shared/domain/people';
import { type DemoContext, nameOf, personById } from '../context';
import { PATIENT_CASE_INDEX, demoCases } from '../fixtures/cases';
import { type DemoProcedures, procedure } from '../procedure';
import { createDemoPerson, putPerson, requireCasePerson } from './people-state';
import { attachIntakeCheck, requireAttachableIntakeCheck } from './intake-checks-state';

/** "Thabo Mokoena" → first "Thabo", last "Mokoena", as the server's resolveCasePerson. */
function newPersonFromName(ctx: DemoContext, rawName: string): TPerson {
  const name = rawName.trim();
  const space = name.indexOf(' ');
  return createDemoPerson(ctx, {
    kind: 'person', firstName: space > 0 ? name.slice(0, space) : null, lastName: space > 0 ? name.slice(space + 1) : name,
    idNumber: null, passportNumber: null, passportCountry: null, dateOfBirth: null, sex: null, phone: null, email: null,
    address: null, preferredLanguage: null, medicalAid: null, notes: null,
  }, { checked: false });
}

/** Every case of the demo organisation: fixtures with this session's writes laid over them. */
export function allCases(ctx: DemoContext): TCase[] {
  const base = demoCases(ctx.platform, ctx.anchor, (id) => nameOf(ctx, id));
  if (ctx.dataRole === 'Patient') {
    // The visitor is the patient of the portal's case, whatever name they came in with.
    const own = base[PATIENT_CASE_INDEX];
    if (own && !base.some((c) => c.patientUserId === ctx.identity.userId)) {
      base[PATIENT_CASE_INDEX] = { ...own, patientUserId: ctx.identity.userId, patientName: ctx.identity.name };
    }
  }
  return ctx.overlay.merge('cases', base);
}

/**
 * SPEC §6 demo-data visibility. A case the visitor created or changed in this session stays in
 * their list even when the rule would hide it: a row should not vanish under the hand that just
 * edited it.
 */
export function visibleCases(ctx: DemoContext): TCase[] {
  const cases = allCases(ctx);
  const touched = ctx.overlay.touched('cases');
  const rule = visibilityRule(ctx);
  return rule ? cases.filter((c) => touched.has(c.id) || rule(c)) : cases;
}

function visibilityRule(ctx: DemoContext): ((c: TCase) => boolean) | null {
  switch (ctx.dataRole) {
    case 'Clinical Staff':
    case 'Legal Consultant':
      return (c) => c.priority === 'High' || c.status === 'In Progress';
    case 'Attorney':
      return (c) => c.status === 'In Progress';
    case 'Patient':
      return (c) => c.patientUserId === ctx.identity.userId;
    default:
      return null;
  }
}

/** As on the server (decision 0027): a Patient is sent their case without the staff-only fields. */
export function shownTo(ctx: DemoContext, kase: TCase): TCaseShown {
  if (ctx.dataRole !== 'Patient') return kase;
  const shown: TCaseShown = { ...kase };
  for (const field of STAFF_ONLY_CASE_FIELDS) delete shown[field];
  return shown;
}

export const casesProcedures = {
  // cases.get and cases.updateStatus open the case through need to know: procedures/case-file.ts.

  'cases.create': procedure({
    input: ZCreateCaseInput,
    capability: 'cases.create',
    run(ctx, input) {
      const now = ctx.nowIso();
      // Issue 32: the intake conflict check is refused before anything is written, attached once the case exists.
      if (input.conflictCheckId) requireAttachableIntakeCheck(ctx, input.conflictCheckId);
      const staff = (id: string | null) => (personById(ctx, id) ? id : null);
      const doctor = staff(input.assignedDoctorId);
      const nurse = staff(input.assignedNurseId);
      const manager = staff(input.caseManagerId);
      // As the server: the person named (the case takes their name unless one is given), or a new
      // person of the registry made from the patient name.
      const person = input.personId ? requireCasePerson(ctx, input.personId) : newPersonFromName(ctx, input.patientName ?? '');
      // A case for a portal Patient links them to its person, if the person has no account yet.
      if (input.patientUserId && !person.userId) putPerson(ctx, { ...person, userId: input.patientUserId, updatedAt: now });
      const created: TCase = {
        id: ctx.newId(),
        patientName: input.patientName ?? person.fullName,
        patientUserId: input.patientUserId,
        caseType: input.caseType,
        description: input.description,
        priority: input.priority,
        status: 'Scheduled',
        scheduledDate: input.scheduledDate,
        createdAt: now,
        updatedAt: now,
        assignedDoctorId: doctor,
        assignedDoctor: nameOf(ctx, doctor),
        assignedNurseId: nurse,
        assignedNurse: nameOf(ctx, nurse),
        caseManagerId: manager,
        caseManager: nameOf(ctx, manager),
        department: input.department,
        admissionDate: input.admissionDate,
        estimatedDischarge: input.estimatedDischarge,
        progressPercentage: input.progressPercentage,
        bedNumber: input.bedNumber,
        treatmentPlan: input.treatmentPlan,
        notes: input.notes,
        urgentFlags: input.urgentFlags,
        completedAt: null,
        version: 1,
        reference: null,
        restricted: input.restricted,
        personId: person.id,
      };
      const saved = ctx.overlay.put('cases', created);
      if (input.conflictCheckId) attachIntakeCheck(ctx, input.conflictCheckId, saved.id, saved.reference, now);
      return saved;
    },
  }),
} satisfies Partial<DemoProcedures>;
