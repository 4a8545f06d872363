import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { dayKey } from '../../src/shared/calendar';
import { type PlannedDeadline, deadlineKey, planCaseDeadlines, trialDayOf } from '../../src/shared/deadlines/case-deadline-plan';
import type { TSide } from '../../src/shared/domain/litigation-common';
import { addCalendarDays } from '../../src/shared/sa/court-days';

// Issue 20's demo data: expert witnesses and the deadlines they start. Runs inside the seed's
// transaction after the cases, people, parties and the court part's hearings are in
// (seed-litigation.ts). Each legal or medicolegal case with a trial hearing gets one to three
// experts, both sides, as people of the registry (an expert already on the case as a party is
// reused), with the milestones that lie before the seed's day done. Then the case's deadlines:
// db/ may not import the server (the layer rule db-never-imports-server), so the rows are planned by
// the same pure planner syncCaseDeadlines uses and written as its first run writes them — a
// test (seed-experts.test.ts) runs syncCaseDeadlines over the seeded cases and finds nothing to change.

interface ExpertSpec {
  name: string;
  discipline: string;
  /** HPCSA: MP medical practitioners, PS psychologists, OT occupational therapists; actuaries have none. */
  registration: string | null;
  feeRand: number;
}

const EXPERTS: Record<'legal' | 'medicolegal', readonly ExpertSpec[]> = {
  medicolegal: [
    { name: 'Sibusiso Ntuli', discipline: 'Obstetrician and gynaecologist', registration: 'MP0412876', feeRand: 48_000 },
    { name: 'Anele Cele', discipline: 'Neurosurgeon', registration: 'MP0538814', feeRand: 62_000 },
    { name: 'Hendrik Swanepoel', discipline: 'Actuary', registration: null, feeRand: 18_500 },
    { name: 'Fatima Moosa', discipline: 'Industrial psychologist', registration: 'PS0097261', feeRand: 22_000 },
    { name: 'Lindiwe Mthembu', discipline: 'Occupational therapist', registration: 'OT0061457', feeRand: 16_000 },
  ],
  legal: [
    { name: 'Rajesh Govender', discipline: 'Orthopaedic surgeon', registration: 'MP0367120', feeRand: 45_000 },
    { name: 'Hendrik Swanepoel', discipline: 'Actuary', registration: null, feeRand: 18_500 },
    { name: 'Fatima Moosa', discipline: 'Industrial psychologist', registration: 'PS0097261', feeRand: 22_000 },
    { name: 'Lindiwe Mthembu', discipline: 'Occupational therapist', registration: 'OT0061457', feeRand: 16_000 },
  ],
};

/** Our expert, the other side's reply, and on every other case a third (one to three experts a case). */
const SIDES: readonly TSide[] = ['ours', 'opposing', 'ours'];

/** Milestones as days before the trial; the ones before the seed's day are done. */
const MILESTONE_OFFSETS = [
  ['instructed_on', -240],
  ['assessed_on', -180],
  ['report_received_on', -120],
  ['notice_369a_on', -40],
  ['summary_369b_on', -25],
  ['joint_minute_on', -12],
] as const;

export async function seedExperts(trx: Kysely<DB>, now: Date): Promise<void> {
  const today = dayKey(now);
  const at = now.toISOString();
  const orgs = await trx.selectFrom('organizations').select(['id', 'platform']).where('platform', 'in', ['legal', 'medicolegal']).orderBy('slug').execute();
  for (const org of orgs) {
    const platform = org.platform as 'legal' | 'medicolegal';
    const admin = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', org.id)
      .where('role', '=', 'Administrator')
      .orderBy('created_at')
      .orderBy('user_id')
      .executeTakeFirst();
    const hearings = await trx.selectFrom('hearings').select(['case_id', 'type', 'starts_at']).where('organization_id', '=', org.id).where('type', '=', 'trial').execute();
    const caseIds = [...new Set(hearings.map((h) => h.case_id))];
    if (caseIds.length === 0) continue;
    const cases = await trx.selectFrom('cases').select(['id', 'created_at']).where('id', 'in', caseIds).orderBy('created_at').orderBy('id').execute();

    const peopleByName = new Map<string, string>();
    const personOf = async (spec: ExpertSpec): Promise<string> => {
      const known = peopleByName.get(spec.name) ?? (await trx.selectFrom('people').select('id').where('organization_id', '=', org.id).where('full_name', '=', spec.name).executeTakeFirst())?.id;
      if (known) return known;
      const id = randomUUID();
      const space = spec.name.indexOf(' ');
      await trx
        .insertInto('people')
        .values({
          id, organization_id: org.id, kind: 'person', first_name: spec.name.slice(0, space), last_name: spec.name.slice(space + 1), full_name: spec.name,
          id_number: null, passport_number: null, passport_country: null, date_of_birth: null, sex: null, phone: null, email: null, address: null,
          preferred_language: 'English', medical_aid_scheme: null, medical_aid_number: null, medical_aid_main_member: null,
          notes: `${spec.discipline}${spec.registration ? ` (HPCSA ${spec.registration})` : ''}: expert witness`, user_id: null, merged_into_id: null,
          created_by: admin?.user_id ?? null, created_at: at, updated_at: at,
        })
        .execute();
      peopleByName.set(spec.name, id);
      return id;
    };

    for (const [index, kase] of cases.entries()) {
      const trialDay = trialDayOf(hearings.filter((h) => h.case_id === kase.id).map((h) => ({ type: h.type, startsAt: h.starts_at })), today);
      if (!trialDay) continue;
      // An expert the registry already has on this case as a party is ours.
      const partyExperts = await trx
        .selectFrom('case_parties')
        .innerJoin('people', 'people.id', 'case_parties.person_id')
        .select(['people.id', 'people.full_name', 'case_parties.notes'])
        .where('case_parties.case_id', '=', kase.id)
        .where('case_parties.role', '=', 'expert')
        .execute();
      const catalogue = EXPERTS[platform];
      const count = 1 + ((index + 1) % 3); // 2, 3, 1, 2, …
      const chosen: { personId: string; name: string; discipline: string; registration: string | null; feeRand: number; side: TSide }[] = partyExperts
        .slice(0, count)
        .map((p) => ({ personId: p.id, name: p.full_name, discipline: p.notes?.replace(/^Prof\.,\s*/, '') || 'Medical expert', registration: null, feeRand: 55_000, side: 'ours' }));
      for (let k = 0; chosen.length < count; k++) {
        const spec = catalogue[(index + k) % catalogue.length]!;
        if (chosen.some((c) => c.name === spec.name)) continue;
        chosen.push({ personId: await personOf(spec), name: spec.name, discipline: spec.discipline, registration: spec.registration, feeRand: spec.feeRand, side: SIDES[chosen.length]! });
      }

      const experts: Insertable<DB['case_experts']>[] = chosen.map((c, j) => {
        // Our first expert is furthest on; the others stop earlier.
        const reached = j === 0 ? MILESTONE_OFFSETS.length : j === 1 ? 3 : 1;
        const milestones = Object.fromEntries(
          MILESTONE_OFFSETS.map(([column, offset], m) => {
            const day = addCalendarDays(trialDay, offset);
            return [column, m < reached && day <= today ? day : null];
          }),
        );
        return {
          id: randomUUID(), organization_id: org.id, case_id: kase.id, person_id: c.personId, discipline: c.discipline,
          registration_number: c.registration, side: c.side, fee_cents: c.feeRand * 100, ...milestones,
          created_by: admin?.user_id ?? null, created_at: at, updated_at: at,
        } as Insertable<DB['case_experts']>;
      });
      await trx.insertInto('case_experts').values(experts).execute();
      const events: Insertable<DB['case_events']>[] = experts.map((e, j) => ({
        id: randomUUID(), organization_id: org.id, case_id: kase.id, at, actor_id: admin?.user_id ?? null, kind: 'expert.added',
        summary: `Added ${chosen[j]!.name} (${e.discipline}) as ${e.side === 'ours' ? 'our expert' : "the opposing side's expert"}`,
        details: JSON.stringify({ expertId: e.id, personId: e.person_id, side: e.side }),
      }));
      await trx.insertInto('case_events').values(events).execute();
      await writeDeadlines(trx, org.id, kase.id, admin?.user_id ?? null, at, trialDay, chosen.map((c, j) => ({ id: experts[j]!.id, name: c.name, side: c.side })));
    }
  }
}

/** The case's deadlines as syncCaseDeadlines's first run writes them: a row, a High task for the responsible attorney, deadline.set. */
async function writeDeadlines(
  trx: Kysely<DB>,
  organizationId: string,
  caseId: string,
  actorId: string | null,
  at: string,
  trialDay: string,
  experts: { id: string; name: string; side: TSide }[],
): Promise<void> {
  const cm = await trx.selectFrom('court_matters').select(['id', 'summons_served_on', 'debt_due_on', 'knowledge_on']).where('case_id', '=', caseId).executeTakeFirst();
  // The court part's seed may have written the court matter's deadlines already: keep theirs.
  const existing = new Set(
    (await trx.selectFrom('case_deadlines').select(['source_kind', 'source_id', 'rule']).where('case_id', '=', caseId).execute()).map((r) =>
      deadlineKey({ sourceKind: r.source_kind, sourceId: r.source_id, rule: r.rule }),
    ),
  );
  const planned: PlannedDeadline[] = planCaseDeadlines({
    courtMatter: cm ? { id: cm.id, summonsServedOn: cm.summons_served_on, debtDueOn: cm.debt_due_on, knowledgeOn: cm.knowledge_on } : null,
    trialDay,
    experts,
  }).filter((d) => !existing.has(deadlineKey(d)));
  if (planned.length === 0) return;
  const attorney = await trx
    .selectFrom('case_team')
    .select('user_id')
    .where('case_id', '=', caseId)
    .where('role_on_case', '=', 'responsible-attorney')
    .orderBy('added_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const tasks: Insertable<DB['tasks']>[] = [];
  const rows: Insertable<DB['case_deadlines']>[] = [];
  const events: Insertable<DB['case_events']>[] = [];
  // The demo's history: a deadline whose day has passed was met — its task done that afternoon
  // (15:00 SAST) by the responsible attorney — so a dashboard shows what is still to do.
  const today = dayKey(new Date(at));
  for (const d of planned) {
    const taskId = randomUUID();
    const met = d.due < today;
    tasks.push({
      id: taskId, organization_id: organizationId, case_id: caseId, title: d.title, assignee_id: attorney?.user_id ?? null, due_date: d.due, priority: 'High',
      status: met ? 'done' : 'open', completed_at: met ? `${d.due}T13:00:00.000Z` : null, completed_by: met ? (attorney?.user_id ?? actorId) : null,
      created_by: actorId, created_at: at, updated_at: at,
    });
    rows.push({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, rule: d.rule, source_kind: d.sourceKind, source_id: d.sourceId,
      trigger_on: d.trigger, due_on: d.due, explanation: d.explanation, task_id: taskId, created_at: at, updated_at: at,
    });
    events.push({
      id: randomUUID(), organization_id: organizationId, case_id: caseId, at, actor_id: actorId, kind: 'deadline.set', summary: `Deadline set: ${d.title}, due ${d.due}`,
      details: JSON.stringify({ rule: d.rule, sourceKind: d.sourceKind, sourceId: d.sourceId, due: d.due, trigger: d.trigger, taskId }),
    });
  }
  await trx.insertInto('tasks').values(tasks).execute();
  await trx.insertInto('case_deadlines').values(rows).execute();
  await trx.insertInto('case_events').values(events).execute();
}
