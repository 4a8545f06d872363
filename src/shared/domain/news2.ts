// NEWS2, the National Early Warning Score 2 (Royal College of Physicians, 2017), chart 1 with SpO2
// scale 1 (scale 2, for hypercapnic respiratory failure on a clinician's instruction, is not offered).
// Each of seven observations scores 0–3; the total and any single 3 set the clinical risk band,
// which decides how urgently a clinician must respond (issue 31).

export const CONSCIOUSNESS_LEVELS = ['A', 'C', 'V', 'P', 'U'] as const;
export type TConsciousness = (typeof CONSCIOUSNESS_LEVELS)[number];
/** ACVPU: Alert, new Confusion, responds to Voice, to Pain, Unresponsive. */
export const CONSCIOUSNESS_LABELS: Record<TConsciousness, string> = { A: 'Alert', C: 'New confusion', V: 'Voice', P: 'Pain', U: 'Unresponsive' };

export const NEWS2_BANDS = ['low', 'low-medium', 'medium', 'high'] as const;
export type TNews2Band = (typeof NEWS2_BANDS)[number];

export interface TNews2Observation {
  respiratoryRate: number;
  spo2: number;
  onOxygen: boolean;
  systolic: number;
  pulse: number;
  consciousness: TConsciousness;
  temperatureC: number;
}

export interface TNews2Score {
  total: number;
  band: TNews2Band;
  /** Each parameter's score, as the chart colours it. */
  parts: Record<keyof TNews2Observation, number>;
}

/** The score of the first band whose upper bound holds the value; the last band's bound is Infinity. */
const banded = (value: number, bands: [upTo: number, score: number][]): number => bands.find(([upTo]) => value <= upTo)![1];

export function news2(o: TNews2Observation): TNews2Score {
  // The chart's temperature rows are to one decimal (35.0, 36.0, 38.0, 39.0).
  const temperature = Math.round(o.temperatureC * 10) / 10;
  const parts = {
    respiratoryRate: banded(o.respiratoryRate, [[8, 3], [11, 1], [20, 0], [24, 2], [Infinity, 3]]),
    spo2: banded(o.spo2, [[91, 3], [93, 2], [95, 1], [Infinity, 0]]),
    onOxygen: o.onOxygen ? 2 : 0,
    systolic: banded(o.systolic, [[90, 3], [100, 2], [110, 1], [219, 0], [Infinity, 3]]),
    pulse: banded(o.pulse, [[40, 3], [50, 1], [90, 0], [110, 1], [130, 2], [Infinity, 3]]),
    consciousness: o.consciousness === 'A' ? 0 : 3,
    temperatureC: banded(temperature, [[35, 3], [36, 1], [38, 0], [39, 1], [Infinity, 2]]),
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  const band: TNews2Band = total >= 7 ? 'high' : total >= 5 ? 'medium' : Object.values(parts).includes(3) ? 'low-medium' : 'low';
  return { total, band, parts };
}
