import { describe, expect, it } from 'vitest';
import { deadlineStatusLine } from './deadline-status-words';

const outcome = { status: 'met' as const, on: '2026-11-20', reason: null, recordedByName: 'Ayanda Nkosi', recordedAt: '2026-11-21T08:30:00.000Z', version: 1 };

describe('deadlineStatusLine', () => {
  it('says who marked it and when, days in South African style', () => {
    expect(deadlineStatusLine({ status: 'met', statusBasis: 'marked', metOn: '2026-11-20', outcome })).toBe('Met on 20 Nov 2026 — recorded by Ayanda Nkosi, 21 Nov 2026');
    expect(deadlineStatusLine({ status: 'not-applicable', statusBasis: 'marked', metOn: null, outcome: { ...outcome, status: 'not-applicable', on: null, reason: 'Not an organ of state' } })).toBe(
      'Not applicable: Not an organ of state — recorded by Ayanda Nkosi, 21 Nov 2026',
    );
  });

  it('says what the service of summons decided', () => {
    expect(deadlineStatusLine({ status: 'met', statusBasis: 'summons-served', metOn: '2026-11-27', outcome: null })).toBe('Met on 27 Nov 2026: summons served, which interrupts prescription (Prescription Act s15)');
    expect(deadlineStatusLine({ status: 'overdue', statusBasis: 'overdue-before-service', metOn: null, outcome: null })).toContain('Overdue before service');
    expect(deadlineStatusLine({ status: 'open', statusBasis: 'due', metOn: null, outcome: null })).toBeNull();
  });
});
