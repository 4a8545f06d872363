import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { type TAdministration, type TMar, type TRecordAdministrationInput, ZRecordAdministrationInput } from '../../../shared/domain/administrations';
import { endOfSaDay, saCalendarDay } from '../../../shared/domain/admissions';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { requireEntryPlatform, selectMedications, toMedication } from './clinical-results.service';
import { routeWords } from '../../../shared/domain/clinical-results';

// Doses given against a prescription, and the medication administration record of a day (issue 31).
// A dose is recorded by a nurse (or any role with medications.administer) on the hospital's platform,
// against an Active prescription of a case the nurse may read; never edited or deleted.

function selectAdministrations(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('medication_administrations as a')
    .leftJoin('users as by', 'by.id', 'a.given_by')
    .select(['a.id', 'a.medication_id', 'a.case_id', 'a.given_at', 'a.dose', 'a.route', 'a.not_given_reason', 'by.first_name', 'by.last_name'])
    .where('a.organization_id', '=', organizationId);
}

type AdministrationRow = Awaited<ReturnType<ReturnType<typeof selectAdministrations>['executeTakeFirstOrThrow']>>;

const toAdministration = (r: AdministrationRow): TAdministration => ({
  id: r.id,
  medicationId: r.medication_id,
  caseId: r.case_id,
  givenAt: r.given_at,
  dose: r.dose,
  route: r.route,
  given: r.not_given_reason === null,
  notGivenReason: r.not_given_reason,
  byName: fullName(r.first_name, r.last_name),
});

export async function recordAdministration(db: Kysely<DB>, actor: TenantActor, raw: TRecordAdministrationInput): Promise<TAdministration> {
  requireEntryPlatform(actor);
  const input = ZRecordAdministrationInput.parse(raw);
  const medication = await db
    .selectFrom('medications')
    .select(['id', 'case_id', 'name', 'status', 'start_date', 'end_date'])
    .where('id', '=', input.id)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!medication) throw new AppError('NOT_FOUND', 'Medication not found');
  const kase = await requireCaseAccess(db, actor, medication.case_id);
  if (medication.status !== 'Active') throw new AppError('CONFLICT', `${medication.name} is ${medication.status.toLowerCase()}: no dose is given against it`, { id: `${medication.name} is ${medication.status.toLowerCase()}` });
  const givenAt = new Date(input.givenAt).toISOString();
  if (saCalendarDay(givenAt) < medication.start_date) {
    const message = `${medication.name} starts on ${medication.start_date}; a dose cannot be given before`;
    throw new AppError('BAD_REQUEST', message, { givenAt: message });
  }
  const id = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('medication_administrations')
      .values({
        id, organization_id: actor.organizationId, case_id: kase.id, medication_id: medication.id, given_at: givenAt, dose: input.dose, route: input.route,
        given_by: actor.userId, not_given_reason: input.notGivenReason, created_at: now,
      })
      .execute();
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'medication.administered',
      summary: input.notGivenReason
        ? `Dose not given: ${medication.name} ${input.dose} (${input.notGivenReason})`
        : `Dose given: ${medication.name} ${input.dose} ${routeWords(input.route)}`,
      details: { medicationId: medication.id, administrationId: id, givenAt },
      at: now,
    });
  });
  return toAdministration(await selectAdministrations(db, actor.organizationId).where('a.id', '=', id).executeTakeFirstOrThrow());
}

/** The MAR of one South African day: each prescription running that day, with its doses, earliest first. */
export async function medicationAdministrationRecord(db: Kysely<DB>, actor: TenantActor, caseId: string, date: string | undefined): Promise<TMar> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const day = date ?? saCalendarDay(new Date());
  const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const [medications, administrations] = await Promise.all([
    selectMedications(db, actor.organizationId).where('m.case_id', '=', kase.id).orderBy('m.start_date').orderBy('m.id').execute(),
    selectAdministrations(db, actor.organizationId)
      .where('a.case_id', '=', kase.id)
      .where('a.given_at', '>', endOfSaDay(previous))
      .where('a.given_at', '<=', endOfSaDay(day))
      .orderBy('a.given_at')
      .orderBy('a.id')
      .execute(),
  ]);
  const byMedication = new Map<string, TAdministration[]>();
  for (const row of administrations) byMedication.set(row.medication_id, [...(byMedication.get(row.medication_id) ?? []), toAdministration(row)]);
  const running = medications.filter((m) => (m.start_date <= day && (m.end_date === null || m.end_date >= day)) || byMedication.has(m.id));
  return { date: day, items: running.map((m) => ({ medication: toMedication(m), administrations: byMedication.get(m.id) ?? [] })) };
}
