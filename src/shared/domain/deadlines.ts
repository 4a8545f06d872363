import { z } from 'zod';

// Deadline previews (issue 20): a rule and the date that triggers it give a due date and a sentence
// saying how it was counted. The rules themselves are src/shared/deadlines/deadline-rules.ts.

export const DEADLINE_RULE_IDS = ['rule-19', 'rule-36-9-a', 'rule-36-9-b', 'act-40-s3', 'prescription', 'paia-s25', 'paia-s26'] as const;
export const ZDeadlineRuleId = z.enum(DEADLINE_RULE_IDS, { error: `Rule must be one of ${DEADLINE_RULE_IDS.join(', ')}` });
export type TDeadlineRuleId = z.infer<typeof ZDeadlineRuleId>;

export const DEADLINE_UNITS = ['court days', 'calendar days', 'months', 'years'] as const;
export type TDeadlineUnit = (typeof DEADLINE_UNITS)[number];

// Public holidays are known from 1995 (the Public Holidays Act's schedule); counting back 15 court
// days from a date in 1996 stays inside what is known. The upper bound only keeps typos out.
const FIRST_TRIGGER = '1996-01-01';
const LAST_TRIGGER = '2099-12-31';

/** A real calendar day YYYY-MM-DD (2026-02-30 is not) from 1996 to 2099. */
export const ZTriggerDay = z
  .string({ error: 'Trigger date is required' })
  .trim()
  // abort: one message per bad value, the first that applies.
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Trigger must be a date (YYYY-MM-DD)', abort: true })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { error: 'Trigger must be a real calendar day', abort: true },
  )
  .refine((v) => v >= FIRST_TRIGGER && v <= LAST_TRIGGER, `Trigger must lie between ${FIRST_TRIGGER} and ${LAST_TRIGGER}`);

export const ZDeadlinePreviewInput = z.object({ rule: ZDeadlineRuleId, trigger: ZTriggerDay });
export type TDeadlinePreviewInput = z.infer<typeof ZDeadlinePreviewInput>;

export const ZDeadlinePreview = z.object({
  rule: ZDeadlineRuleId,
  trigger: z.string(),
  /** The last day to act ('before' rules: the latest day to deliver). */
  due: z.string(),
  /** One sentence naming the rule and showing the count, holidays and recess passed over. */
  explanation: z.string(),
});
export type TDeadlinePreview = z.infer<typeof ZDeadlinePreview>;

/** What a picker shows of a rule. */
export const ZDeadlineRuleSummary = z.object({
  id: ZDeadlineRuleId,
  title: z.string(),
  source: z.string(),
  trigger: z.string(),
  direction: z.enum(['after', 'before']),
  amount: z.number(),
  unit: z.enum(DEADLINE_UNITS),
  counting: z.string(),
});
export type TDeadlineRuleSummary = z.infer<typeof ZDeadlineRuleSummary>;
