import { afterEach, describe, expect, it } from 'vitest';
import { ZBillingStatement, ZBillingSummary, currentBillingMonth, shiftMonth } from '../../../shared/domain/billing';
import type { TCaseCostSummary } from '../../../shared/domain/costs';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { clearDemoOverlay } from '../overlay';

// The demo billing answers parse as the server's, and its statements add up to the demo Cost
// Management screen's case totals (the same time entries, priced the same way).

const who = (userId: string, role: string, platform: DemoIdentity['platform']): DemoIdentity => ({
  userId, role, name: 'Demo Person', isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const ADMIN = who('hospital_administrator', 'Administrator', 'healthcare');
const LEGAL_ADMIN = who('lg-practice-manager', 'Administrator', 'legal');
const FINANCE = who('lg-finance', 'Finance Staff', 'legal');
const DOCTOR = who('attending_physician', 'Doctor', 'healthcare');

afterEach(() => clearDemoOverlay());

/** The completed cost of every statement over the last three years. */
function statementsTotal(identity: DemoIdentity): number {
  let cents = 0;
  for (let back = 0; back < 36; back++) {
    const statement = ZBillingStatement.parse(answer('billing.statement', { month: shiftMonth(currentBillingMonth(), -back) }, identity));
    cents += statement.total.costCents;
  }
  return cents;
}

describe('demo billing', () => {
  it.each([
    ['healthcare', ADMIN],
    ['legal', LEGAL_ADMIN],
  ])('adds up to the Cost Management case totals (%s)', (_platform, admin) => {
    const { items: cases, total } = answer('costs.caseSummaries', { pageSize: 100 }, admin) as { items: TCaseCostSummary[]; total: number };
    expect(cases).toHaveLength(total);
    const costTotal = cases.reduce((sum, c) => sum + c.totalCostCents, 0);
    expect(costTotal).toBeGreaterThan(0);
    expect(statementsTotal(admin)).toBe(costTotal);
  });

  it('answers the plan and this month for Finance Staff, and refuses a Doctor', () => {
    expect(ZBillingSummary.parse(answer('billing.summary', undefined, FINANCE))).toMatchObject({ organizationName: 'Mokoena & Partners Attorneys', status: 'active' });
    expect(ZBillingStatement.parse(answer('billing.statement', undefined, FINANCE)).month).toBe(currentBillingMonth());
    expect(() => answer('billing.statement', undefined, DOCTOR)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => answer('billing.statement', { month: '2026-13' }, ADMIN)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });
});
