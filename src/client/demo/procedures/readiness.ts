import { dayKey } from '../../../shared/calendar';
import type { TCase } from '../../../shared/domain/cases';
import { checklistPercent } from '../../../shared/domain/checklists';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { type TReadinessExpert, type TTrialReadiness, readinessReasons } from '../../../shared/domain/trial-readiness';
import type { DemoContext } from '../context';
import { type DemoProcedures, procedure } from '../procedure';
import { openCase } from './case-file-state';
import { checklistOf } from './checklists';
import { demoCourtMatterRow, demoTrialHearing } from './court';
import { allExperts, deadlinesOf, toExpert } from './experts';

// Trial readiness in demo mode (issue 20), as the server's readiness service: the session's court
// matter and trial hearing (procedures/court.ts), its experts and their deadlines
// (procedures/experts.ts) and its checklist — so a moved trial or a delivered notice shows here as on
// the Court and Experts tabs. The PDF needs the server: the demo's panel says so.

function readinessOf(ctx: DemoContext, kase: TCase): TTrialReadiness {
  const today = dayKey(ctx.anchor);
  const hearing = demoTrialHearing(ctx, kase.id);
  const trialDay = hearing ? dayKey(hearing.startsAt) : null;
  const trial = hearing && trialDay ? { hearingId: hearing.id, startsAt: hearing.startsAt, day: trialDay, venue: hearing.venue, judge: hearing.judge, past: trialDay < today } : null;
  const matter = demoCourtMatterRow(ctx, kase.id);
  const experts: TReadinessExpert[] = allExperts(ctx)
    .filter((row) => row.caseId === kase.id)
    .map((row) => {
      const expert = toExpert(ctx, row);
      const due = (rule: string) => expert.dueDates.find((d) => d.rule === rule && !d.met)?.due ?? null;
      return {
        id: expert.id, name: expert.name, discipline: expert.discipline, side: expert.side, reportReceivedOn: expert.milestones.reportReceived,
        notice369aOn: expert.milestones.notice369a, summary369bOn: expert.milestones.summary369b,
        filed: Boolean(expert.milestones.notice369a && expert.milestones.summary369b),
        notice369aDue: due('rule-36-9-a'), summary369bDue: due('rule-36-9-b'),
      };
    });
  const checklist = checklistOf(ctx, kase);
  const openDeadlines = deadlinesOf(ctx, kase)
    .filter((d) => d.taskStatus !== 'done')
    .map((d) => ({ rule: d.rule, due: d.due, explanation: d.explanation, overdue: d.due < today }))
    .sort((a, b) => a.due.localeCompare(b.due));
  const base: Omit<TTrialReadiness, 'ready' | 'reasons'> = {
    caseId: kase.id,
    caseReference: kase.reference,
    clientName: kase.patientName,
    trial,
    courtMatter: matter ? { court: matter.court, division: matter.division, caseNumber: matter.caseNumber, stage: matter.stage, trialScope: matter.trialScope } : null,
    experts: { ours: experts.filter((e) => e.side === 'ours'), opposing: experts.filter((e) => e.side === 'opposing') },
    checklist: { percent: checklistPercent(checklist.items), openItems: checklist.items.filter((i) => !i.done).map((i) => ({ id: i.id, label: i.label })) },
    openDeadlines,
    asOf: today,
  };
  const reasons = readinessReasons(base);
  return { ...base, ready: reasons.length === 0, reasons };
}

export const readinessProcedures = {
  'readiness.get': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    feature: 'courtCases',
    run: (ctx, input) => readinessOf(ctx, openCase(ctx, input.id)),
  }),
} satisfies Partial<DemoProcedures>;
