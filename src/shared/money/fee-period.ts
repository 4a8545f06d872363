// The period of the fees-by-fee-earner report (issue 34, decision 0067) and a fee earner's target for
// it. Days are Johannesburg calendar days ('YYYY-MM-DD', both ends included). A target is set per
// month; over a period it is the monthly target for each whole month, and for a part month the
// target × the days of the period in it ÷ the days of that month, rounded half up to the cent per
// month — in integer arithmetic, so a quarter's target is exactly three months' and no float touches money.

const DAY_MS = 86_400_000;

const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function lastOfMonth(day: string): string {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1];
  return `${day.slice(0, 7)}-${String(daysInMonth(year, month)).padStart(2, '0')}`;
}

/** The period asked for: a missing start is the first of the end's month, a missing end the last of the start's month; neither: `today`'s month. */
export function periodOf(input: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const from = input.from ?? firstOfMonth(input.to ?? today);
  const to = input.to ?? lastOfMonth(input.from ?? today);
  return { from, to };
}

/** Each calendar month the period touches: the days of the period in it, and the month's days. */
function monthSlices(from: string, to: string): { covered: number; days: number }[] {
  const slices: { covered: number; days: number }[] = [];
  let start = parse(from);
  const end = parse(to);
  while (start <= end) {
    const day = dayOf(start);
    const monthEnd = Math.min(parse(lastOfMonth(day)), end);
    const days = daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1);
    slices.push({ covered: Math.round((monthEnd - start) / DAY_MS) + 1, days });
    start = monthEnd + DAY_MS;
  }
  return slices;
}

/** The months of the period, to four decimals (whole months count 1). For display: targets use targetForPeriod. */
export function monthsOf(from: string, to: string): number {
  const months = monthSlices(from, to).reduce((sum, s) => sum + s.covered / s.days, 0);
  return Math.round(months * 10_000) / 10_000;
}

/** A monthly target over the period: per month target × covered ÷ days, rounded half up, summed. */
export function targetForPeriod(monthlyCents: number, from: string, to: string): number {
  return monthSlices(from, to).reduce((sum, s) => sum + Math.floor((monthlyCents * s.covered * 2 + s.days) / (2 * s.days)), 0);
}

/** Net billed as a percentage of the target, one decimal; null without a (positive) target. */
export function percentOf(netCents: number, targetCents: number | null): number | null {
  if (!targetCents || targetCents <= 0) return null;
  return Math.round((netCents * 1000) / targetCents) / 10;
}
