import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { type TCourtMatterValues, courtMatterChanges, courtMatterSummary } from '../../src/shared/domain/court-matters';
import { hearingChanges, hearingScheduledSummary, hearingUpdateSummary } from '../../src/shared/domain/hearings';
import { sampleCourtMatter } from '../../src/shared/sample-cases/court-samples';
import type { DB } from '../schema';
import type { TPlatform } from '../../src/shared/platform';
import type { TCaseStatus } from '../../src/shared/domain/cases';
import { toIso } from '../time';
import { createClock } from './seed-helpers';

// Issue 20's demo data: court matters and hearings for the legal and medicolegal organisations,
// drawn from the catalogue demo mode shares (src/shared/sample-cases/court-samples.ts): a court
// matter on most open litigation cases (the state litigation unit's in the Gauteng Division,
// Pretoria), stages spread, some with summons served, debt due and knowledge dates; trial dates one
// to four months out, judicial case management and pre-trial conferences in the coming weeks, and
// past hearings with their outcomes. Each lands on its case's timeline as the services would write it.
// Runs inside the seed's transaction after the cases, people and parties are in (seed-litigation.ts).

const DAY_MS = 86_400_000;

export async function seedCourtMatters(trx: Kysely<DB>, now: Date): Promise<void> {
  const clock = createClock(now);
  const today = clock.date(0);
  const organizations = await trx.selectFrom('organizations').select(['id', 'platform']).where('platform', 'in', ['legal', 'medicolegal']).orderBy('id').execute();
  for (const organization of organizations) {
    const cases = await trx
      .selectFrom('cases')
      .select(['id', 'case_type', 'status', 'created_at', 'assigned_doctor_id', 'case_manager_id'])
      .where('organization_id', '=', organization.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const matters: Insertable<DB['court_matters']>[] = [];
    const hearings: Insertable<DB['hearings']>[] = [];
    const events: Insertable<DB['case_events']>[] = [];
    cases.forEach((kase, index) => {
      const sample = sampleCourtMatter(organization.platform as TPlatform, index, { caseType: kase.case_type, status: kase.status as TCaseStatus }, today);
      if (!sample) return;
      const { hearings: sampleHearings, ...values } = sample;
      const who = kase.case_manager_id ?? kase.assigned_doctor_id;
      // Recorded a few days after the case was opened, never in the future.
      const recordedAt = toIso(Math.min(Date.parse(kase.created_at) + 3 * DAY_MS, now.getTime() - 2 * DAY_MS));
      matters.push({
        id: randomUUID(),
        organization_id: organization.id,
        case_id: kase.id,
        court: values.court,
        division: values.division,
        case_number: values.caseNumber,
        caselines_reference: values.caselinesReference,
        claim_amount_cents: values.claimAmountCents,
        stage: values.stage,
        trial_scope: values.trialScope,
        summons_served_on: values.summonsServedOn,
        debt_due_on: values.debtDueOn,
        knowledge_on: values.knowledgeOn,
        updated_by: who,
        created_at: recordedAt,
        updated_at: recordedAt,
      });
      const shown: TCourtMatterValues = values;
      const changes = courtMatterChanges(null, shown);
      events.push({
        id: randomUUID(), organization_id: organization.id, case_id: kase.id, at: recordedAt, actor_id: who, kind: 'court-matter.updated',
        summary: courtMatterSummary(null, shown, changes), details: JSON.stringify({ changes }),
      });
      for (const h of sampleHearings) {
        const id = randomUUID();
        // Set down well before the day (a past hearing a month before it; a coming one a week ago).
        const setDownAt = toIso(Math.max(Date.parse(recordedAt), Math.min(Date.parse(h.startsAt) - 30 * DAY_MS, now.getTime() - 7 * DAY_MS)));
        const updatedAt = h.outcome ? toIso(Math.min(Date.parse(h.startsAt) + 6 * 3_600_000, now.getTime())) : setDownAt;
        hearings.push({
          id, organization_id: organization.id, case_id: kase.id, type: h.type, starts_at: h.startsAt, ends_at: h.endsAt, venue: h.venue, judge: h.judge,
          outcome: h.outcome, notes: null, version: h.outcome ? 2 : 1, created_by: who, created_at: setDownAt, updated_at: updatedAt,
        });
        events.push({
          id: randomUUID(), organization_id: organization.id, case_id: kase.id, at: setDownAt, actor_id: who, kind: 'hearing.scheduled',
          summary: hearingScheduledSummary(h), details: JSON.stringify({ hearingId: id, type: h.type, startsAt: h.startsAt }),
        });
        if (h.outcome) {
          const before = { ...h, outcome: null, notes: null };
          const outcomeChanges = hearingChanges(before, { ...h, notes: null });
          events.push({
            id: randomUUID(), organization_id: organization.id, case_id: kase.id, at: updatedAt, actor_id: who, kind: 'hearing.updated',
            summary: hearingUpdateSummary(before, h, outcomeChanges), details: JSON.stringify({ hearingId: id, changes: outcomeChanges }),
          });
        }
      }
    });
    if (matters.length > 0) await trx.insertInto('court_matters').values(matters).execute();
    if (hearings.length > 0) await trx.insertInto('hearings').values(hearings).execute();
    if (events.length > 0) await trx.insertInto('case_events').values(events).execute();
  }
}
