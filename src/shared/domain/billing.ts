import { z } from 'zod';
import { csvLine } from '../csv';
import { addMonths, startOfMonth } from '../calendar';
import { BILLING_EARLIEST_MONTH, currentBillingMonth } from '../billing-months';
import { ZPlatform } from './common';
import { centsToRands, minutesToHours } from './costs';

// Billing (issue 7): the organisation's plan or trial and a monthly statement of the time recorded
// on cases, per role, priced exactly as Cost Management prices it (each entry's stored cost: whole
// minutes at the rate in force when it started, rounded to the cent). Months are South African
// calendar months (SAST, UTC+2); the statement and its CSV are built here so the server, the demo
// and the browser's CSV download cannot disagree.

export { BILLING_EARLIEST_MONTH, currentBillingMonth, shiftMonth } from '../billing-months';


const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;


export const ZBillingMonth = z
  .string('Month must be written YYYY-MM')
  .trim()
  .regex(MONTH_PATTERN, 'Month must be written YYYY-MM (e.g. 2026-03)')
  .refine((m) => m >= BILLING_EARLIEST_MONTH, `Month must be ${BILLING_EARLIEST_MONTH} or later`)
  .refine((m) => m <= currentBillingMonth(), 'Month cannot be in the future');

export const ZBillingStatementInput = z.object({ month: ZBillingMonth.optional() }).optional();
export type TBillingStatementInput = z.infer<typeof ZBillingStatementInput>;

export const BILLING_PLAN_STATUSES = ['trial', 'trialEnded', 'active'] as const;

export const ZBillingSummary = z.object({
  organizationName: z.string(),
  platform: ZPlatform,
  /** The stored plan key: 'trial', 'standard', 'enterprise' … */
  plan: z.string(),
  /** 'Trial', 'Standard plan' … */
  planLabel: z.string(),
  status: z.enum(BILLING_PLAN_STATUSES),
  trialEndsAt: z.string().nullable(),
  /** Whole days left of a running trial (a part day counts as one); null otherwise. */
  trialDaysLeft: z.number().int().nullable(),
  /** Null: no user limit. */
  maxUsers: z.number().int().nullable(),
  /** Active memberships of the organisation. */
  usersInUse: z.number().int(),
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;

const DAY_MS = 86_400_000;

/**
 * A future trial end means a running trial whatever the plan column says (as the platform overview
 * counts active trials); a 'trial' plan whose end has passed is an ended trial; anything else is
 * the plan itself.
 */
export function planStatusOf(plan: string, trialEndsAt: string | null, now: Date = new Date()): Pick<TBillingSummary, 'status' | 'trialDaysLeft' | 'planLabel'> {
  const endMs = trialEndsAt ? Date.parse(trialEndsAt) : Number.NaN;
  if (!Number.isNaN(endMs) && endMs > now.getTime()) {
    return { status: 'trial', trialDaysLeft: Math.ceil((endMs - now.getTime()) / DAY_MS), planLabel: 'Trial' };
  }
  if (plan === 'trial') {
    // A trial with no end date recorded is still a trial; one whose end passed has ended.
    return Number.isNaN(endMs)
      ? { status: 'trial', trialDaysLeft: null, planLabel: 'Trial' }
      : { status: 'trialEnded', trialDaysLeft: null, planLabel: 'Trial' };
  }
  const name = plan.trim() || 'standard';
  return { status: 'active', trialDaysLeft: null, planLabel: `${name.charAt(0).toUpperCase()}${name.slice(1)} plan` };
}

export const ZBillingStatementRow = z.object({
  role: z.string(),
  /** Distinct people who recorded time in this role in the month. */
  staffCount: z.number().int(),
  entryCount: z.number().int(),
  minutes: z.number().int(),
  /** Minutes / 60 to one decimal (SPEC §9), as Cost Management shows hours. */
  hours: z.number(),
  costCents: z.number().int(),
  cost: z.number(),
});
export type TBillingStatementRow = z.infer<typeof ZBillingStatementRow>;

export const ZBillingStatement = z.object({
  month: z.string(),
  /** The SAST month as UTC instants: entries with from <= start < to count. */
  from: z.string(),
  to: z.string(),
  rows: z.array(ZBillingStatementRow),
  total: ZBillingStatementRow.omit({ role: true }),
  /** Entries started in the month that are still running: no duration or cost yet, so left out. */
  runningEntryCount: z.number().int(),
});
export type TBillingStatement = z.infer<typeof ZBillingStatement>;

/** The SAST calendar month 'YYYY-MM' as UTC instants [from, to). */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  // Mid-month noon UTC is inside the SAST month whatever the offset, so startOfMonth finds its start.
  const start = startOfMonth(new Date(Date.UTC(year, mon - 1, 15, 12)));
  return { from: start.toISOString(), to: addMonths(start, 1).toISOString() };
}

/** What the statement needs of one time entry (a row of time_entries or a demo entry). */
export interface StatementEntry {
  role: string;
  userId: string;
  startTime: string;
  endTime: string | null;
  durationMinutes: number | null;
  totalCostCents: number;
}

/** The statement of a month from the organisation's entries (those outside the month are ignored). */
export function buildStatement(month: string, entries: readonly StatementEntry[]): TBillingStatement {
  const { from, to } = monthBounds(month);
  const inMonth = entries.filter((e) => Date.parse(e.startTime) >= Date.parse(from) && Date.parse(e.startTime) < Date.parse(to));
  const done = inMonth.filter((e) => e.endTime !== null && e.durationMinutes !== null);
  const byRole = new Map<string, StatementEntry[]>();
  for (const entry of done) byRole.set(entry.role, [...(byRole.get(entry.role) ?? []), entry]);
  const figures = (list: readonly StatementEntry[]) => {
    const minutes = list.reduce((sum, e) => sum + (e.durationMinutes ?? 0), 0);
    const costCents = list.reduce((sum, e) => sum + e.totalCostCents, 0);
    return {
      staffCount: new Set(list.map((e) => e.userId)).size,
      entryCount: list.length,
      minutes,
      hours: minutesToHours(minutes),
      costCents,
      cost: centsToRands(costCents),
    };
  };
  const rows = [...byRole.entries()]
    .map(([role, list]) => ({ role, ...figures(list) }))
    .sort((a, b) => b.costCents - a.costCents || a.role.localeCompare(b.role));
  return { month, from, to, rows, total: figures(done), runningEntryCount: inMonth.length - done.length };
}

// --- CSV -----------------------------------------------------------------------------------------

export const STATEMENT_CSV_HEADER = ['Role', 'Staff', 'Entries', 'Hours', 'Cost (ZAR)'] as const;

export const statementCsvFilename = (month: string): string => `casebridge-statement-${month}.csv`;

/** Rands with two decimals and no grouping, e.g. 1250.00, exact from integer cents. */
export function randsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Header, one row per role, a total row; CRLF line ends (RFC 4180). */
export function statementCsv(statement: TBillingStatement): string {
  const line = (cells: (string | number)[]) => csvLine(cells);
  const hours = (minutes: number) => minutesToHours(minutes).toFixed(1);
  return [
    line([...STATEMENT_CSV_HEADER]),
    ...statement.rows.map((r) => line([r.role, r.staffCount, r.entryCount, hours(r.minutes), randsText(r.costCents)])),
    line(['Total', statement.total.staffCount, statement.total.entryCount, hours(statement.total.minutes), randsText(statement.total.costCents)]),
  ].join('\r\n') + '\r\n';
}
