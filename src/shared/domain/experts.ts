import { z } from 'zod';
import { optionalText, requiredText } from './cases';
import { ZExpectedVersion, ZSide, zOptionalCents, zOptionalDay } from './litigation-common';

// Expert witnesses on a case (issue 20): a person of the registry with a discipline and a
// professional registration (HPCSA for medical experts), for our side or the opposing one, a fee, and
// the milestones of Uniform Rule 36(9) with dates. Each answers the due dates the deadline engine
// computes from the trial date. GET/POST /api/patient-cases/{id}/experts, PATCH /api/experts/{id}.

export const EXPERT_MILESTONES = ['instructed', 'assessed', 'reportReceived', 'notice369a', 'summary369b', 'jointMinute'] as const;
export type TExpertMilestone = (typeof EXPERT_MILESTONES)[number];
export const EXPERT_MILESTONE_LABELS: Record<TExpertMilestone, string> = {
  instructed: 'Instructed', assessed: 'Assessed the claimant', reportReceived: 'Report received',
  notice369a: 'Rule 36(9)(a) notice', summary369b: 'Rule 36(9)(b) summary', jointMinute: 'Joint minute',
};

const MILESTONE_DATES = Object.fromEntries(EXPERT_MILESTONES.map((m) => [m, zOptionalDay(EXPERT_MILESTONE_LABELS[m]).optional()])) as Record<
  TExpertMilestone,
  z.ZodOptional<ReturnType<typeof zOptionalDay>>
>;

export const ZCreateExpertInput = z.object({
  id: z.string().trim().min(1).max(64),
  personId: z.string().trim().min(1, 'Expert is required').max(64),
  discipline: requiredText('Discipline is required', 120),
  registrationNumber: optionalText(60),
  side: ZSide,
  feeCents: zOptionalCents('Fee'),
});
export type TCreateExpertInput = z.infer<typeof ZCreateExpertInput>;

export const ZUpdateExpertInput = z.object({
  id: z.string().trim().min(1).max(64),
  discipline: requiredText('Discipline is required', 120).optional(),
  registrationNumber: optionalText(60).optional(),
  side: ZSide.optional(),
  feeCents: zOptionalCents('Fee').optional(),
  milestones: z.object(MILESTONE_DATES).optional(),
  expectedVersion: ZExpectedVersion,
});
export type TUpdateExpertInput = z.infer<typeof ZUpdateExpertInput>;

export const ZExpertDueDate = z.object({
  rule: z.string(),
  /** The milestone it is for: notice369a or summary369b. */
  milestone: z.enum(EXPERT_MILESTONES),
  due: z.string(),
  explanation: z.string(),
  /** The milestone's date is set. */
  met: z.boolean(),
});
export type TExpertDueDate = z.infer<typeof ZExpertDueDate>;

export const ZExpert = z.object({
  id: z.string(),
  caseId: z.string(),
  personId: z.string(),
  name: z.string(),
  discipline: z.string(),
  registrationNumber: z.string().nullable(),
  side: ZSide,
  feeCents: z.number().nullable(),
  milestones: z.object(Object.fromEntries(EXPERT_MILESTONES.map((m) => [m, z.string().nullable()])) as Record<TExpertMilestone, z.ZodNullable<z.ZodString>>),
  /** From the case's trial date; empty without one. */
  dueDates: z.array(ZExpertDueDate),
  version: z.number(),
});
export type TExpert = z.infer<typeof ZExpert>;
export const ZExpertList = z.object({ items: z.array(ZExpert) });
