import { addDays, dayKey } from '../../../shared/calendar';
import { type TCaseDeadline, ZUpcomingDeadlinesInput } from '../../../shared/domain/case-deadlines';
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
      return { id, rule: d.rule, title: d.title, trigger: d.trigger, due: d.due, explanation: d.explanation, sourceKind: d.sourceKind, sourceId: d.sourceId, taskId: `${id}-task`, taskStatus: met ? ('done' as const) : ('open' as const) };
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
