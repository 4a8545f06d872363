import { describe, expect, it } from 'vitest';
import { type TNews2Observation, news2 } from './news2';

// Expected values scored by hand from the RCP NEWS2 chart (2017), SpO2 scale 1.

const normal: TNews2Observation = { respiratoryRate: 16, spo2: 97, onOxygen: false, systolic: 125, pulse: 72, consciousness: 'A', temperatureC: 37.0 };

describe('NEWS2', () => {
  it('scores a normal set 0, low', () => {
    expect(news2(normal)).toMatchObject({ total: 0, band: 'low' });
  });

  it('scores a deteriorating patient 11, high', () => {
    // RR 26 → 3, SpO2 93 → 2, oxygen → 2, SBP 105 → 1, pulse 115 → 2, alert → 0, 38.5 °C → 1.
    const s = news2({ respiratoryRate: 26, spo2: 93, onOxygen: true, systolic: 105, pulse: 115, consciousness: 'A', temperatureC: 38.5 });
    expect(s.parts).toEqual({ respiratoryRate: 3, spo2: 2, onOxygen: 2, systolic: 1, pulse: 2, consciousness: 0, temperatureC: 1 });
    expect(s).toMatchObject({ total: 11, band: 'high' });
  });

  it('gives a single parameter of 3 the low-medium band though the total is 3', () => {
    expect(news2({ ...normal, pulse: 135 })).toMatchObject({ total: 3, band: 'low-medium' });
    expect(news2({ ...normal, consciousness: 'C' })).toMatchObject({ total: 3, band: 'low-medium' });
  });

  it('bands 5–6 medium and 7 high', () => {
    // SpO2 94 → 1, oxygen → 2, pulse 95 → 1, 38.2 °C → 1: 5.
    expect(news2({ ...normal, spo2: 94, onOxygen: true, pulse: 95, temperatureC: 38.2 })).toMatchObject({ total: 5, band: 'medium' });
    // and a systolic of 98 → 2: 7.
    expect(news2({ ...normal, spo2: 94, onOxygen: true, pulse: 95, temperatureC: 38.2, systolic: 98 })).toMatchObject({ total: 7, band: 'high' });
  });

  it('scores each boundary of the chart on the right side', () => {
    const part = (change: Partial<TNews2Observation>, key: keyof TNews2Observation) => news2({ ...normal, ...change }).parts[key];
    expect([8, 9, 11, 12, 20, 21, 24, 25].map((respiratoryRate) => part({ respiratoryRate }, 'respiratoryRate'))).toEqual([3, 1, 1, 0, 0, 2, 2, 3]);
    expect([91, 92, 93, 94, 95, 96].map((spo2) => part({ spo2 }, 'spo2'))).toEqual([3, 2, 2, 1, 1, 0]);
    expect([90, 91, 100, 101, 110, 111, 219, 220].map((systolic) => part({ systolic }, 'systolic'))).toEqual([3, 2, 2, 1, 1, 0, 0, 3]);
    expect([40, 41, 50, 51, 90, 91, 110, 111, 130, 131].map((pulse) => part({ pulse }, 'pulse'))).toEqual([3, 1, 1, 0, 0, 1, 1, 2, 2, 3]);
    expect([35.0, 35.1, 36.0, 36.1, 38.0, 38.1, 39.0, 39.1].map((temperatureC) => part({ temperatureC }, 'temperatureC'))).toEqual([3, 1, 1, 0, 0, 1, 1, 2]);
    // A reading between the chart's tenths is taken to one decimal, as it is charted.
    expect(part({ temperatureC: 35.04 }, 'temperatureC')).toBe(3);
    expect(part({ temperatureC: 38.04 }, 'temperatureC')).toBe(0);
  });
});
