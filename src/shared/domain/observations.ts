import { z } from 'zod';
import { isoDateTime } from './cases';
import { OCCURRED_AT_TOLERANCE_MS, requiredVital } from './encounters';
import { CONSCIOUSNESS_LEVELS, NEWS2_BANDS } from './news2';

// Observations as their own quick entry (issue 31): the seven NEWS2 parameters, no SOAP encounter
// needed. The score and band are computed on the server when recorded (shared/domain/news2.ts) and
// stored with the row. Numbers accept the decimal comma ("37,2"), as every vital does.

export const ZCreateObservationInput = z.object({
  /** The case. */
  id: z.string({ error: 'The case is required' }).trim().min(1, 'The case is required').max(64),
  respiratoryRate: requiredVital('respiratoryRate'),
  spo2: requiredVital('spo2'),
  onOxygen: z.boolean({ error: 'Say whether the patient is on oxygen (true or false)' }),
  systolic: requiredVital('systolic'),
  pulse: requiredVital('pulse'),
  consciousness: z.enum(CONSCIOUSNESS_LEVELS, { error: `Consciousness must be one of: ${CONSCIOUSNESS_LEVELS.join(', ')} (ACVPU)` }),
  temperatureC: requiredVital('temperatureC'),
  /** When the observations were taken; now when not given. */
  recordedAt: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    isoDateTime('Recorded at must be a date and time').refine((v) => Date.parse(v) <= Date.now() + OCCURRED_AT_TOLERANCE_MS, 'Observations cannot be in the future').optional(),
  ),
});
export type TCreateObservationInput = z.input<typeof ZCreateObservationInput>;

export const ZObservation = z.object({
  id: z.string(),
  caseId: z.string(),
  recordedAt: z.string(),
  byName: z.string().nullable(),
  respiratoryRate: z.number(),
  spo2: z.number(),
  onOxygen: z.boolean(),
  systolic: z.number(),
  pulse: z.number(),
  consciousness: z.enum(CONSCIOUSNESS_LEVELS),
  temperatureC: z.number(),
  news2: z.number(),
  band: z.enum(NEWS2_BANDS),
  /** Each parameter's score, as the chart colours it. */
  parts: z.record(z.string(), z.number()),
});
export type TObservation = z.infer<typeof ZObservation>;

export const OBSERVATIONS_LIST_MAX = 200;
export const ZObservationList = z.object({ items: z.array(ZObservation) });
export type TObservationList = z.infer<typeof ZObservationList>;

export const NEWS2_BAND_LABELS: Record<(typeof NEWS2_BANDS)[number], string> = {
  low: 'Low',
  'low-medium': 'Low–medium (a single parameter scored 3)',
  medium: 'Medium: urgent response',
  high: 'High: emergency response',
};
