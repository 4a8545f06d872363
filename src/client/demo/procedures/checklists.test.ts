import { afterEach, describe, expect, it } from 'vitest';
import type { TChecklist, TChecklistTemplates } from '../../../shared/domain/checklists';
import type { TTimelineItem } from '../../../shared/domain/case-timeline';
import type { TExpert } from '../../../shared/domain/experts';
import type { TTrialReadiness } from '../../../shared/domain/trial-readiness';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { useFixedDemoClock } from '../fixed-demo-clock';
import { clearDemoOverlay } from '../overlay';

// Demo compliance checklists and trial readiness (issue 20): the fixture ticks by named people, a
// visitor's tick showing up in the session with who and when, 409 on a stale version, the
// organisation's templates by case type, and the readiness summary from the fixtures.

const identity = (userId: string, role: string, name: string, platform: DemoIdentity['platform']): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform, caseTerminology: platform === 'healthcare' ? 'patient' : 'client',
});
const ATTORNEY = identity('medical_malpractice_attorney', 'Attorneys', 'Priya Govender', 'medicolegal');
const ML_ADMIN = identity('ml-administrator', 'Administrator', 'Refilwe Masilela', 'medicolegal');
const LG_ADMIN = identity('lg-practice-manager', 'Administrator', 'Charlene van Wyk', 'legal');
const NURSE = identity('registered_nurse', 'Nurse', 'Nomvula Dlamini', 'healthcare');

useFixedDemoClock();
afterEach(() => clearDemoOverlay());

const S3 = 'Notice in terms of s3 of Act 40 of 2002 received and assessed (in time, complete)';

describe('demo checklists', () => {
  it('shows the s3 notice ticked by a named member on a medicolegal claim, and the percentage', () => {
    const list = answer('checklists.get', { id: 'ml-case-02' }, ATTORNEY) as TChecklist;
    expect(list.template).toBe('Medical negligence claim against the State');
    expect(list.items[0]).toMatchObject({ label: S3, done: true, doneByName: 'Priya Govender' });
    expect(list.items.filter((i) => i.done)).toHaveLength(2);
    expect(list.percent).toBe(20); // 2 of 10
  });

  it("gives an obstetric claim the organisation's own template for its case type", () => {
    const list = answer('checklists.get', { id: 'ml-case-01' }, ATTORNEY) as TChecklist;
    expect(list.template).toBe('Obstetric claim');
    expect(list.items).toHaveLength(8);
    expect(list.items[5]).toMatchObject({ label: 'Maternity records and CTG tracings obtained', done: true });
  });

  it("keeps a visitor's tick for the session with their name, on the timeline; a stale version is a 409", () => {
    const before = answer('checklists.get', { id: 'ml-case-04' }, ATTORNEY) as TChecklist;
    const s3 = before.items[0]!;
    expect(s3.done).toBe(false);
    expect(before.percent).toBe(10); // 1 of 10: hospital records requested
    const after = answer('checklists.tick', { id: s3.id, done: true, expectedVersion: 1 }, ATTORNEY) as TChecklist;
    expect(after.items[0]).toMatchObject({ done: true, doneByName: 'Priya Govender', version: 2 });
    expect(after.percent).toBe(20); // 2 of 10
    expect((answer('checklists.get', { id: 'ml-case-04' }, ATTORNEY) as TChecklist).items[0]?.done).toBe(true);
    const timeline = answer('timeline.list', { id: 'ml-case-04' }, ATTORNEY) as { items: TTimelineItem[] };
    expect(timeline.items.some((e) => e.kind === 'checklist.ticked' && e.summary.includes(S3))).toBe(true);
    expect(() => answer('checklists.tick', { id: s3.id, done: false, expectedVersion: 1 }, ATTORNEY)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
  });

  it('lets an Administrator add a template that new cases of its type get; an Attorney may not', () => {
    expect(() => answer('checklists.templates', undefined, ATTORNEY)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    answer('checklists.saveTemplate', { name: 'Swab claims', caseTypes: ['retained surgical swab'], items: ['Theatre register obtained'] }, ML_ADMIN);
    const templates = answer('checklists.templates', undefined, ML_ADMIN) as TChecklistTemplates;
    expect(templates.items.map((t) => t.name)).toEqual(['Obstetric claim', 'Swab claims']);
    expect(templates.shipped.name).toBe('Medical negligence claim against the State');
    const list = answer('checklists.get', { id: 'ml-case-02' }, ML_ADMIN) as TChecklist;
    expect(list.items.map((i) => i.label)).toEqual(['Theatre register obtained']);
  });

  it('answers the healthcare checklist on a ward', () => {
    const list = answer('checklists.get', { id: 'hc-case-01' }, NURSE) as TChecklist;
    expect(list).toMatchObject({ template: 'Admission compliance', percent: 100 });
  });
});

describe('demo trial readiness', () => {
  // At the fixed demo clock (Wed 2026-03-18) the cerebral palsy claim's trial hearing is Mon
  // 2026-04-20: Rule 36(9)(a) notices are due 15 court days before (Thu 2026-03-26, over Good
  // Friday and Family Day) and 36(9)(b) summaries 10 before (Thu 2026-04-02).
  it('reads the Court and Experts tabs\' state: outstanding notices by their due dates, and delivered ones leave the list', () => {
    const claim = answer('readiness.get', { id: 'ml-case-01' }, ATTORNEY) as TTrialReadiness;
    expect(claim.ready).toBe(false);
    expect(claim.trial?.day).toBe('2026-04-20');
    expect(claim.experts.ours.length).toBeGreaterThan(0);
    for (const expert of claim.experts.ours) expect(expert).toMatchObject({ filed: false, notice369aDue: '2026-03-26', summary369bDue: '2026-04-02' });
    expect(claim.reasons.filter((r) => r.includes('Rule 36(9)(a) notice (due 2026-03-26)'))).toHaveLength(claim.experts.ours.length);
    // Court-matter deadlines of the past were met; the experts' are open.
    expect(claim.openDeadlines.filter((d) => d.overdue)).toEqual([]);
    expect(claim.openDeadlines.map((d) => d.rule)).toContain('rule-36-9-a');

    // Our experts deliver both: they leave the reasons and the open deadlines.
    for (const expert of (answer('experts.list', { id: 'ml-case-01' }, ATTORNEY) as { items: TExpert[] }).items.filter((e) => e.side === 'ours')) {
      answer('experts.update', { id: expert.id, milestones: { notice369a: '2026-03-17', summary369b: '2026-03-17' }, expectedVersion: expert.version }, ATTORNEY);
    }
    const after = answer('readiness.get', { id: 'ml-case-01' }, ATTORNEY) as TTrialReadiness;
    for (const expert of after.experts.ours) expect(expert).toMatchObject({ filed: true, notice369aDue: null, summary369bDue: null });
    expect(after.reasons.filter((r) => r.includes('Rule 36(9)'))).toEqual([]);
    expect(after.openDeadlines.map((d) => d.rule).filter((r) => r.startsWith('rule-36'))).toEqual([]);
  });

  it('says there is no trial date on a claim without one, and is refused on a ward', () => {
    const r = answer('readiness.get', { id: 'ml-case-02' }, ATTORNEY) as TTrialReadiness;
    expect(r.trial).toBeNull();
    expect(r.reasons[0]).toBe('No trial date: schedule a trial hearing.');
    expect(() => answer('readiness.get', { id: 'hc-case-01' }, NURSE)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
