import type { TCaseCostSummary, TTimeEntry } from '../../../shared/domain/costs';

// SPEC §2.12 Cost Analytics. Demo mode shows the fixed sample figures; signed in, the same shape is
// computed from the organisation's case summaries and time entries.

export interface RoleFigure {
  role: string;
  /** Cents per case the role worked on. */
  averageCostCents: number;
  averageHours: number;
  /** Demo only: the sample efficiency percentage. */
  efficiency?: number;
}

export interface CostFigures {
  averageCostPerCaseCents: number;
  averageHoursPerCase: number;
  mostEfficientRole: string | null;
  costTrend?: string;
  roles: RoleFigure[];
}

export const DEMO_COST_FIGURES: CostFigures = {
  averageCostPerCaseCents: 1250_00,
  averageHoursPerCase: 8.5,
  mostEfficientRole: 'Nurse',
  costTrend: 'increasing',
  roles: [
    { role: 'Doctor', averageCostCents: 850_00, averageHours: 2.5, efficiency: 92 },
    { role: 'Nurse', averageCostCents: 320_00, averageHours: 4.2, efficiency: 96 },
    { role: 'Case Manager', averageCostCents: 180_00, averageHours: 1.8, efficiency: 88 },
    { role: 'Security Guard', averageCostCents: 75_00, averageHours: 8, efficiency: 85 },
    { role: 'Hospital Cleaner', averageCostCents: 55_00, averageHours: 2, efficiency: 94 },
    { role: 'Kitchen Worker', averageCostCents: 65_00, averageHours: 1, efficiency: 90 },
  ],
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Averages over the cases that have recorded time. A role's averages are over the cases it worked
 * on; the most efficient role is the one with the lowest cost per recorded hour.
 */
export function computeCostFigures(summaries: TCaseCostSummary[], entries: TTimeEntry[]): CostFigures {
  const count = summaries.length;
  const byRole = new Map<string, { cases: Set<string>; cents: number; minutes: number }>();
  for (const entry of entries) {
    const figure = byRole.get(entry.role) ?? { cases: new Set<string>(), cents: 0, minutes: 0 };
    figure.cases.add(entry.caseId);
    figure.cents += entry.totalCostCents;
    figure.minutes += entry.durationMinutes ?? 0;
    byRole.set(entry.role, figure);
  }
  const roles = [...byRole.entries()]
    .map(([role, figure]) => ({
      role,
      averageCostCents: Math.round(figure.cents / figure.cases.size),
      averageHours: round1(figure.minutes / 60 / figure.cases.size),
      perHour: figure.minutes > 0 ? figure.cents / (figure.minutes / 60) : Number.POSITIVE_INFINITY,
    }))
    .sort((a, b) => b.averageCostCents - a.averageCostCents || a.role.localeCompare(b.role));
  const cheapest = roles.filter((r) => Number.isFinite(r.perHour)).sort((a, b) => a.perHour - b.perHour)[0];
  return {
    averageCostPerCaseCents: count ? Math.round(summaries.reduce((sum, s) => sum + s.totalCostCents, 0) / count) : 0,
    averageHoursPerCase: count ? round1(summaries.reduce((sum, s) => sum + s.totalHours, 0) / count) : 0,
    mostEfficientRole: cheapest?.role ?? null,
    roles: roles.map(({ perHour: _perHour, ...rest }) => rest),
  };
}
