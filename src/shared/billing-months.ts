import { monthKey } from './calendar';

// The billing statement's months, 'YYYY-MM' in South African time. Kept apart from the zod schemas of
// shared/domain/billing.ts because the /billing route validates its URL with them, and route files
// are part of the first page load: zod must not ride along.

/** The first month a statement can be asked for; nothing was recorded before it. */
export const BILLING_EARLIEST_MONTH = '2000-01';

/** The current SAST month, 'YYYY-MM'. */
export const currentBillingMonth = (now: Date = new Date()): string => monthKey(now);

/** 'YYYY-MM' moved by whole months. */
export function shiftMonth(month: string, by: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, mon - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}
