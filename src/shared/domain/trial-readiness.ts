import { z } from 'zod';
import { ZCourtStage, ZTrialScope } from './court-matters';
import { ZSide } from './litigation-common';

// Trial readiness of a case (issue 20): a Form 10-style summary (the High Court's trial-readiness
// certificate asks whether merits or quantum is to be decided, whether the experts' notices and
// summaries of Rule 36(9) are delivered, and what is still outstanding) built from the court matter,
// the next trial hearing, the experts, the compliance checklist and the case's open deadlines.
// GET /api/patient-cases/{id}/trial-readiness (JSON) and …/trial-readiness.pdf (the same as a PDF).

export const TRIAL_READINESS_PDF_PATH = (caseId: string) => `/api/patient-cases/${encodeURIComponent(caseId)}/trial-readiness.pdf`;

export const ZReadinessExpert = z.object({
  id: z.string(),
  name: z.string(),
  discipline: z.string(),
  side: ZSide,
  reportReceivedOn: z.string().nullable(),
  notice369aOn: z.string().nullable(),
  summary369bOn: z.string().nullable(),
  /** Rule 36(9)(a) notice and (b) summary both delivered. */
  filed: z.boolean(),
  /** The last day for the notice / summary still outstanding, from the trial date (null: delivered, or no trial date). */
  notice369aDue: z.string().nullable(),
  summary369bDue: z.string().nullable(),
});
export type TReadinessExpert = z.infer<typeof ZReadinessExpert>;

export const ZTrialReadiness = z.object({
  caseId: z.string(),
  caseReference: z.string().nullable(),
  clientName: z.string(),
  /** The next trial hearing (or, with none ahead, the latest one). */
  trial: z
    .object({ hearingId: z.string(), startsAt: z.string(), day: z.string(), venue: z.string().nullable(), judge: z.string().nullable(), past: z.boolean() })
    .nullable(),
  courtMatter: z.object({ court: z.string(), division: z.string(), caseNumber: z.string(), stage: ZCourtStage, trialScope: ZTrialScope.nullable() }).nullable(),
  experts: z.object({ ours: z.array(ZReadinessExpert), opposing: z.array(ZReadinessExpert) }),
  checklist: z.object({ percent: z.number(), openItems: z.array(z.object({ id: z.string(), label: z.string() })) }),
  /** Deadlines of the case whose task is not done, soonest first. */
  openDeadlines: z.array(z.object({ rule: z.string(), due: z.string(), explanation: z.string(), overdue: z.boolean() })),
  ready: z.boolean(),
  /** Why the case is not ready (empty when it is). */
  reasons: z.array(z.string()),
  /** The day the summary was drawn up (SAST). */
  asOf: z.string(),
});
export type TTrialReadiness = z.infer<typeof ZTrialReadiness>;

/** Reasons a case is not ready for trial, from the facts above (shared by the server and demo mode). */
export function readinessReasons(r: Omit<TTrialReadiness, 'ready' | 'reasons'>): string[] {
  const reasons: string[] = [];
  if (!r.trial) reasons.push('No trial date: schedule a trial hearing.');
  else if (r.trial.past) reasons.push(`The last trial date (${r.trial.day}) has passed and no new one is set.`);
  if (!r.courtMatter) reasons.push('No court matter recorded.');
  else if (!r.courtMatter.trialScope) reasons.push('Not recorded whether merits, quantum or both go to trial.');
  for (const e of r.experts.ours) {
    const missing = [
      e.notice369aOn ? null : `Rule 36(9)(a) notice${e.notice369aDue ? ` (due ${e.notice369aDue})` : ''}`,
      e.summary369bOn ? null : `Rule 36(9)(b) summary${e.summary369bDue ? ` (due ${e.summary369bDue})` : ''}`,
    ].filter(Boolean);
    if (missing.length > 0) reasons.push(`${e.name} (${e.discipline}): ${missing.join(' and ')} outstanding.`);
  }
  const open = r.checklist.openItems.length;
  if (open > 0) reasons.push(`${open} compliance item${open === 1 ? '' : 's'} open.`);
  const overdue = r.openDeadlines.filter((d) => d.overdue).length;
  if (overdue > 0) reasons.push(`${overdue} deadline${overdue === 1 ? '' : 's'} overdue.`);
  return reasons;
}
