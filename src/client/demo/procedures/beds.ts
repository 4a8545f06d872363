import {
  type TBed,
  type TBedAssignment,
  ZAssignBedInput,
  ZBedIdInput,
  ZCreateBedInput,
  ZListBedsInput,
  ZUpdateBedInput,
} from '../../../shared/domain/beds';
import { type DemoContext, myName, nameOf, personById } from '../context';
import { badRequest, conflict, notFound } from '../demo-error';
import { demoBedAssignments, demoBeds } from '../fixtures/beds';
import { type DemoProcedures, procedure } from '../procedure';
import { requireCase } from './appointments';
import { allCases } from './cases';

// Bed Management (SPEC §2.11, §4) with the server's rules: Assign is the only way into Occupied,
// Release (or an edit to another status) the only way out, and each stay is kept for the history.

export function allBeds(ctx: DemoContext): TBed[] {
  // The case of each bed's open stay, as the server answers it (a bed assigned in the session too).
  const openStays = new Map(allStays(ctx).filter((s) => s.releasedAt === null).map((s) => [s.bedId, s.caseId]));
  const cases = new Map(allCases(ctx).map((c) => [c.id, c]));
  return ctx.overlay
    .merge('beds', demoBeds(ctx.anchor, (id) => nameOf(ctx, id)))
    .map((bed) => {
      const caseId = bed.status === 'Occupied' ? (openStays.get(bed.id) ?? null) : null;
      const kase = caseId ? cases.get(caseId) : undefined;
      return { ...bed, caseId, patientName: kase?.patientName ?? null, caseReference: kase?.reference ?? null };
    })
    .sort((a, b) => a.ward.localeCompare(b.ward) || a.bedNumber.localeCompare(b.bedNumber));
}

export function allStays(ctx: DemoContext): TBedAssignment[] {
  return ctx.overlay.merge('bedAssignments', demoBedAssignments(ctx.anchor, (id) => nameOf(ctx, id)));
}

function findBed(ctx: DemoContext, id: string): TBed {
  const bed = allBeds(ctx).find((b) => b.id === id);
  if (!bed) throw notFound('Bed');
  return bed;
}

function assertNurse(ctx: DemoContext, nurseId: string | null | undefined): void {
  if (!nurseId || personById(ctx, nurseId)?.role === 'Nurse') return;
  const message = 'Choose a nurse of your organisation, or no assignment';
  throw badRequest(message, { assignedNurseId: message });
}

function assertBedNumberFree(ctx: DemoContext, bedNumber: string, exceptId?: string): void {
  if (!allBeds(ctx).some((b) => b.id !== exceptId && b.bedNumber.toLowerCase() === bedNumber.toLowerCase())) return;
  const message = `Bed ${bedNumber} already exists in your organisation`;
  throw conflict(message, { bedNumber: message });
}

function closeOpenStay(ctx: DemoContext, bedId: string, now: string): void {
  const open = allStays(ctx).find((s) => s.bedId === bedId && s.releasedAt === null);
  if (open) ctx.overlay.put('bedAssignments', { ...open, releasedAt: now, releasedById: ctx.me.id, releasedBy: myName(ctx) });
}

const beds = { capability: 'beds.manage', feature: 'bedManagement' } as const;

export const bedsProcedures = {
  'beds.list': procedure({
    input: ZListBedsInput,
    capability: 'beds.view',
    feature: 'bedManagement',
    run: (ctx, input) => allBeds(ctx).filter((b) => !input?.ward || b.ward === input.ward),
  }),

  'beds.create': procedure({
    input: ZCreateBedInput,
    ...beds,
    run(ctx, input) {
      if (input.status === 'Occupied') {
        const message = 'A new bed cannot start Occupied: add it, then use Assign to place a patient';
        throw badRequest(message, { status: message });
      }
      const nurse = input.assignedNurseId ?? null;
      assertNurse(ctx, nurse);
      assertBedNumberFree(ctx, input.bedNumber);
      const now = ctx.nowIso();
      return ctx.overlay.put<TBed>('beds', {
        id: ctx.newId(),
        caseId: null,
        patientName: null,
        caseReference: null,
        bedNumber: input.bedNumber,
        ward: input.ward,
        bedType: input.bedType,
        status: input.status,
        assignedNurseId: nurse,
        assignedNurse: nameOf(ctx, nurse),
        notes: input.notes ?? null,
        patientId: null,
        createdAt: now,
        updatedAt: now,
      });
    },
  }),

  'beds.update': procedure({
    input: ZUpdateBedInput,
    ...beds,
    run(ctx, input) {
      const bed = findBed(ctx, input.id);
      const status = input.status ?? bed.status;
      if (status === 'Occupied' && bed.status !== 'Occupied') throw conflict('Use Assign to place a patient in a bed');
      if (input.assignedNurseId && input.assignedNurseId !== bed.assignedNurseId) assertNurse(ctx, input.assignedNurseId);
      if (input.bedNumber !== undefined && input.bedNumber.toLowerCase() !== bed.bedNumber.toLowerCase()) {
        assertBedNumberFree(ctx, input.bedNumber, bed.id);
      }
      const now = ctx.nowIso();
      const leavesOccupied = bed.status === 'Occupied' && status !== 'Occupied';
      if (leavesOccupied) closeOpenStay(ctx, bed.id, now);
      const nurse = input.assignedNurseId === undefined ? bed.assignedNurseId : input.assignedNurseId;
      return ctx.overlay.put<TBed>('beds', {
        ...bed,
        ...(input.bedNumber !== undefined ? { bedNumber: input.bedNumber } : {}),
        ...(input.ward !== undefined ? { ward: input.ward } : {}),
        ...(input.bedType !== undefined ? { bedType: input.bedType } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        assignedNurseId: nurse,
        assignedNurse: nameOf(ctx, nurse),
        status,
        patientId: leavesOccupied ? null : bed.patientId,
        updatedAt: now,
      });
    },
  }),

  'beds.assign': procedure({
    input: ZAssignBedInput,
    ...beds,
    run(ctx, input) {
      const bed = findBed(ctx, input.id);
      if (bed.status !== 'Available') throw conflict(`Bed ${bed.bedNumber} is ${bed.status}; only an Available bed can be assigned`);
      requireCase(ctx, input.caseId, 'caseId');
      const now = ctx.nowIso();
      ctx.overlay.put<TBedAssignment>('bedAssignments', {
        id: ctx.newId(), bedId: bed.id, patientId: input.patientId, caseId: input.caseId, assignedAt: now,
        assignedById: ctx.me.id, assignedBy: myName(ctx), releasedAt: null, releasedById: null, releasedBy: null,
      });
      return ctx.overlay.put('beds', { ...bed, status: 'Occupied', patientId: input.patientId, caseId: input.caseId ?? null, updatedAt: now });
    },
  }),

  'beds.release': procedure({
    input: ZBedIdInput,
    ...beds,
    run(ctx, input) {
      const bed = findBed(ctx, input.id);
      if (bed.status !== 'Occupied') throw conflict(`Bed ${bed.bedNumber} is ${bed.status}; only an Occupied bed can be released`);
      const now = ctx.nowIso();
      closeOpenStay(ctx, bed.id, now);
      return ctx.overlay.put('beds', { ...bed, status: 'Available', patientId: null, caseId: null, updatedAt: now });
    },
  }),

  'beds.history': procedure({
    input: ZBedIdInput,
    capability: 'beds.view',
    feature: 'bedManagement',
    run(ctx, input) {
      findBed(ctx, input.id);
      return allStays(ctx)
        .filter((s) => s.bedId === input.id)
        .sort((a, b) => b.assignedAt.localeCompare(a.assignedAt) || Number(a.releasedAt !== null) - Number(b.releasedAt !== null));
    },
  }),
} satisfies Partial<DemoProcedures>;
