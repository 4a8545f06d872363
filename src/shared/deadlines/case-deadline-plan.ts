// Which deadlines a case has, from its trigger dates (issue 20). Pure, so the server's
// syncCaseDeadlines and demo mode plan the same rows from the same facts:
// - the court matter: summons served → Rule 19(1); debt due → Act 40 s3; knowledge → prescription;
// - the trial date (the next trial hearing, else the latest one) → Rule 36(9)(a) and (b) for each
//   expert of OUR side. The opposing side's 36(9) notices are theirs to deliver: their experts show
//   their due dates (did they deliver in time?) but put no task on our case.

import { dayKey } from '../calendar';
import type { TDeadlineSourceKind } from '../domain/case-deadlines';
import type { TDeadlineRuleId } from '../domain/deadlines';
import type { TExpertDueDate, TExpertMilestone } from '../domain/experts';
import type { TSide } from '../domain/litigation-common';
import { computeDeadline } from './deadline-engine';

export interface TrialHearing {
  type: string;
  /** ISO instant (UTC); its South African day is the trial date. */
  startsAt: string;
}

/**
 * The case's trial date, a South African day: the first trial hearing from `today` on, else the
 * latest one before (a trial that has begun or passed still dates the expert milestones).
 */
export function trialDayOf(hearings: readonly TrialHearing[], today: string = dayKey()): string | null {
  const days = hearings
    .filter((h) => h.type === 'trial')
    .map((h) => dayKey(h.startsAt))
    .sort();
  return days.find((d) => d >= today) ?? days.at(-1) ?? null;
}

/** The rule due for each 36(9) milestone. */
export const EXPERT_RULES: readonly { rule: TDeadlineRuleId; milestone: TExpertMilestone }[] = [
  { rule: 'rule-36-9-a', milestone: 'notice369a' },
  { rule: 'rule-36-9-b', milestone: 'summary369b' },
];

/** The engine's answer, or null for a trigger it cannot count from (outside 1996–2099). */
function safeDeadline(rule: TDeadlineRuleId, trigger: string) {
  try {
    return computeDeadline(rule, trigger);
  } catch {
    return null;
  }
}

/** An expert's 36(9) due dates from the trial day; `met` when the milestone's date is set. */
export function expertDueDates(trialDay: string | null, milestones: Partial<Record<TExpertMilestone, string | null>>): TExpertDueDate[] {
  if (!trialDay) return [];
  return EXPERT_RULES.flatMap(({ rule, milestone }) => {
    const d = safeDeadline(rule, trialDay);
    return d ? [{ rule, milestone, due: d.due, explanation: d.explanation, met: Boolean(milestones[milestone]) }] : [];
  });
}

const TITLES: Record<TDeadlineRuleId, string> = {
  'rule-19': 'Rule 19(1) notice of intention to defend',
  'rule-36-9-a': 'Rule 36(9)(a) expert notice',
  'rule-36-9-b': 'Rule 36(9)(b) expert summary',
  'act-40-s3': 'Act 40 of 2002 s3 notice to the organ of state',
  prescription: 'Prescription: serve process before the claim prescribes',
  'paia-s25': 'PAIA s25 decision on the records request',
  'paia-s26': 'PAIA s26 decision on the records request (extended)',
};

/** The task's title: what is due, and for which expert. */
export function deadlineTitle(rule: TDeadlineRuleId, expertName?: string | null): string {
  return expertName ? `${TITLES[rule]} — ${expertName}` : TITLES[rule];
}

export interface CaseDeadlineFacts {
  courtMatter: { id: string; summonsServedOn: string | null; debtDueOn: string | null; knowledgeOn: string | null } | null;
  trialDay: string | null;
  experts: readonly { id: string; name: string; side: TSide }[];
}

export interface PlannedDeadline {
  rule: TDeadlineRuleId;
  sourceKind: TDeadlineSourceKind;
  sourceId: string;
  title: string;
  trigger: string;
  due: string;
  explanation: string;
}

/** The key of a deadline: one per case, source and rule (the unique index of case_deadlines). */
export const deadlineKey = (d: { sourceKind: string; sourceId: string; rule: string }) => `${d.sourceKind}|${d.sourceId}|${d.rule}`;

/** Every deadline the facts give, court matter first, then each expert of our side. */
export function planCaseDeadlines(facts: CaseDeadlineFacts): PlannedDeadline[] {
  const planned: PlannedDeadline[] = [];
  const add = (rule: TDeadlineRuleId, trigger: string | null, sourceKind: TDeadlineSourceKind, sourceId: string, expertName?: string) => {
    if (!trigger) return;
    const d = safeDeadline(rule, trigger);
    if (d) planned.push({ rule, sourceKind, sourceId, title: deadlineTitle(rule, expertName), trigger: d.trigger, due: d.due, explanation: d.explanation });
  };
  const cm = facts.courtMatter;
  if (cm) {
    add('rule-19', cm.summonsServedOn, 'court-matter', cm.id);
    add('act-40-s3', cm.debtDueOn, 'court-matter', cm.id);
    add('prescription', cm.knowledgeOn, 'court-matter', cm.id);
  }
  for (const expert of facts.experts) {
    if (expert.side !== 'ours') continue;
    for (const { rule } of EXPERT_RULES) add(rule, facts.trialDay, 'expert', expert.id, expert.name);
  }
  return planned;
}
