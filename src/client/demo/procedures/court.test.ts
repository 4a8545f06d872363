import { describe, expect, it } from 'vitest';
import type { TScheduleItem } from '../../../shared/domain/appointments';
import type { TTimelinePage } from '../../../shared/domain/case-timeline';
import type { TCourtMatter } from '../../../shared/domain/court-matters';
import type { THearing } from '../../../shared/domain/hearings';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';

// The court matter and hearings in demo mode (issue 20), as a visitor meets them: the state
// litigation unit's matters in the Gauteng Division, Pretoria with their parties cited; a stale
// version refused with the current record; a new trial date on the timeline and on the court schedule.

const who = (userId: string, role: string, name: string, platform: DemoIdentity['platform']): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const ATTORNEY = who('medical_malpractice_attorney', 'Attorneys', 'Adv. Priya Naidoo', 'medicolegal');
const NURSE = who('registered_nurse', 'Nurse', 'Sister Nomvula Dube', 'healthcare');

const call = <T>(path: string, input: unknown, as: DemoIdentity = ATTORNEY) => answer(path, input, as) as T;
function refusal(path: string, input: unknown, as: DemoIdentity = ATTORNEY): DemoError {
  try {
    answer(path, input, as);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} did not refuse`);
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

useFixedDemoClock();

describe('demo court matters and hearings', () => {
  it('shows the unit’s court matter in the Gauteng Division, Pretoria, with the client cited as plaintiff', () => {
    const { courtMatter } = call<{ courtMatter: TCourtMatter | null }>('courtMatter.get', { id: 'ml-case-01' });
    expect(courtMatter).toMatchObject({ court: 'High Court', division: 'Gauteng Division, Pretoria', stage: 'trial-ready', version: 1 });
    expect(courtMatter!.caseNumber).toMatch(/^\d{4}\/\d{6}$/);
    expect(courtMatter!.partiesCited[0]).toMatchObject({ name: 'Lwazi Mokoena', role: 'plaintiff' });
  });

  it('refuses a stale write with the current court matter; the version seen replaces it and writes the timeline', () => {
    const { courtMatter } = call<{ courtMatter: TCourtMatter }>('courtMatter.get', { id: 'ml-case-02' });
    const { partiesCited: _p, version, updatedAt: _u, updatedByName: _n, caseId: _c, ...fields } = courtMatter;
    const stale = refusal('courtMatter.put', { id: 'ml-case-02', ...fields, stage: 'discovery', expectedVersion: version + 1 });
    expect(stale.code).toBe('CONFLICT');
    expect(stale.extra?.current).toMatchObject({ stage: 'pleadings', version });
    expect(refusal('courtMatter.put', { id: 'ml-case-02', ...fields, stage: 'discovery' }).code).toBe('CONFLICT');

    const saved = call<TCourtMatter>('courtMatter.put', { id: 'ml-case-02', ...fields, stage: 'discovery', expectedVersion: version });
    expect(saved).toMatchObject({ stage: 'discovery', version: version + 1, updatedByName: 'Adv. Priya Naidoo' });
    const timeline = call<TTimelinePage>('timeline.list', { id: 'ml-case-02' });
    const event = timeline.items.find((e) => e.kind === 'court-matter.updated');
    expect(event).toMatchObject({ summary: 'Court matter changed: stage Pleadings → Discovery' });
    expect(event!.changes).toEqual([{ field: 'stage', label: 'Stage', from: 'Pleadings', to: 'Discovery' }]);
  });

  it('sets down a trial that shows on the case, on the schedule and on the court schedule panel', () => {
    const trial = call<THearing>('hearings.create', { id: 'ml-case-04', type: 'trial', startsAt: inDays(1), venue: 'Court 6B, Pretoria' });
    expect(trial).toMatchObject({ caseId: 'ml-case-04', caseName: 'Jacobus Coetzee', type: 'trial', version: 1, outcome: null });
    expect(call<{ items: THearing[] }>('hearings.list', { id: 'ml-case-04' }).items.map((h) => h.id)).toContain(trial.id);
    const onSchedule = call<TScheduleItem[]>('appointments.list', { caseId: 'ml-case-04' }).find((a) => a.id === trial.id);
    expect(onSchedule).toMatchObject({ appointmentType: 'Hearing', title: 'Trial — Jacobus Coetzee', location: 'Court 6B, Pretoria', status: 'Scheduled' });
    const upcoming = call<TScheduleItem[]>('appointments.upcoming', undefined);
    expect(upcoming.map((a) => a.id)).toContain(trial.id);
    expect(upcoming.length).toBeLessThanOrEqual(5);

    const moved = call<THearing>('hearings.update', { id: trial.id, startsAt: inDays(60), expectedVersion: 1 });
    expect(moved.version).toBe(2);
    expect(refusal('hearings.update', { id: trial.id, outcome: 'x', expectedVersion: 1 }).code).toBe('CONFLICT');
    const timeline = call<TTimelinePage>('timeline.list', { id: 'ml-case-04' });
    expect(timeline.items.map((e) => e.kind)).toEqual(expect.arrayContaining(['hearing.scheduled', 'hearing.updated']));
  });

  it('keeps court matters off the healthcare platform', () => {
    expect(refusal('courtMatter.get', { id: 'hc-case-01' }, NURSE).code).toBe('FORBIDDEN');
    expect(call<TScheduleItem[]>('appointments.list', {}, NURSE).some((a) => a.appointmentType === 'Hearing')).toBe(false);
  });
});
