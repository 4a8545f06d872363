import { dayKey } from '../../../shared/calendar';
import { computeDeadline } from '../../../shared/deadlines/deadline-engine';
import type { TCase } from '../../../shared/domain/cases';
import { checklistPercent } from '../../../shared/domain/checklists';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { type TReadinessExpert, type TTrialReadiness, readinessReasons } from '../../../shared/domain/trial-readiness';
import { isCourtDay } from '../../../shared/sa/court-days';
import type { DemoContext } from '../context';
import { DEMO_READINESS, type DemoReadinessExpert } from '../fixtures/readiness';
import { type DemoProcedures, procedure } from '../procedure';
import { openCase } from './case-file-state';
import { DAY_MS, caseIndexOf, checklistOf } from './checklists';

// Trial readiness in demo mode (issue 20), as the server's readiness service: drawn from the
// readiness fixtures (court matter, trial date, experts), the session's checklist and the Rule 36(9)
// deadlines of our experts not yet delivered. The PDF needs the server: the demo's panel says so.

/** The first court day on or after `day`: a trial is not set down on a weekend or public holiday. */
function courtDayFrom(day: string): string {
  let d = new Date(`${day}T00:00:00Z`);
  while (!isCourtDay(d.toISOString().slice(0, 10))) d = new Date(d.getTime() + DAY_MS);
  return d.toISOString().slice(0, 10);
}

function readinessOf(ctx: DemoContext, kase: TCase): TTrialReadiness {
  const today = dayKey(ctx.anchor);
  const index = caseIndexOf(kase.id);
  const facts = DEMO_READINESS[ctx.platform]?.find((f) => f.caseIndex === index);
  const trialDay = facts?.trialInDays !== undefined ? courtDayFrom(dayKey(new Date(ctx.anchor.getTime() + facts.trialInDays * DAY_MS))) : null;
  const trial = facts && trialDay ? { hearingId: `${kase.id}-trial`, startsAt: `${trialDay}T08:00:00.000Z`, day: trialDay, venue: facts.venue ?? null, judge: facts.judge ?? null, past: false } : null;
  const due369a = trialDay ? computeDeadline('rule-36-9-a', trialDay) : null;
  const due369b = trialDay ? computeDeadline('rule-36-9-b', trialDay) : null;
  const daysAgo = (n: number | undefined) => (n === undefined ? null : dayKey(new Date(ctx.anchor.getTime() - n * DAY_MS)));
  const experts: TReadinessExpert[] = (facts?.experts ?? []).map((e: DemoReadinessExpert, i) => {
    const notice = daysAgo(e.noticeDaysAgo);
    const summary = daysAgo(e.summaryDaysAgo);
    return {
      id: `${kase.id}-expert-${i + 1}`, name: e.name, discipline: e.discipline, side: e.side, reportReceivedOn: daysAgo(e.reportDaysAgo),
      notice369aOn: notice, summary369bOn: summary, filed: Boolean(notice && summary),
      notice369aDue: notice ? null : due369a?.due ?? null, summary369bDue: summary ? null : due369b?.due ?? null,
    };
  });
  const checklist = checklistOf(ctx, kase);
  // The case's deadlines as the server's sync makes them: the 36(9) ones of our experts not yet delivered.
  const openDeadlines = experts
    .filter((e) => e.side === 'ours')
    .flatMap((e) => [
      !e.notice369aOn && due369a ? { rule: due369a.rule, due: due369a.due, explanation: `${e.name}: ${due369a.explanation}` } : null,
      !e.summary369bOn && due369b ? { rule: due369b.rule, due: due369b.due, explanation: `${e.name}: ${due369b.explanation}` } : null,
    ])
    .filter((d) => d !== null)
    .map((d) => ({ ...d, overdue: d.due < today }))
    .sort((a, b) => a.due.localeCompare(b.due));
  const base: Omit<TTrialReadiness, 'ready' | 'reasons'> = {
    caseId: kase.id,
    caseReference: kase.reference,
    clientName: kase.patientName,
    trial,
    courtMatter: facts ? { court: facts.court, division: facts.division, caseNumber: facts.caseNumber, stage: facts.stage, trialScope: facts.trialScope } : null,
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
