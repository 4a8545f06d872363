import { BILLING_EARLIEST_MONTH, currentBillingMonth, shiftMonth } from '../../../shared/billing-months';
import type { Trpc } from '../../trpc';

// The statement's month lives in the URL (?month=YYYY-MM) so a month can be reloaded and shared.

export interface BillingSearch {
  month?: string;
}

/** How many months the picker offers, this one included. */
export const PICKER_MONTHS = 12;

const isMonth = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** Lenient: a hand-edited month that is malformed, too early or in the future falls back to this month. */
export function validateBillingSearch(raw: Record<string, unknown>, now: Date = new Date()): BillingSearch {
  const month = raw.month;
  return isMonth(month) && month >= BILLING_EARLIEST_MONTH && month < currentBillingMonth(now) ? { month } : {};
}

/** The statement shown: ?month=, else this month. */
export function statementMonthOf(search: BillingSearch): string {
  return search.month ?? currentBillingMonth();
}

/** The statement of a month, for the screen and for its route's loader alike. */
export const billingStatementQuery = (trpc: Trpc, month: string) => trpc.billing.statement.queryOptions({ month });

/** The last PICKER_MONTHS months, latest first, plus the chosen one when it is older. */
export function monthOptions(selected: string, now: Date = new Date()): string[] {
  const current = currentBillingMonth(now);
  const months = Array.from({ length: PICKER_MONTHS }, (_, i) => shiftMonth(current, -i));
  return months.includes(selected) ? months : [...months, selected];
}

const label = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'March 2026'. */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return label.format(new Date(Date.UTC(year, mon - 1, 1)));
}
