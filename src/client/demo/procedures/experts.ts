import { addDays, dayKey } from '../../../shared/calendar';
import { type TCaseDeadline, type TDeadlineOutcome, ZMarkDeadlineInput, ZUpcomingDeadlinesInput } from '../../../shared/domain/case-deadlines';
import { deadlineStanding } from '../../../shared/deadlines/deadline-status';
import { formatCalendarDay } from '../../../shared/format';
import { myName } from '../context';
import type { TCase } from '../../../shared/domain/cases';
import type { TFieldChange } from '../../../shared/domain/case-timeline';
import { EXPERT_MILESTONES, EXPERT_MILESTONE_LABELS, type TExpert, ZCreateExpertInput, ZUpdateExpertInput } from '../../../shared/domain/experts';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { EXPERT_RULES, deadlineKey, expertDueDates, planCaseDeadlines } from '../../../shared/deadlines/case-deadline-plan';
import { formatZar } from '../../../shared/format';
import type { DemoContext } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { type DemoExpertRow, demoExperts } from '../fixtures/experts';
import { demoCourtMatterDates, demoTrialDayOf } from './court';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase, readableCases } from './case-file-state';
import { findPerson } from './people-state';

// Expert witnesses and the case's deadlines in demo mode (issue 20), as the server's experts
// service and syncCaseDeadlines: the same pure planner and deadline engine (src/shared) count the
// deadlines from the demo court matter's dates and its trial hearing (procedures/court.ts, with the
// visitor's changes), so moving the trial moves the 36(9) dates, and a visitor who adds an expert of
// our side sees two new deadlines; the opposing side's experts put none on the case.

const COLLECTION = 'caseExperts';

export function allExperts(ctx: DemoContext): DemoExpertRow[] {
  return ctx.overlay.merge<DemoExpertRow>(COLLECTION, demoExperts(ctx.platform, ctx.anchor));
}

const trialDayOf = (ctx: DemoContext, caseId: string) => demoTrialDayOf(ctx, caseId);

export function toExpert(ctx: DemoContext, row: DemoExpertRow): TExpert {
  return {
    id: row.id, caseId: row.caseId, personId: row.personId, name: findPerson(ctx, row.personId)?.fullName ?? row.name,
    discipline: row.discipline, registrationNumber: row.registrationNumber, side: row.side, feeCents: row.feeCents,
    milestones: row.milestones, dueDates: expertDueDates(trialDayOf(ctx, row.caseId), row.milestones), version: row.version,
  };
}

function courtMatterFacts(ctx: DemoContext, caseId: string) {
  const dates = demoCourtMatterDates(ctx, caseId);
  return dates ? { id: caseId, ...dates } : null;
}

const expertsOf = (ctx: DemoContext, caseId: string) =>
  allExperts(ctx)
    .filter((row) => row.caseId === caseId)
    .sort((a, b) => (a.side === b.side ? 0 : a.side === 'ours' ? -1 : 1) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

/** A deadline's marks in the session (issue 32): the latest version of each deadline, by the deadline's id. */
interface DemoOutcomeRow extends TDeadlineOutcome {
  id: string;
}
const OUTCOMES = 'deadlineOutcomes';
const outcomeOf = (ctx: DemoContext, deadlineId: string): TDeadlineOutcome | null => {
  const row = ctx.overlay.rows<DemoOutcomeRow>(OUTCOMES).find((r) => r.id === deadlineId);
  if (!row) return null;
  const { id: _id, ...outcome } = row;
  return outcome;
};

/** The deadlines of a case as syncCaseDeadlines keeps them; a task is done once its milestone is. */
export function deadlinesOf(ctx: DemoContext, kase: TCase): TCaseDeadline[] {
  const rows = expertsOf(ctx, kase.id);
  const planned = planCaseDeadlines({ courtMatter: courtMatterFacts(ctx, kase.id), trialDay: trialDayOf(ctx, kase.id), experts: rows.map((r) => ({ id: r.id, name: toExpert(ctx, r).name, side: r.side })) });
  return planned
    .map((d) => {
      const id = `${kase.id}-dl-${deadlineKey(d).replace(/\|/g, '-')}`;
      const milestone = EXPERT_RULES.find((r) => r.rule === d.rule)?.milestone;
      // A court-matter deadline already past was met (the demo's history, as the seed writes it).
      const met = milestone ? Boolean(rows.find((r) => r.id === d.sourceId)?.milestones[milestone]) : d.due < dayKey(ctx.anchor);
      // Issue 32: how it stands, by the written rule (src/shared/deadlines/deadline-status.ts); a marked deadline's task is done.
      const outcome = outcomeOf(ctx, id);
      const done = met || outcome !== null;
      const standing = deadlineStanding(
        { rule: d.rule, due: d.due, mark: outcome, summonsServedOn: courtMatterFacts(ctx, kase.id)?.summonsServedOn ?? null, taskDoneOn: met ? d.due : null },
        dayKey(),
      );
      return {
        id, caseId: kase.id, rule: d.rule, title: d.title, trigger: d.trigger, due: d.due, explanation: d.explanation, sourceKind: d.sourceKind, sourceId: d.sourceId,
        taskId: `${id}-task`, taskStatus: done ? ('done' as const) : ('open' as const), status: standing.status, statusBasis: standing.basis, metOn: standing.metOn, outcome,
      };
    })
    .sort((a, b) => a.due.localeCompare(b.due) || a.rule.localeCompare(b.rule) || a.id.localeCompare(b.id));
}

/** Says on the timeline what an expert write did to the case's deadlines, as the server does. */
function logDeadlineChanges(ctx: DemoContext, kase: TCase, before: TCaseDeadline[]): void {
  const after = deadlinesOf(ctx, kase);
  for (const d of after) {
    const old = before.find((b) => b.id === d.id);
    if (!old) appendEvent(ctx, kase.id, 'deadline.set', `Deadline set: ${d.title}, due ${d.due}`);
    else if (old.due !== d.due) appendEvent(ctx, kase.id, 'deadline.moved', `Deadline moved: ${d.title}, ${old.due} → ${d.due}`, [{ field: 'due', label: 'Due', from: old.due, to: d.due }]);
  }
  for (const old of before.filter((b) => !after.some((d) => d.id === b.id))) {
    appendEvent(ctx, kase.id, 'deadline.moved', `Deadline removed: ${old.title} (its trigger date is gone)`, [{ field: 'due', label: 'Due', from: old.due, to: null }]);
  }
}

const sideInSentence = (side: DemoExpertRow['side']) => (side === 'ours' ? 'our expert' : "the opposing side's expert");
const SIDE_LABELS = { ours: 'Ours', opposing: 'Opposing' } as const;

export const expertsProcedures = {
  'experts.list': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    feature: 'expertWitness',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      return { items: expertsOf(ctx, kase.id).map((row) => toExpert(ctx, row)) };
    },
  }),

  'experts.create': procedure({
    input: ZCreateExpertInput,
    capability: 'caseFile.write',
    feature: 'expertWitness',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const person = findPerson(ctx, input.personId);
      if (!person) throw badRequest('Person not found in this organisation', { personId: 'Person not found in this organisation' });
      if (person.mergedIntoId) throw badRequest('This record was merged into another person', { personId: 'This record was merged into another person; choose that one' });
      if (expertsOf(ctx, kase.id).some((row) => row.personId === person.id)) throw conflict('This person is already an expert on this case');
      const before = deadlinesOf(ctx, kase);
      const row = ctx.overlay.put<DemoExpertRow>(COLLECTION, {
        id: ctx.newId(), caseId: kase.id, personId: person.id, name: person.fullName, discipline: input.discipline,
        registrationNumber: input.registrationNumber ?? null, side: input.side, feeCents: input.feeCents,
        milestones: { instructed: null, assessed: null, reportReceived: null, notice369a: null, summary369b: null, jointMinute: null },
        version: 1, createdAt: ctx.nowIso(),
      });
      appendEvent(ctx, kase.id, 'expert.added', `Added ${person.fullName} (${input.discipline}) as ${sideInSentence(input.side)}`);
      logDeadlineChanges(ctx, kase, before);
      return toExpert(ctx, row);
    },
  }),

  'experts.update': procedure({
    input: ZUpdateExpertInput,
    capability: 'caseFile.write',
    feature: 'expertWitness',
    run(ctx, input) {
      const row = allExperts(ctx).find((r) => r.id === input.id);
      if (!row) throw notFound('Expert');
      const kase = openCase(ctx, row.caseId);
      const current = toExpert(ctx, row);
      if (input.expectedVersion !== row.version) {
        throw new DemoError('CONFLICT', 'This expert was changed by someone else. Reload to see it as it is now, then make your change again.', undefined, { current });
      }
      const next: DemoExpertRow = { ...row, milestones: { ...row.milestones } };
      const changes: TFieldChange[] = [];
      const shown = (field: string, v: string | number | null) => (v === null ? null : field === 'feeCents' ? formatZar(Number(v)) : field === 'side' ? SIDE_LABELS[v as 'ours'] : String(v));
      const labels = { discipline: 'Discipline', registrationNumber: 'Registration number', side: 'Side', feeCents: 'Fee' } as const;
      for (const field of Object.keys(labels) as (keyof typeof labels)[]) {
        const value = input[field];
        if (value === undefined || value === row[field]) continue;
        (next as unknown as Record<string, unknown>)[field] = value;
        changes.push({ field, label: labels[field], from: shown(field, row[field]), to: shown(field, value) });
      }
      for (const m of EXPERT_MILESTONES) {
        const value = input.milestones?.[m];
        if (value === undefined || value === row.milestones[m]) continue;
        next.milestones[m] = value;
        changes.push({ field: `milestones.${m}`, label: EXPERT_MILESTONE_LABELS[m], from: row.milestones[m], to: value });
      }
      if (changes.length === 0) return current;
      const before = deadlinesOf(ctx, kase);
      const written = ctx.overlay.put<DemoExpertRow>(COLLECTION, { ...next, version: row.version + 1 });
      appendEvent(ctx, kase.id, 'expert.updated', `Expert ${current.name} updated: ${changes.map((c) => c.label).join(', ')}`, changes);
      logDeadlineChanges(ctx, kase, before);
      return toExpert(ctx, written);
    },
  }),

  'deadlines.forCase': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    feature: 'courtCases',
    run(ctx, input) {
      return { items: deadlinesOf(ctx, openCase(ctx, input.id)) };
    },
  }),

  // Issue 32: PATCH /deadlines/{id} — met on a day, or not applicable with a reason; a second mark amends the first.
  'deadlines.mark': procedure({
    input: ZMarkDeadlineInput,
    capability: 'caseFile.write',
    feature: 'courtCases',
    run(ctx, input) {
      const kase = readableCases(ctx).find((c) => deadlinesOf(ctx, c).some((d) => d.id === input.id));
      if (!kase) throw notFound('Deadline');
      openCase(ctx, kase.id);
      const current = deadlinesOf(ctx, kase).find((d) => d.id === input.id)!;
      const before = current.outcome;
      const seen = before?.version ?? 0;
      if (input.expectedVersion !== undefined && input.expectedVersion !== seen) {
        throw new DemoError('CONFLICT', 'Someone else marked this deadline since you opened it. It now shows their mark; mark it again if you still mean to.', undefined, { current });
      }
      const mark = { status: input.status, on: input.status === 'met' ? (input.on ?? dayKey()) : null, reason: input.reason ?? null };
      if (before && before.status === mark.status && before.on === mark.on && before.reason === mark.reason) return current;
      ctx.overlay.put<DemoOutcomeRow>(OUTCOMES, { id: current.id, ...mark, recordedByName: myName(ctx), recordedAt: ctx.nowIso(), version: seen + 1 });
      const words = (o: { status: string; on: string | null; reason: string | null }) => (o.status === 'met' ? `met on ${formatCalendarDay(o.on)}` : `not applicable (${o.reason ?? 'no reason given'})`);
      appendEvent(
        ctx, kase.id, 'deadline.marked',
        `Deadline marked ${words(mark)}: ${current.title} (${myName(ctx)})${before ? `; amends the earlier mark, ${words(before)}` : ''}${current.taskStatus === 'open' ? '; its task is done' : ''}`,
        [{ field: 'status', label: 'Status', from: before ? words(before) : null, to: words(mark) }],
      );
      return deadlinesOf(ctx, kase).find((d) => d.id === input.id)!;
    },
  }),

  'deadlines.upcoming': procedure({
    input: ZUpcomingDeadlinesInput,
    capability: 'caseFile.view',
    feature: 'courtCases',
    run(ctx, input) {
      const now = new Date();
      const from = dayKey(now);
      const to = dayKey(addDays(now, input.days));
      const items = readableCases(ctx)
        .flatMap((kase) => deadlinesOf(ctx, kase).map((d) => ({ ...d, caseId: kase.id, caseName: kase.patientName, caseReference: kase.reference })))
        .filter((d) => d.due >= from && d.due <= to)
        .sort((a, b) => a.due.localeCompare(b.due) || a.caseName.localeCompare(b.caseName) || a.id.localeCompare(b.id));
      return { from, to, items };
    },
  }),
} satisfies Partial<DemoProcedures>;
