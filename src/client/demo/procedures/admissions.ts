import {
  ADMISSION_CASE_TYPE,
  DISPOSITION_LABELS,
  type TAdmission,
  type TCensusPatient,
  type TWardCensus,
  ZAdmitInput,
  ZDischargeInput,
  ZListAdmissionsInput,
  ZTransferInput,
  lengthOfStayDays,
  occupancyHistory,
  saCalendarDay,
} from '../../../shared/domain/admissions';
import type { TBed, TBedAssignment } from '../../../shared/domain/beds';
import type { TCase } from '../../../shared/domain/cases';
import { ZCreateCaseInput } from '../../../shared/domain/cases';
import { z } from 'zod';
import { type DemoContext, myName } from '../context';
import { badRequest, conflict, notFound } from '../demo-error';
import { demoBeds } from '../fixtures/beds';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase, putTeamMembers, teamMembersOf } from './case-file-state';
import { CASE_TEAM_ROLES, teamRoleByWork } from '../../../shared/domain/case-team';
import { allCases, casesProcedures } from './cases';
import { allBeds, allStays } from './beds';
import { findPerson, livePeople } from './people-state';
import { medicationsOf } from './clinical-results';

// Admit / transfer / discharge and the ward census in demo mode, with the server's rules. The
// fixture's occupied beds that hold a case on file are admissions of that case's person; the
// session's writes change the bed board, the census and the case as on the server. The demo holds
// no file bytes, so a discharge summary is not made into a document here.

const manage = { capability: 'admissions.manage', feature: 'bedManagement' } as const;
const view = { capability: 'beds.view', feature: 'bedManagement' } as const;

function fixtureAdmissions(ctx: DemoContext, cases: readonly TCase[]): TAdmission[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const stays = allStays(ctx);
  return demoBeds(ctx.anchor, () => null).flatMap((bed) => {
    const kase = bed.status === 'Occupied' && bed.caseId ? byId.get(bed.caseId) : undefined;
    const person = kase?.personId ? findPerson(ctx, kase.personId) : undefined;
    if (!kase || !person) return [];
    const stay = stays.find((s) => s.bedId === bed.id && s.caseId === kase.id);
    return [{
      id: `hc-adm-${bed.bedNumber.toLowerCase()}`, personId: person.id, personName: person.fullName, caseId: kase.id, caseReference: kase.reference,
      bedId: bed.id, bedNumber: bed.bedNumber, ward: bed.ward, admittedAt: stay?.assignedAt ?? bed.updatedAt,
      estimatedDischarge: kase.estimatedDischarge, dischargedAt: null, disposition: null, summaryDocumentId: null, version: 1,
    }];
  });
}

export function allAdmissions(ctx: DemoContext): TAdmission[] {
  const admissions = ctx.overlay.merge<TAdmission>('admissions', fixtureAdmissions(ctx, allCases(ctx)));
  // A quick Release (or an edit out of Occupied) of the bed ends the admission, as on the server.
  const beds = new Map(allBeds(ctx).map((b) => [b.id, b]));
  return admissions.map((a) => (a.dischargedAt || (a.bedId && beds.get(a.bedId)?.status === 'Occupied') ? a : { ...a, bedId: null, bedNumber: null, ward: null, dischargedAt: ctx.nowIso() }));
}

function openAdmission(ctx: DemoContext, id: string): TAdmission & { bedId: string } {
  const admission = allAdmissions(ctx).find((a) => a.id === id);
  if (!admission) throw notFound('Admission');
  if (admission.dischargedAt || !admission.bedId) throw conflict('This patient has already been discharged');
  return admission as TAdmission & { bedId: string };
}

function findBed(ctx: DemoContext, id: string): TBed {
  const bed = allBeds(ctx).find((b) => b.id === id);
  if (!bed) throw notFound('Bed');
  return bed;
}

function occupy(ctx: DemoContext, bedId: string, patient: string, caseId: string, now: string): TBed {
  const bed = findBed(ctx, bedId);
  if (bed.status !== 'Available') throw conflict(`Bed ${bed.bedNumber} is ${bed.status}; only an Available bed can take a patient`, { bedId: `Bed ${bed.bedNumber} is ${bed.status}` });
  ctx.overlay.put<TBedAssignment>('bedAssignments', {
    id: ctx.newId(), bedId, patientId: patient, caseId, assignedAt: now, assignedById: ctx.me.id, assignedBy: myName(ctx),
    releasedAt: null, releasedById: null, releasedBy: null,
  });
  return ctx.overlay.put<TBed>('beds', { ...bed, status: 'Occupied', patientId: patient, caseId, updatedAt: now });
}

function vacate(ctx: DemoContext, bedId: string, status: 'Available' | 'Cleaning', now: string): TBed {
  const bed = findBed(ctx, bedId);
  const open = allStays(ctx).find((s) => s.bedId === bedId && s.releasedAt === null);
  if (open) ctx.overlay.put('bedAssignments', { ...open, releasedAt: now, releasedById: ctx.me.id, releasedBy: myName(ctx) });
  return ctx.overlay.put<TBed>('beds', { ...bed, status, patientId: null, caseId: null, updatedAt: now });
}

/** The admitting nurse (doctor, case manager) joins the team, as on the server (join-case-team.ts). */
function joinTeam(ctx: DemoContext, kase: TCase, why: string): void {
  const role = teamRoleByWork(ctx.platform, ctx.identity.role);
  const members = teamMembersOf(ctx, kase);
  if (!role || members.some((m) => m.userId === ctx.me.id && m.roleOnCase === role)) return;
  putTeamMembers(ctx, kase.id, [...members, { userId: ctx.me.id, roleOnCase: role }]);
  appendEvent(ctx, kase.id, 'team.added', `${myName(ctx)} added as ${CASE_TEAM_ROLES[role]} (${why})`);
}

function updateCase(ctx: DemoContext, caseId: string, fields: Partial<TCase>): void {
  const kase = allCases(ctx).find((c) => c.id === caseId);
  if (kase) ctx.overlay.put<TCase>('cases', { ...kase, ...fields, version: kase.version + 1, updatedAt: ctx.nowIso() });
}

export function demoCensus(ctx: DemoContext): TWardCensus {
  const now = ctx.nowIso();
  const beds = allBeds(ctx);
  const stays = allStays(ctx);
  const bedById = new Map(beds.map((b) => [b.id, b]));
  const admissionOfBed = new Map(allAdmissions(ctx).filter((a) => a.bedId && !a.dischargedAt).map((a) => [a.bedId!, a]));
  const wards = [...new Set(beds.map((b) => b.ward))].sort((a, b) => a.localeCompare(b));
  const history = occupancyHistory(wards, stays.flatMap((s) => {
    const bed = bedById.get(s.bedId);
    return bed ? [{ ward: bed.ward, assignedAt: s.assignedAt, releasedAt: s.releasedAt }] : [];
  }), now);
  const patients = beds
    .filter((b) => b.status === 'Occupied')
    .map((bed): TCensusPatient & { ward: string } => {
      const admission = admissionOfBed.get(bed.id);
      const stay = stays.find((s) => s.bedId === bed.id && s.releasedAt === null);
      const admittedAt = admission?.admittedAt ?? stay?.assignedAt ?? bed.updatedAt;
      return {
        ward: bed.ward, personId: admission?.personId ?? null, name: admission?.personName ?? bed.patientId ?? 'Unknown patient',
        admissionId: admission?.id ?? null, caseId: admission?.caseId ?? bed.caseId, bedId: bed.id, bedNumber: bed.bedNumber,
        admittedAt, estimatedDischarge: admission?.estimatedDischarge ?? null, lengthOfStayDays: lengthOfStayDays(admittedAt, now),
      };
    })
    .sort((a, b) => a.bedNumber.localeCompare(b.bedNumber, undefined, { numeric: true }));
  const today = saCalendarDay(now);
  const strip = ({ ward: _ward, ...p }: TCensusPatient & { ward: string }): TCensusPatient => p;
  return {
    date: today,
    wards: wards.map((ward) => ({
      ward,
      beds: beds.filter((b) => b.ward === ward).length,
      occupied: beds.filter((b) => b.ward === ward && b.status === 'Occupied').length,
      patients: patients.filter((p) => p.ward === ward).map(strip),
      history: history.get(ward) ?? [],
    })),
    expectedDischargesToday: patients.filter((p) => p.estimatedDischarge && saCalendarDay(p.estimatedDischarge) === today),
  };
}

export const admissionsProcedures = {
  'admissions.list': procedure({
    input: ZListAdmissionsInput,
    ...view,
    run: (ctx) => allAdmissions(ctx).filter((a) => !a.dischargedAt),
  }),

  'admissions.census': procedure({
    input: z.object({}).optional(),
    ...view,
    run: (ctx) => demoCensus(ctx),
  }),

  'admissions.admit': procedure({
    input: ZAdmitInput,
    ...manage,
    run(ctx, input) {
      const person = livePeople(ctx).find((p) => p.id === input.personId);
      if (!person) throw badRequest('Person not found in this organisation', { personId: 'Person not found in this organisation' });
      if (allAdmissions(ctx).some((a) => a.personId === person.id && !a.dischargedAt)) {
        throw conflict('This person is already admitted; transfer or discharge them first', { personId: 'This person is already admitted' });
      }
      const bed = findBed(ctx, input.bedId);
      if (bed.status !== 'Available') throw conflict(`Bed ${bed.bedNumber} is ${bed.status}; only an Available bed can take a patient`, { bedId: `Bed ${bed.bedNumber} is ${bed.status}` });
      const now = ctx.nowIso();
      let kase: TCase;
      // Issue 31: without a case named, the person's open case (the newest) takes the stay.
      const theirOpenCase = input.newCase
        ? undefined
        : allCases(ctx).filter((c) => c.personId === person.id && c.status !== 'Completed').sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
      const caseId = input.caseId ?? theirOpenCase?.id;
      if (caseId) {
        const found = openCase(ctx, caseId);
        if (found.personId !== person.id) throw badRequest("That case is not this person's", { caseId: 'Choose a case of this person, or none to open one' });
        kase = found;
      } else {
        kase = casesProcedures['cases.create'].run(ctx, ZCreateCaseInput.parse({ personId: person.id, caseType: ADMISSION_CASE_TYPE, department: bed.ward, admissionDate: now })) as TCase;
      }
      occupy(ctx, bed.id, person.fullName, kase.id, now);
      joinTeam(ctx, kase, 'admitted the patient');
      updateCase(ctx, kase.id, { admissionDate: now, estimatedDischarge: input.estimatedDischarge, bedNumber: bed.bedNumber, status: kase.status === 'Scheduled' ? 'In Progress' : kase.status });
      appendEvent(ctx, kase.id, 'admission.admitted', `${person.fullName} admitted to bed ${bed.bedNumber} (${bed.ward})`);
      return ctx.overlay.put<TAdmission>('admissions', {
        id: ctx.newId(), personId: person.id, personName: person.fullName, caseId: kase.id, caseReference: kase.reference,
        bedId: bed.id, bedNumber: bed.bedNumber, ward: bed.ward, admittedAt: now, estimatedDischarge: input.estimatedDischarge,
        dischargedAt: null, disposition: null, summaryDocumentId: null, version: 1,
      });
    },
  }),

  'admissions.transfer': procedure({
    input: ZTransferInput,
    ...manage,
    run(ctx, input) {
      const admission = openAdmission(ctx, input.id);
      if (admission.bedId === input.bedId) throw badRequest('The patient is already in this bed', { bedId: 'Choose another bed' });
      const from = findBed(ctx, admission.bedId);
      const now = ctx.nowIso();
      const to = occupy(ctx, input.bedId, admission.personName, admission.caseId, now);
      vacate(ctx, from.id, 'Cleaning', now);
      const kase = allCases(ctx).find((c) => c.id === admission.caseId);
      updateCase(ctx, admission.caseId, { bedNumber: to.bedNumber, ...(kase?.department === from.ward ? { department: to.ward } : {}) });
      appendEvent(ctx, admission.caseId, 'admission.transferred', `Transferred from bed ${from.bedNumber} (${from.ward}) to bed ${to.bedNumber} (${to.ward}): ${input.reason}`);
      return ctx.overlay.put<TAdmission>('admissions', { ...admission, bedId: to.id, bedNumber: to.bedNumber, ward: to.ward, version: admission.version + 1 });
    },
  }),

  'admissions.discharge': procedure({
    input: ZDischargeInput,
    ...manage,
    run(ctx, input) {
      const admission = openAdmission(ctx, input.id);
      const now = ctx.nowIso();
      // Issue 31: every active medication reviewed, as on the server (admissions.service.ts); the
      // discharge writes the clinical record, so a restricted case needs need to know.
      const kase = openCase(ctx, admission.caseId);
      const active = medicationsOf(ctx, kase).filter((m) => m.status === 'Active');
      if (input.medications.some((r) => !active.some((m) => m.id === r.medicationId))) {
        throw badRequest('A reviewed medication is not an active medication of this case', { medications: 'Review only the active medications of this case' });
      }
      const missing = active.filter((m) => !input.medications.some((r) => r.medicationId === m.id));
      if (missing.length > 0) {
        const message = `Review every active medication (continue or stop): ${missing.map((m) => m.name).join(', ')}`;
        throw badRequest(message, { medications: message });
      }
      const day = saCalendarDay(now);
      for (const r of input.medications) {
        const m = active.find((x) => x.id === r.medicationId)!;
        ctx.overlay.put('caseMedications', r.action === 'continue'
          ? { ...m, dischargeAction: 'continue' }
          : { ...m, status: 'Stopped', stopDate: day < m.startDate ? m.startDate : day, stoppedByName: myName(ctx), stoppedAt: now, dischargeAction: 'stop' });
        if (r.action === 'stop') appendEvent(ctx, kase.id, 'medication.stopped', `Medication stopped at discharge: ${m.name} on ${day}`);
      }
      const bed = vacate(ctx, admission.bedId, input.bedStatus, now);
      updateCase(ctx, admission.caseId, { bedNumber: null, status: 'Completed', completedAt: kase.completedAt ?? now, progressPercentage: 100 });
      appendEvent(ctx, admission.caseId, 'admission.discharged', `Discharged (${DISPOSITION_LABELS[input.disposition].toLowerCase()}) from ${bed.ward}; case completed`);
      return ctx.overlay.put<TAdmission>('admissions', { ...admission, bedId: null, bedNumber: null, ward: null, dischargedAt: now, disposition: input.disposition, version: admission.version + 1 });
    },
  }),
} satisfies Partial<DemoProcedures>;

