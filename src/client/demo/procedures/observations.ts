import { ZCaseIdInput, type TCase } from '../../../shared/domain/cases';
import { type TLatestVitals, VITALS_MONITOR_LIMIT } from '../../../shared/domain/clinical-results';
import { CONSCIOUSNESS_LABELS, type TConsciousness, news2 } from '../../../shared/domain/news2';
import { type TObservation, ZCreateObservationInput } from '../../../shared/domain/observations';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { allBeds } from './beds';
import { appendEvent, openCase, readableCases } from './case-file-state';

// Observations with NEWS2 in demo mode (issue 31), and the vitals monitor read from them: each of
// the hospital's first running cases has four observation sets over the last day (the chart has a
// line to draw), one of them a deteriorating patient at the top of the monitor. The session's
// entries go into the overlay, scored by the same shared table as on the server.

const feature = 'medicalRecords' as const;
type Reading = [rr: number, spo2: number, onOxygen: boolean, systolic: number, pulse: number, consciousness: TConsciousness, temp: number];

/** The newest reading of each sample patient, then three before it, four hours apart (oldest last). */
const SERIES: readonly Reading[][] = [
  [[18, 96, false, 132, 88, 'A', 37.4], [17, 97, false, 128, 84, 'A', 37.2], [16, 97, false, 130, 80, 'A', 37.0], [16, 98, false, 126, 78, 'A', 36.9]],
  [[26, 93, true, 105, 115, 'A', 38.5], [24, 94, true, 108, 108, 'A', 38.2], [22, 95, false, 112, 102, 'A', 38.0], [20, 96, false, 118, 96, 'A', 37.6]],
  [[14, 98, false, 124, 72, 'A', 36.8], [14, 98, false, 122, 70, 'A', 36.7], [15, 97, false, 126, 74, 'A', 36.9], [14, 98, false, 120, 72, 'A', 36.8]],
  [[20, 95, false, 148, 96, 'A', 37.9], [19, 95, false, 144, 92, 'A', 37.6], [18, 96, false, 150, 90, 'A', 37.4], [18, 96, false, 146, 88, 'A', 37.3]],
  [[12, 99, false, 118, 64, 'A', 36.6], [12, 98, false, 116, 66, 'A', 36.5], [13, 99, false, 120, 62, 'A', 36.6], [12, 99, false, 118, 64, 'A', 36.7]],
];

function toObservation(caseId: string, id: string, recordedAt: string, reading: Reading, byName: string | null): TObservation {
  const [respiratoryRate, spo2, onOxygen, systolic, pulse, consciousness, temperatureC] = reading;
  const values = { respiratoryRate, spo2, onOxygen, systolic, pulse, consciousness, temperatureC };
  const score = news2(values);
  return { id, caseId, recordedAt, byName, ...values, news2: score.total, band: score.band, parts: score.parts };
}

function fixtureObservations(ctx: DemoContext): TObservation[] {
  if (ctx.platform !== 'healthcare') return [];
  const running = readableCases(ctx).filter((c) => c.status !== 'Completed').slice(0, SERIES.length);
  return running.flatMap((kase, i) =>
    SERIES[i]!.map((reading, k) => {
      const at = new Date(ctx.anchor.getTime() - (i * 95 + 40) * 60_000 - k * 4 * 3_600_000).toISOString();
      return toObservation(kase.id, `${kase.id}-obs-${k + 1}`, at, reading, nameOf(ctx, 'registered_nurse'));
    }),
  );
}

function observationsOf(ctx: DemoContext, kase: TCase): TObservation[] {
  return ctx.overlay
    .merge<TObservation>('observations', fixtureObservations(ctx))
    .filter((o) => o.caseId === kase.id)
    .sort((a, b) => b.recordedAt.localeCompare(a.recordedAt) || a.id.localeCompare(b.id));
}

/** The vitals monitor as the server answers it: newest set per running case, highest NEWS2 first. */
export function demoVitals(ctx: DemoContext): TLatestVitals[] {
  if (ctx.platform !== 'healthcare') return [];
  const wardOf = new Map(allBeds(ctx).map((b) => [b.bedNumber, b.ward]));
  return readableCases(ctx)
    .filter((c) => c.status !== 'Completed')
    .flatMap((kase) => {
      const newest = observationsOf(ctx, kase)[0];
      if (!newest) return [];
      return [{
        caseId: kase.id, patientName: kase.patientName, bedNumber: kase.bedNumber, priority: kase.priority, recordedAt: newest.recordedAt,
        pulse: newest.pulse, systolic: newest.systolic, diastolic: null, temperatureC: newest.temperatureC, respiratoryRate: newest.respiratoryRate,
        spo2: newest.spo2, weightKg: null, news2: newest.news2, band: newest.band, onOxygen: newest.onOxygen, consciousness: newest.consciousness,
        ward: kase.bedNumber ? (wardOf.get(kase.bedNumber) ?? null) : null,
      }];
    })
    .sort((a, b) => b.news2 - a.news2 || b.recordedAt.localeCompare(a.recordedAt))
    .slice(0, VITALS_MONITOR_LIMIT);
}

export const observationsProcedures = {
  'observations.list': procedure({ input: ZCaseIdInput, capability: 'records.view', feature, run: (ctx, input) => ({ items: observationsOf(ctx, openCase(ctx, input.id)) }) }),

  'observations.create': procedure({
    input: ZCreateObservationInput,
    capability: 'records.write',
    feature,
    run(ctx, input) {
      if (ctx.platform !== 'healthcare') throw new DemoError('FORBIDDEN', 'Observations are recorded on the healthcare platform.');
      const kase = openCase(ctx, input.id);
      const reading: Reading = [input.respiratoryRate, input.spo2, input.onOxygen, input.systolic, input.pulse, input.consciousness, input.temperatureC];
      const at = input.recordedAt ? new Date(input.recordedAt).toISOString() : ctx.nowIso();
      const row = ctx.overlay.put<TObservation>('observations', toObservation(kase.id, ctx.newId(), at, reading, myName(ctx)));
      appendEvent(
        ctx, kase.id, 'observation.recorded',
        `Observations: NEWS2 ${row.news2} (${row.band}) — RR ${row.respiratoryRate}, SpO2 ${row.spo2}% ${row.onOxygen ? 'on oxygen' : 'on air'}, ` +
          `BP ${row.systolic} systolic, pulse ${row.pulse}, ${CONSCIOUSNESS_LABELS[row.consciousness]}, ${row.temperatureC} °C`,
      );
      return row;
    },
  }),
} satisfies Partial<DemoProcedures>;
