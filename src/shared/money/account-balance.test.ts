import { describe, expect, it } from 'vitest';
import { ageingOf, outstandingCents, patientOwesCents } from './account-balance';

describe('account balance arithmetic', () => {
  const shortPaid = {
    accountDate: '2026-11-20',
    lines: [
      { amountCents: 10_000, payer: 'scheme' as const, schemePaidCents: 7_000, shortfall: { action: 'patient' as const, amountCents: 3_000 } },
      { amountCents: 5_000, payer: 'scheme' as const, schemePaidCents: 0, shortfall: { action: 'write-off' as const, amountCents: 5_000 } },
      { amountCents: 2_000, payer: 'patient' as const, schemePaidCents: 0 },
    ],
    patientPaymentsCents: [1_000, 500, -500],
  };

  it('the patient owes patient lines + shortfalls moved to them − payments (net of reversals)', () => {
    // 2 000 (patient line) + 3 000 (shortfall to patient) − (1 000 + 500 − 500) = 4 000
    expect(patientOwesCents(shortPaid)).toBe(4_000);
  });

  it('outstanding = lines − scheme paid − write-offs − patient payments', () => {
    // 17 000 − 7 000 − 5 000 − 1 000 = 4 000 (equal to what the patient owes: nothing left for the scheme)
    expect(outstandingCents(shortPaid)).toBe(4_000);
    // A line the scheme has not remitted yet still counts.
    expect(outstandingCents({ accountDate: '2026-01-01', lines: [{ amountCents: 900, payer: 'scheme', schemePaidCents: 0 }], patientPaymentsCents: [] })).toBe(900);
  });

  it('puts each account balance in the bucket of its account date', () => {
    const asOf = '2026-11-28';
    const at = (accountDate: string, amountCents: number) => ({ accountDate, lines: [{ amountCents, payer: 'patient' as const, schemePaidCents: 0 }], patientPaymentsCents: [] });
    // Days to 28 Nov 2026: 20 Nov → 8 (current); 29 Oct → 30 (d30); 30 Sep → 59 (d30);
    // 29 Sep → 60 (d60); 30 Aug → 90 (d90); 31 Jul → 120 (d120); paid-off account → nothing.
    const ageing = ageingOf(
      [shortPaid, at('2026-10-29', 100), at('2026-09-30', 200), at('2026-09-29', 300), at('2026-08-30', 400), at('2026-07-31', 500), { ...at('2026-01-01', 50), patientPaymentsCents: [50] }],
      asOf,
    );
    expect(ageing).toEqual({ current: 4_000, d30: 300, d60: 300, d90: 400, d120: 500, total: 5_500 });
  });
});
