// Turns a rule and its trigger date into a due date and one readable sentence showing how it was
// counted. Pure: the same answer in the browser (demo mode) and behind GET /api/deadlines/preview.
// The rules and their counting conventions are deadline-rules.ts.

import { ZDeadlinePreviewInput, type TDeadlinePreview, type TDeadlineRuleId, type TDeadlineRuleSummary } from '../domain/deadlines';
import { DEADLINE_RULES, dayLabel } from './deadline-rules';

/**
 * The due date of a rule for a trigger day ('YYYY-MM-DD'). Throws a RangeError naming the problem
 * for an unknown rule or a trigger that is not a real day from 1996 to 2099 (callers that take
 * input validate it with ZDeadlinePreviewInput first, for a 400).
 */
export function computeDeadline(ruleId: TDeadlineRuleId, trigger: string): TDeadlinePreview {
  const input = ZDeadlinePreviewInput.safeParse({ rule: ruleId, trigger });
  if (!input.success) throw new RangeError(input.error.issues.map((i) => i.message).join('; '));
  const rule = DEADLINE_RULES.get(input.data.rule);
  if (!rule) throw new RangeError(`No deadline rule ${ruleId}`); // the enum and the table disagree: a defect
  const { due, how, caveat } = rule.compute(input.data.trigger);
  const explanation = `${rule.label}: ${rule.lead} ${dayLabel(input.data.trigger)}; ${how} → ${dayLabel(due)}${caveat ? ` (${caveat})` : ''}.`;
  return { rule: rule.id, trigger: input.data.trigger, due, explanation };
}

/** The rules for a picker, in the table's order. */
export function listDeadlineRules(): TDeadlineRuleSummary[] {
  return [...DEADLINE_RULES.values()].map(({ id, title, source, trigger, direction, amount, unit, counting }) => ({ id, title, source, trigger, direction, amount, unit, counting }));
}
