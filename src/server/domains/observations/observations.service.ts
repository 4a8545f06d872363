import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { CONSCIOUSNESS_LABELS, news2 } from '../../../shared/domain/news2';
import { OBSERVATIONS_LIST_MAX, type TCreateObservationInput, type TObservation, type TObservationList, ZCreateObservationInput } from '../../../shared/domain/observations';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';

// Observations as their own quick entry with NEWS2 (issue 31). The score and band are computed here
// from the shared RCP table and stored with the row: the chart shows what the nurse saw, and the
// vitals monitor sorts by it without recomputing. Never edited or deleted.

function requireEntryPlatform(actor: TenantActor): void {
  if (actor.platform !== 'healthcare') throw new AppError('FORBIDDEN', 'Observations are recorded on the healthcare platform.');
}

function selectObservations(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('observations as o')
    .leftJoin('users as by', 'by.id', 'o.recorded_by')
    .selectAll('o')
    .select(['by.first_name', 'by.last_name'])
    .where('o.organization_id', '=', organizationId);
}

type ObservationRow = Awaited<ReturnType<ReturnType<typeof selectObservations>['executeTakeFirstOrThrow']>>;

function toObservation(r: ObservationRow): TObservation {
  const values = {
    respiratoryRate: Number(r.respiratory_rate), spo2: Number(r.spo2), onOxygen: Number(r.on_oxygen) === 1, systolic: Number(r.systolic),
    pulse: Number(r.pulse), consciousness: r.consciousness, temperatureC: Number(r.temperature_c),
  };
  return {
    id: r.id, caseId: r.case_id, recordedAt: r.recorded_at, byName: fullName(r.first_name, r.last_name), ...values,
    news2: Number(r.news2), band: r.band,
    // The parts are the same table's reading of the stored values; the total and band are as stored.
    parts: news2(values).parts,
  };
}

export async function recordObservation(db: Kysely<DB>, actor: TenantActor, raw: TCreateObservationInput): Promise<TObservation> {
  requireEntryPlatform(actor);
  const input = ZCreateObservationInput.parse(raw);
  const kase = await requireCaseAccess(db, actor, input.id);
  const score = news2(input);
  const id = randomUUID();
  const now = nowIso();
  const recordedAt = input.recordedAt ? new Date(input.recordedAt).toISOString() : now;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('observations')
      .values({
        id, organization_id: actor.organizationId, case_id: kase.id, recorded_at: recordedAt, recorded_by: actor.userId,
        respiratory_rate: input.respiratoryRate, spo2: input.spo2, on_oxygen: input.onOxygen ? 1 : 0, systolic: input.systolic, pulse: input.pulse,
        consciousness: input.consciousness, temperature_c: input.temperatureC, news2: score.total, band: score.band, created_at: now,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'observation.recorded',
      summary:
        `Observations: NEWS2 ${score.total} (${score.band}) — RR ${input.respiratoryRate}, SpO2 ${input.spo2}% ${input.onOxygen ? 'on oxygen' : 'on air'}, ` +
        `BP ${input.systolic} systolic, pulse ${input.pulse}, ${CONSCIOUSNESS_LABELS[input.consciousness]}, ${input.temperatureC} °C`,
      details: { observationId: id, news2: score.total, band: score.band },
      at: now,
    });
  });
  return toObservation(await selectObservations(db, actor.organizationId).where('o.id', '=', id).executeTakeFirstOrThrow());
}

/** The case's observation sets, newest first (the chart reads them oldest first). */
export async function listObservations(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TObservationList> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectObservations(db, actor.organizationId).where('o.case_id', '=', kase.id).orderBy('o.recorded_at', 'desc').orderBy('o.id').limit(OBSERVATIONS_LIST_MAX).execute();
  return { items: rows.map(toObservation) };
}
