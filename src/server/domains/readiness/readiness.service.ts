import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { dayKey } from '../../../shared/calendar';
import { computeDeadline } from '../../../shared/deadlines/deadline-engine';
import { type TReadinessExpert, type TTrialReadiness, readinessReasons } from '../../../shared/domain/trial-readiness';
import type { TenantActor } from '../../auth/actor';
import { requireCaseAccess } from '../cases/case-access';
import { getChecklist } from '../checklists/checklists.service';

// Trial readiness (issue 20): the Form 10-style summary of a case, read from the rows the other
// litigation parts write — the court matter (stage, merits/quantum), the trial hearing, the experts'
// Rule 36(9) milestones, the compliance checklist and the case's deadlines. Nothing is stored: it is
// drawn up at each read, the JSON for the case page and the same facts for the PDF.

/** The next trial hearing from today (SAST), else the latest one; null without any. */
async function trialHearing(db: Kysely<DB>, organizationId: string, caseId: string, today: string) {
  const rows = await db
    .selectFrom('hearings')
    .select(['id', 'starts_at', 'venue', 'judge'])
    .where('organization_id', '=', organizationId)
    .where('case_id', '=', caseId)
    .where('type', '=', 'trial')
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  const next = rows.find((r) => dayKey(r.starts_at) >= today) ?? rows.at(-1);
  if (!next) return null;
  const day = dayKey(next.starts_at);
  return { hearingId: next.id, startsAt: next.starts_at, day, venue: next.venue, judge: next.judge, past: day < today };
}

export async function getTrialReadiness(db: Kysely<DB>, actor: TenantActor, caseId: string, now: Date = new Date()): Promise<TTrialReadiness> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const today = dayKey(now);
  const trial = await trialHearing(db, actor.organizationId, kase.id, today);

  const matter = await db
    .selectFrom('court_matters')
    .select(['court', 'division', 'case_number', 'stage', 'trial_scope'])
    .where('organization_id', '=', actor.organizationId)
    .where('case_id', '=', kase.id)
    .executeTakeFirst();

  const due369a = trial ? computeDeadline('rule-36-9-a', trial.day).due : null;
  const due369b = trial ? computeDeadline('rule-36-9-b', trial.day).due : null;
  const expertRows = await db
    .selectFrom('case_experts as e')
    .innerJoin('people as p', 'p.id', 'e.person_id')
    .select(['e.id', 'p.full_name', 'e.discipline', 'e.side', 'e.report_received_on', 'e.notice_369a_on', 'e.summary_369b_on'])
    .where('e.organization_id', '=', actor.organizationId)
    .where('e.case_id', '=', kase.id)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  const experts: TReadinessExpert[] = expertRows.map((e) => ({
    id: e.id,
    name: e.full_name,
    discipline: e.discipline,
    side: e.side,
    reportReceivedOn: e.report_received_on,
    notice369aOn: e.notice_369a_on,
    summary369bOn: e.summary_369b_on,
    filed: Boolean(e.notice_369a_on && e.summary_369b_on),
    notice369aDue: e.notice_369a_on ? null : due369a,
    summary369bDue: e.summary_369b_on ? null : due369b,
  }));

  const checklist = await getChecklist(db, actor, kase.id);

  const deadlineRows = await db
    .selectFrom('case_deadlines as d')
    .leftJoin('tasks as t', 't.id', 'd.task_id')
    .select(['d.rule', 'd.due_on', 'd.explanation', 't.status'])
    .where('d.organization_id', '=', actor.organizationId)
    .where('d.case_id', '=', kase.id)
    .orderBy('d.due_on')
    .orderBy('d.id')
    .execute();
  const openDeadlines = deadlineRows
    .filter((d) => d.status !== 'done')
    .map((d) => ({ rule: d.rule, due: d.due_on, explanation: d.explanation, overdue: d.due_on < today }));

  const facts: Omit<TTrialReadiness, 'ready' | 'reasons'> = {
    caseId: kase.id,
    caseReference: kase.reference,
    clientName: kase.patientName,
    trial,
    courtMatter: matter ? { court: matter.court, division: matter.division, caseNumber: matter.case_number, stage: matter.stage, trialScope: matter.trial_scope } : null,
    experts: { ours: experts.filter((e) => e.side === 'ours'), opposing: experts.filter((e) => e.side === 'opposing') },
    checklist: { percent: checklist.percent, openItems: checklist.items.filter((i) => !i.done).map((i) => ({ id: i.id, label: i.label })) },
    openDeadlines,
    asOf: today,
  };
  const reasons = readinessReasons(facts);
  return { ...facts, ready: reasons.length === 0, reasons };
}
