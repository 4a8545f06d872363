import { describe, expect, it } from 'vitest';
import type { TCaseDeadlineList, TUpcomingDeadlineList } from '../../../shared/domain/case-deadlines';
import type { TTimelinePage } from '../../../shared/domain/case-timeline';
import type { TExpert } from '../../../shared/domain/experts';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';

// Expert witnesses and the case's deadlines in demo mode (issue 20), at the fixed demo clock
// (Wed 2026-03-18, 09:15 SAST): the Cerebral Palsy claim (ml-case-01) has its trial hearing in the
// court fixtures on Mon 2026-04-20. Due dates counted by hand: Rule 36(9)(a), 15 court days back
// from 20 April: 17–13 Apr (5), 10–7 Apr (9), passing over Family Day (6 Apr) and Good Friday
// (3 Apr), 2, 1 Apr, 31, 30, 27, 26 Mar (15) → Thu 2026-03-26; Rule 36(9)(b), 10 court days back:
// the 10th is Thu 2026-04-02. The court matter's own dates add Rule 19, Act 40 s3 and prescription.

const who = (userId: string, role: string, name: string, platform: DemoIdentity['platform']): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const SLU = who('senior_state_advocate', 'Special Litigation Unit', 'Adv. Mandla Ngcobo', 'medicolegal');
const NURSE = who('registered_nurse', 'Nurse', 'Sister Nomsa Dube', 'healthcare');
const CASE = 'ml-case-01';

const call = <T>(path: string, input: unknown) => answer(path, input, SLU) as T;
const experts = () => call<{ items: TExpert[] }>('experts.list', { id: CASE }).items;
const allDeadlines = () => call<TCaseDeadlineList>('deadlines.forCase', { id: CASE }).items;
const deadlines = () => allDeadlines().filter((d) => d.sourceKind === 'expert');

useFixedDemoClock();

describe('demo expert witnesses', () => {
  it('lists the case’s experts, ours first, with their 36(9) due dates from the trial date', () => {
    const items = experts();
    expect(items.map((e) => [e.name, e.side])).toEqual([['Sibusiso Ntuli', 'ours'], ['Lindiwe Mthembu', 'ours'], ['Rosemary Khumalo', 'opposing']]);
    expect(items[0]!.dueDates.map((d) => [d.rule, d.due, d.met])).toEqual([['rule-36-9-a', '2026-03-26', false], ['rule-36-9-b', '2026-04-02', false]]);
    expect(items[0]!.dueDates[0]!.explanation).toContain('Good Friday');
  });

  it('puts the deadlines of our experts on the case (none for the opposing expert), and the week’s on the dashboard', () => {
    expect(deadlines().map((d) => [d.rule, d.due, d.title, d.taskStatus])).toEqual([
      ['rule-36-9-a', '2026-03-26', 'Rule 36(9)(a) expert notice — Sibusiso Ntuli', 'open'],
      ['rule-36-9-a', '2026-03-26', 'Rule 36(9)(a) expert notice — Lindiwe Mthembu', 'open'],
      ['rule-36-9-b', '2026-04-02', 'Rule 36(9)(b) expert summary — Sibusiso Ntuli', 'open'],
      ['rule-36-9-b', '2026-04-02', 'Rule 36(9)(b) expert summary — Lindiwe Mthembu', 'open'],
    ]);
    // The court matter's dates (service, debt due, knowledge) are deadlines of the case too.
    expect(allDeadlines().filter((d) => d.sourceKind === 'court-matter').map((d) => d.rule).sort()).toEqual(['act-40-s3', 'prescription', 'rule-19']);
    const fortnight = call<TUpcomingDeadlineList>('deadlines.upcoming', { days: 14 });
    expect([fortnight.from, fortnight.to]).toEqual(['2026-03-18', '2026-04-01']);
    const mine = fortnight.items.filter((d) => d.caseId === CASE);
    expect(mine.map((d) => [d.rule, d.due])).toEqual([['rule-36-9-a', '2026-03-26'], ['rule-36-9-a', '2026-03-26']]);
    for (const d of fortnight.items) expect(d.due >= '2026-03-18' && d.due <= '2026-04-01').toBe(true);
  });

  it('adds an expert of ours: two more deadlines, expert.added and deadline.set on the timeline', () => {
    const added = call<TExpert>('experts.create', { id: CASE, personId: 'ml-person-04', discipline: 'Paediatric neurologist', registrationNumber: 'MP0523341', side: 'ours', feeCents: '5500000' });
    expect(added).toMatchObject({ side: 'ours', feeCents: 5_500_000, version: 1 });
    expect(added.dueDates.map((d) => d.due)).toEqual(['2026-03-26', '2026-04-02']);
    expect(deadlines()).toHaveLength(6);
    const timeline = call<TTimelinePage>('timeline.list', { id: CASE }).items;
    expect(timeline.filter((e) => e.kind === 'expert.added')).toHaveLength(1);
    expect(timeline.filter((e) => e.kind === 'deadline.set').map((e) => e.summary)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Deadline set: Rule 36\(9\)\(a\) expert notice — .+, due 2026-03-26$/)]),
    );
    expect(() => call('experts.create', { id: CASE, personId: 'ml-person-04', discipline: 'Neurologist', side: 'opposing' })).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
  });

  it('records a milestone (met, its task done), refuses a stale version with the current expert', () => {
    const [first] = experts();
    const updated = call<TExpert>('experts.update', { id: first!.id, milestones: { notice369a: '2026-03-12' }, expectedVersion: first!.version });
    expect(updated.version).toBe(first!.version + 1);
    expect(updated.dueDates.map((d) => d.met)).toEqual([true, false]);
    expect(deadlines().find((d) => d.rule === 'rule-36-9-a' && d.sourceId === first!.id)?.taskStatus).toBe('done');
    let refused: unknown;
    try {
      call('experts.update', { id: first!.id, feeCents: 1, expectedVersion: first!.version });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DemoError);
    expect(refused).toMatchObject({ code: 'CONFLICT', extra: { current: { id: first!.id, version: first!.version + 1 } } });
  });

  it('moves an expert to the other side: their deadlines go', () => {
    const [first] = experts();
    call('experts.update', { id: first!.id, side: 'opposing', expectedVersion: first!.version });
    expect(deadlines().filter((d) => d.sourceId === first!.id)).toEqual([]);
  });

  it('is not part of the healthcare platform', () => {
    expect(() => answer('experts.list', { id: 'hc-case-01' }, NURSE)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => answer('deadlines.upcoming', undefined, NURSE)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
