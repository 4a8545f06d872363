import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal';
import { ZVitalsInput, vitalRangeMessage } from './domain/encounters';

// The decimal comma (issue 31): a nurse who types "37,2" records 37.2 °C, not an error.

describe('parseDecimal', () => {
  it('reads a decimal comma or point, and whole numbers', () => {
    expect(parseDecimal('37,2')).toBe(37.2);
    expect(parseDecimal('37.2')).toBe(37.2);
    expect(parseDecimal(' 72 ')).toBe(72);
    expect(parseDecimal('-1,5')).toBe(-1.5);
  });

  it('refuses what is not one number in either convention', () => {
    for (const text of ['1,234.5', '37,2,1', '37,', ',5', 'abc', '', '1e2', '37 2']) expect(parseDecimal(text), text).toBeNull();
  });
});

describe('vital signs typed with a decimal comma', () => {
  it('are the numbers meant', () => {
    expect(ZVitalsInput.parse({ temperatureC: '37,2', weightKg: '3,25', pulse: '72' })).toMatchObject({ temperatureC: 37.2, weightKg: 3.25, pulse: 72 });
  });

  it('still refuse a reading out of range, and a fraction where a whole number is due', () => {
    const hot = ZVitalsInput.safeParse({ temperatureC: '47,5' });
    expect(hot.success).toBe(false);
    expect(hot.error!.issues.map((i) => i.message)).toEqual([vitalRangeMessage('temperatureC')]);
    const pulse = ZVitalsInput.safeParse({ pulse: '72,5' });
    expect(pulse.error!.issues.map((i) => i.message)).toEqual(['Pulse must be a whole number']);
  });
});
