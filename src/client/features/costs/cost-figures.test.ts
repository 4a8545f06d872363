import { describe, expect, it } from 'vitest';
import type { TCaseCostSummary, TTimeEntry } from '../../../shared/domain/costs';
import { computeCostFigures } from './cost-figures';

const entry = (caseId: string, role: string, minutes: number, cents: number): TTimeEntry => ({
  id: `${caseId}-${role}-${minutes}`,
  caseId,
  patientName: caseId,
  userId: role,
  userName: role,
  role,
  description: 'Patient care',
  startTime: '2026-05-01T08:00:00.000Z',
  endTime: '2026-05-01T09:00:00.000Z',
  durationMinutes: minutes,
  hours: minutes / 60,
  totalCost: cents / 100,
  totalCostCents: cents,
  hourlyRate: 0,
  hourlyRateCents: 0,
});

const summary = (caseId: string, cents: number, hours: number) =>
  ({ caseId, patientName: caseId, caseType: 'General', totalCostCents: cents, totalHours: hours }) as TCaseCostSummary;

describe('computeCostFigures', () => {
  it('averages per case, per role over the cases the role worked on, and picks the cheapest hour', () => {
    const figures = computeCostFigures(
      [summary('a', 100_00, 2), summary('b', 300_00, 3)],
      [entry('a', 'Doctor', 60, 80_00), entry('a', 'Nurse', 60, 20_00), entry('b', 'Doctor', 120, 160_00), entry('b', 'Doctor', 60, 140_00)],
    );
    expect(figures.averageCostPerCaseCents).toBe(200_00);
    expect(figures.averageHoursPerCase).toBe(2.5);
    expect(figures.roles).toEqual([
      { role: 'Doctor', averageCostCents: 190_00, averageHours: 2 },
      { role: 'Nurse', averageCostCents: 20_00, averageHours: 1 },
    ]);
    expect(figures.mostEfficientRole).toBe('Nurse');
  });

  it('has no averages and no role without recorded time', () => {
    expect(computeCostFigures([], [])).toEqual({ averageCostPerCaseCents: 0, averageHoursPerCase: 0, mostEfficientRole: null, roles: [] });
  });
});
