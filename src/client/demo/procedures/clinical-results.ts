import { z } from 'zod';
import { ZCaseIdInput } from '../../../shared/domain/cases';
import {
  ALREADY_RELEASED_MESSAGE,
  ALREADY_STOPPED_MESSAGE,
  ZReleaseResultInput,
  type TCaseMedication,
  type TCaseResult,
  type TResultFlag,
  ZCreateMedicationInput,
  ZCreateResultInput,
  ZStopMedicationInput,
  categoryOfTest,
  routeWords,
} from '../../../shared/domain/clinical-results';
import type { TCase } from '../../../shared/domain/cases';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { demoMedications, demoTestResults } from '../fixtures/portal';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase, readableCases } from './case-file-state';
import { can } from '../../../shared/roles';
import { demoVitals } from './observations';
import { type TAdministration, ZMarInput, ZRecordAdministrationInput } from '../../../shared/domain/administrations';
import { saCalendarDay } from '../../../shared/domain/admissions';
import { allergyMatches, allergyWarning } from '../../../shared/domain/allergy-match';
import { demoAllergiesOf } from './allergies';

// Results and medications in demo mode (issue 22), as the server's clinical-results service: the
// portal Patient's case carries the portal's fixture results and medications; a clinician's entries
// and stops go into the session overlay, never edited or deleted; a second stop is a 409.

type ResultRow = TCaseResult;
type MedicationRow = TCaseMedication;

const feature = 'medicalRecords' as const;
const FLAG_OF_STATUS: Record<string, TResultFlag | null> = { Abnormal: 'Abnormal', Final: 'Normal', Pending: null };

/** The fixtures belong to the hospital's portal case (the one with a patient account). */
function fixtureCase(ctx: DemoContext, kase: TCase): boolean {
  return ctx.platform === 'healthcare' && kase.patientUserId !== null;
}

/**
 * Issue 31: this morning's CRP, in from the laboratory and held — the portal (fixtures/portal.ts)
 * never lists it; a doctor of the demo sees "Held from portal" and may release it.
 */
function heldFixtureResult(ctx: DemoContext, kase: TCase): ResultRow {
  // 08:30 this morning — or, before then (a demo opened after midnight), an hour before the demo began,
  // so the held result is always there to release (the e2e walk failed between 00:00 and 08:30 SAST).
  const morning = Date.parse(`${saCalendarDay(ctx.anchor)}T08:30:00+02:00`);
  const at = new Date(Math.min(morning, ctx.anchor.getTime() - 3_600_000)).toISOString();
  return {
    id: 'hc-result-held-crp', caseId: kase.id, test: 'C-reactive protein', category: 'Chemistry', value: '86', unit: 'mg/L', summary: '86 mg/L',
    referenceRange: '< 5 mg/L', flag: 'High', status: 'Abnormal', at, byName: nameOf(ctx, kase.assignedDoctorId), report: null, releasedAt: null, releasedByName: null,
  };
}

function resultsOf(ctx: DemoContext, kase: TCase): ResultRow[] {
  // The portal's fixture results were released when they were resulted (as migration 0021 backfills).
  const base: ResultRow[] = fixtureCase(ctx, kase)
    ? [
        ...demoTestResults(ctx.anchor, kase.id, kase.assignedDoctorId).map((r) => ({
          id: r.id, caseId: kase.id, test: r.testName, category: r.category, value: null, unit: null, summary: r.resultSummary,
          referenceRange: r.referenceRange, flag: FLAG_OF_STATUS[r.status] ?? null, status: r.status, at: r.resultedAt ?? r.orderedAt,
          byName: nameOf(ctx, kase.assignedDoctorId), report: null, releasedAt: r.resultedAt ?? r.orderedAt, releasedByName: nameOf(ctx, kase.assignedDoctorId),
        })),
        ...(Date.parse(heldFixtureResult(ctx, kase).at) <= Date.now() ? [heldFixtureResult(ctx, kase)] : []),
      ]
    : [];
  return ctx.overlay
    .merge<ResultRow>('caseResults', base)
    .filter((r) => r.caseId === kase.id)
    .sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}

export function medicationsOf(ctx: DemoContext, kase: TCase): MedicationRow[] {
  const base: MedicationRow[] = fixtureCase(ctx, kase)
    ? demoMedications(ctx.anchor, kase.id, kase.assignedDoctorId).map((m) => ({
        id: m.id, caseId: kase.id, name: m.name, dose: m.dosage, route: m.route ?? null, frequency: m.frequency, instructions: m.instructions,
        startDate: m.startDate, stopDate: m.endDate, status: m.status, prescriberName: nameOf(ctx, kase.assignedDoctorId), prescriberRole: 'Doctor',
        dischargeAction: null, stoppedByName: null, stoppedAt: null,
      }))
    : [];
  const all = ctx.overlay
    .merge<MedicationRow>('caseMedications', base)
    .filter((m) => m.caseId === kase.id)
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || a.id.localeCompare(b.id));
  return [...all.filter((m) => m.status === 'Active'), ...all.filter((m) => m.status !== 'Active')];
}

function requireHospital(ctx: DemoContext): void {
  if (ctx.platform !== 'healthcare') throw new DemoError('FORBIDDEN', 'Results and medications are entered on the healthcare platform.');
}

/** The row with `id` on a case the visitor may read, with its case; NOT_FOUND otherwise (as the server's org + need-to-know check). */
function findOnReadableCase<T extends { id: string }>(ctx: DemoContext, rowsOf: (ctx: DemoContext, kase: TCase) => T[], id: string, what: string): { kase: TCase; found: T } {
  for (const kase of readableCases(ctx)) {
    const found = rowsOf(ctx, kase).find((r) => r.id === id);
    if (found) return { kase, found };
  }
  throw notFound(what);
}

export const clinicalResultsProcedures = {
  // Issue 31: the monitor reads the observation sets and their NEWS2 (procedures/observations.ts).
  'results.latestVitals': procedure({ input: z.void(), capability: 'records.view', feature, run: (ctx) => ({ items: demoVitals(ctx) }) }),

  'results.list': procedure({ input: ZCaseIdInput, capability: 'records.view', feature, run: (ctx, input) => ({ items: resultsOf(ctx, openCase(ctx, input.id)) }) }),

  'results.create': procedure({
    input: ZCreateResultInput,
    capability: 'records.write',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const kase = openCase(ctx, input.id);
      // The demo keeps no files, so no document can be named as the report.
      if (input.reportDocumentId) throw badRequest('Input validation failed', { reportDocumentId: 'The report is not a document of this case' });
      if (input.releaseToPatient && !can({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }, 'results.release')) {
        throw new DemoError('FORBIDDEN', 'Only a clinician who may release results can release one at entry; save it held', { releaseToPatient: 'You may not release results to the patient' });
      }
      const summary = input.unit ? `${input.value} ${input.unit}` : input.value;
      const now = ctx.nowIso();
      const row: ResultRow = {
        id: ctx.newId(), caseId: kase.id, test: input.test, category: input.category ?? categoryOfTest(input.test), value: input.value, unit: input.unit,
        summary, referenceRange: input.referenceRange, flag: input.flag, status: input.flag && input.flag !== 'Normal' ? 'Abnormal' : 'Final',
        at: now, byName: myName(ctx), report: null, releasedAt: input.releaseToPatient ? now : null, releasedByName: input.releaseToPatient ? myName(ctx) : null,
      };
      ctx.overlay.put('caseResults', row);
      appendEvent(ctx, kase.id, 'result.recorded', `Result recorded: ${input.test} ${summary}${input.flag && input.flag !== 'Normal' ? ` (${input.flag})` : ''}`);
      if (input.releaseToPatient) appendEvent(ctx, kase.id, 'result.released', `Result released to the patient: ${input.test}`);
      return row;
    },
  }),

  'results.release': procedure({
    input: ZReleaseResultInput,
    capability: 'results.release',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const { kase, found } = findOnReadableCase(ctx, resultsOf, input.id, 'Result');
      if (found.releasedAt) throw conflict(ALREADY_RELEASED_MESSAGE);
      const released = ctx.overlay.put<ResultRow>('caseResults', { ...found, releasedAt: ctx.nowIso(), releasedByName: myName(ctx) });
      appendEvent(ctx, kase.id, 'result.released', `Result released to the patient: ${found.test}`);
      return released;
    },
  }),

  'medications.list': procedure({ input: ZCaseIdInput, capability: 'records.view', feature, run: (ctx, input) => ({ items: medicationsOf(ctx, openCase(ctx, input.id)) }) }),

  'medications.create': procedure({
    input: ZCreateMedicationInput,
    capability: 'medications.prescribe',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const kase = openCase(ctx, input.id);
      // Issue 31: a recorded allergy the drug matches is a 409 until the prescriber confirms.
      const matches = kase.personId ? allergyMatches(input.name, demoAllergiesOf(ctx, kase.personId).items) : [];
      if (matches.length > 0 && !input.allergyAcknowledged) throw conflict(allergyWarning(input.name, matches), { name: allergyWarning(input.name, matches) });
      const row: MedicationRow = {
        id: ctx.newId(), caseId: kase.id, name: input.name, dose: input.dose, route: input.route, frequency: input.frequency, instructions: input.instructions,
        startDate: input.startDate, stopDate: null, status: 'Active', prescriberName: myName(ctx), prescriberRole: ctx.identity.role, dischargeAction: null,
        stoppedByName: null, stoppedAt: null,
      };
      ctx.overlay.put('caseMedications', row);
      const override = matches.length > 0 ? ` (prescribed despite recorded allergy: ${matches.map((m) => m.substance).join(', ')})` : '';
      appendEvent(ctx, kase.id, 'medication.started', `Medication started: ${input.name} ${input.dose} ${routeWords(input.route)}, ${input.frequency}, from ${input.startDate}${override}`);
      return row;
    },
  }),

  'medications.stop': procedure({
    input: ZStopMedicationInput,
    capability: 'records.write',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const { kase, found } = findOnReadableCase(ctx, medicationsOf, input.id, 'Medication');
      if (found.status !== 'Active') throw conflict(ALREADY_STOPPED_MESSAGE);
      if (input.stopDate < found.startDate) {
        const message = `Stop date must be on or after the start date (${found.startDate})`;
        throw badRequest(message, { stopDate: message });
      }
      const stopped = ctx.overlay.put<MedicationRow>('caseMedications', { ...found, stopDate: input.stopDate, status: 'Stopped', stoppedByName: myName(ctx), stoppedAt: ctx.nowIso() });
      appendEvent(ctx, kase.id, 'medication.stopped', `Medication stopped: ${found.name} on ${input.stopDate}`);
      return stopped;
    },
  }),

  // Issue 31: doses given against a prescription, and the day's medication administration record.
  'medications.administer': procedure({
    input: ZRecordAdministrationInput,
    capability: 'medications.administer',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const { kase, found } = findOnReadableCase(ctx, medicationsOf, input.id, 'Medication');
      if (found.status !== 'Active') throw conflict(`${found.name} is ${found.status.toLowerCase()}: no dose is given against it`, { id: `${found.name} is ${found.status.toLowerCase()}` });
      const givenAt = new Date(input.givenAt).toISOString();
      if (saCalendarDay(givenAt) < found.startDate) {
        const message = `${found.name} starts on ${found.startDate}; a dose cannot be given before`;
        throw badRequest(message, { givenAt: message });
      }
      const row = ctx.overlay.put<TAdministration>('administrations', {
        id: ctx.newId(), medicationId: found.id, caseId: kase.id, givenAt, dose: input.dose, route: input.route,
        given: input.notGivenReason === null, notGivenReason: input.notGivenReason, byName: myName(ctx),
      });
      appendEvent(ctx, kase.id, 'medication.administered', input.notGivenReason ? `Dose not given: ${found.name} ${input.dose} (${input.notGivenReason})` : `Dose given: ${found.name} ${input.dose} ${routeWords(input.route)}`);
      return row;
    },
  }),

  'medications.administrations': procedure({
    input: ZMarInput,
    capability: 'records.view',
    feature,
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const day = input.date ?? saCalendarDay(ctx.nowIso());
      const medications = medicationsOf(ctx, kase);
      const doses = administrationsOf(ctx, kase, medications).filter((a) => saCalendarDay(a.givenAt) === day).sort((a, b) => a.givenAt.localeCompare(b.givenAt));
      const running = medications.filter((m) => (m.startDate <= day && (m.stopDate === null || m.stopDate >= day)) || doses.some((a) => a.medicationId === m.id));
      return { date: day, items: running.map((m) => ({ medication: m, administrations: doses.filter((a) => a.medicationId === m.id) })) };
    },
  }),
} satisfies Partial<DemoProcedures>;

/** The session's doses, over a morning dose of each Active fixture prescription (06:00 today, by the ward's nurse). */
function administrationsOf(ctx: DemoContext, kase: TCase, medications: readonly MedicationRow[]): TAdministration[] {
  const morning = new Date(`${saCalendarDay(ctx.anchor)}T06:00:00+02:00`).toISOString();
  const fixtureIds = new Set(fixtureCase(ctx, kase) ? demoMedications(ctx.anchor, kase.id, kase.assignedDoctorId).map((m) => m.id) : []);
  const base: TAdministration[] = Date.parse(morning) <= Date.now()
    ? medications
        .filter((m) => fixtureIds.has(m.id) && m.status === 'Active' && m.startDate <= saCalendarDay(ctx.anchor))
        .map((m) => ({ id: `${m.id}-dose-am`, medicationId: m.id, caseId: kase.id, givenAt: morning, dose: m.dose, route: m.route ?? 'oral', given: true, notGivenReason: null, byName: nameOf(ctx, 'registered_nurse') }))
    : [];
  return ctx.overlay.merge<TAdministration>('administrations', base).filter((a) => a.caseId === kase.id);
}
