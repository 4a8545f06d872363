import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../../server/router';
import { dayKey } from '../../../shared/calendar';
import type { TFeeDebtors, TFeeStatement, TFeesByFeeEarner, TWipReport } from '../../../shared/domain/fee-reports';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';
import { clearDemoOverlay } from '../overlay';

// The fee reports in demo mode (issue 34), as on the server: the first matter's fixture disbursements
// (R450 and R3 500) are its work in progress; fee note 1 is paid, so nobody owes until Finance bills
// and issues one; a target set shows against the fees billed; the client's statement carries the fee
// note with its balance; every answer is one the procedure's own output parser accepts. A fee-earner
// (fees.view only) and the State unit's staff are refused. The demo keeps each visitor's writes in their own session.

const DIRECTOR: DemoIdentity = {
  userId: 'managing_partner',
  role: 'Director',
  name: 'Grace Naidoo',
  isSuperAdmin: false,
  platform: 'legal',
  caseTerminology: 'client',
};
const FINANCE: DemoIdentity = {
  userId: 'lg-finance',
  role: 'Finance Staff',
  name: 'Ruth Abrahams',
  isSuperAdmin: false,
  platform: 'legal',
  caseTerminology: 'client',
};
const CONSULTANT: DemoIdentity = {
  userId: 'paralegal',
  role: 'Legal Consultants',
  name: 'Zanele Mahlangu',
  isSuperAdmin: false,
  platform: 'legal',
  caseTerminology: 'client',
};

useFixedDemoClock();
afterEach(() => clearDemoOverlay());

type Procedure = { _def: { output?: z.ZodType } };
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures;

/** The answer, checked against the server procedure's output parser. */
function call<T>(path: string, input: unknown, who: DemoIdentity): T {
  const result = answer(path, input, who);
  const parsed = procedures[path]!._def.output!.safeParse(result);
  expect(parsed.success ? 'ok' : JSON.stringify(parsed.error.issues.slice(0, 3)), path).toBe('ok');
  return result as T;
}

function refusal(path: string, input: unknown, as: DemoIdentity): string | undefined {
  try {
    answer(path, input, as);
  } catch (error) {
    if (error instanceof DemoError) return error.code;
    throw error;
  }
  return undefined;
}

describe('demo fee reports', () => {
  it('shows the fixture disbursements as work in progress and bills them into an aged debt, a statement and fees against target', () => {
    const wip = call<TWipReport>('feeReports.wip', {}, FINANCE);
    const matter = wip.rows.find((r) => r.feeEarnerId === null && r.disbursementsCents === 3_950_00);
    expect(matter).toBeDefined();
    expect(wip.totals.disbursementsCents).toBeGreaterThanOrEqual(3_950_00);
    expect(call<TFeeDebtors>('feeReports.agedDebtors', {}, FINANCE).debtors).toBe(0);

    // R5 000 fixed fee + R750 VAT (the demo firm is a vendor), issued today.
    const note = answer(
      'feeNotes.create',
      { id: matter!.caseId, fixedFees: [{ date: dayKey(), description: 'Consultation', amountCents: 5_000_00 }] },
      FINANCE,
    ) as { totalCents: number };
    expect(note.totalCents).toBe(5_750_00);
    const debtors = call<TFeeDebtors>('feeReports.agedDebtors', { format: 'json' }, FINANCE);
    expect(debtors).toMatchObject({
      debtors: 1,
      rows: [{ client: matter!.client, current: 5_750_00, totalCents: 5_750_00 }],
      totals: { totalCents: 5_750_00 },
    });

    const statement = call<TFeeStatement>('feeReports.statement', { personId: debtors.rows[0]!.clientId }, FINANCE);
    expect(statement.balanceCents).toBe(5_750_00);
    expect(statement.entries.at(-1)).toMatchObject({ kind: 'fee-note', debitCents: 5_750_00, balanceCents: 5_750_00 });

    call('feeReports.setTarget', { userId: FINANCE.userId, monthlyTargetCents: 10_000_00 }, FINANCE);
    expect(
      call<{ items: { userId: string; monthlyTargetCents: number | null }[] }>('feeReports.targets', undefined, FINANCE).items.find(
        (t) => t.userId === FINANCE.userId,
      )?.monthlyTargetCents,
    ).toBe(10_000_00);
    // The visitor billed the fixed fee: R5 000 more against the month's target than before (fee note 1 may be of this month too).
    const period = { from: `${dayKey().slice(0, 7)}-01`, to: dayKey() };
    const fees = call<TFeesByFeeEarner>('feeReports.feesByFeeEarner', period, FINANCE).rows.find((r) => r.feeEarnerId === FINANCE.userId);
    clearDemoOverlay();
    const before = call<TFeesByFeeEarner>('feeReports.feesByFeeEarner', period, FINANCE).rows.find((r) => r.feeEarnerId === FINANCE.userId);
    expect(fees).toMatchObject({
      monthlyTargetCents: 10_000_00,
      billedCents: (before?.billedCents ?? 0) + 5_000_00,
      netBilledCents: (before?.netBilledCents ?? 0) + 5_000_00,
    });
  });

  it('refuses a fee-earner, an unknown member and the State unit', () => {
    expect(refusal('feeReports.wip', {}, CONSULTANT)).toBe('FORBIDDEN');
    // The Director reads them as Finance does (each demo visitor has their own session's writes).
    expect(call<TWipReport>('feeReports.wip', { limit: 1 }, DIRECTOR).byMatter).toHaveLength(1);
    expect(refusal('feeReports.setTarget', { userId: 'nobody', monthlyTargetCents: 1 }, FINANCE)).toBe('NOT_FOUND');
    expect(refusal('feeReports.statement', { personId: 'nobody' }, FINANCE)).toBe('NOT_FOUND');
    const unit: DemoIdentity = { ...FINANCE, platform: 'medicolegal' };
    expect(refusal('feeReports.agedDebtors', {}, unit)).toBe('FORBIDDEN');
  });
});
