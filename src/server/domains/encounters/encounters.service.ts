import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import {
  ENCOUNTER_TYPE_LABELS,
  type TAmendEncounterInput,
  type TCreateEncounterInput,
  type TEncounter,
  type TEncounterList,
  type TEncounterType,
} from '../../../shared/domain/encounters';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { lookupIcd10Codes } from '../icd10/icd10.service';
import { appendCaseEvent } from '../timeline/case-events';

// Encounters are append-only (ARCHITECTURE "clinical and legal records are append-only"): never
// updated or deleted here. An amendment is a new row naming the one it amends, with its own full
// content; the unique index on amends_id keeps the chain a line, so a second amendment of the same
// version is a 409. Diagnoses are validated against the organisation's ICD-10 list and stored with
// the description as it read when coded, so a later import does not rewrite a past record.

export const ALREADY_AMENDED_MESSAGE = 'This encounter was already amended; amend the newest version';
const UNKNOWN_CLINICIAN = 'Former member';

/** Encounters are a hospital's record; medicolegal cases hold received hospital records instead. */
function requireHealthcare(actor: TenantActor): void {
  if (actor.platform !== 'healthcare') throw new AppError('FORBIDDEN', 'Encounters are part of the healthcare platform.');
}

function selectEncounters(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('encounters as e')
    .leftJoin('users as clinician', 'clinician.id', 'e.clinician_id')
    .leftJoin('encounters as amender', 'amender.amends_id', 'e.id')
    .selectAll('e')
    .select(['clinician.first_name', 'clinician.last_name', 'amender.id as amended_by_id'])
    .where('e.organization_id', '=', organizationId);
}

type EncounterRow = Awaited<ReturnType<ReturnType<typeof selectEncounters>['executeTakeFirstOrThrow']>>;
type DiagnosisRow = { encounter_id: string; code: string; description: string; is_primary: number };

const num = (v: number | string | null) => (v === null ? null : Number(v));

function toEncounter(row: EncounterRow, diagnoses: DiagnosisRow[]): TEncounter {
  return {
    id: row.id,
    type: row.type as TEncounterType,
    occurredAt: row.occurred_at,
    clinicianId: row.clinician_id,
    clinicianName: fullName(row.first_name, row.last_name) ?? UNKNOWN_CLINICIAN,
    subjective: row.subjective,
    objective: row.objective,
    assessment: row.assessment,
    plan: row.plan,
    vitals: {
      pulse: num(row.pulse),
      systolic: num(row.systolic),
      diastolic: num(row.diastolic),
      temperatureC: num(row.temperature_c),
      respiratoryRate: num(row.respiratory_rate),
      spo2: num(row.spo2),
      weightKg: num(row.weight_kg),
    },
    diagnoses: diagnoses.map((d) => ({ code: d.code, description: d.description, primary: Number(d.is_primary) === 1 })),
    amendsId: row.amends_id,
    amendedById: row.amended_by_id ?? null,
    createdAt: row.created_at,
  };
}

async function withDiagnoses(db: Kysely<DB>, organizationId: string, rows: EncounterRow[]): Promise<TEncounter[]> {
  if (rows.length === 0) return [];
  const diagnoses = await db
    .selectFrom('encounter_diagnoses')
    .select(['encounter_id', 'code', 'description', 'is_primary'])
    .where('organization_id', '=', organizationId)
    .where(
      'encounter_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('position')
    .execute();
  const byEncounter = new Map<string, DiagnosisRow[]>();
  for (const d of diagnoses) byEncounter.set(d.encounter_id, [...(byEncounter.get(d.encounter_id) ?? []), d]);
  return rows.map((r) => toEncounter(r, byEncounter.get(r.id) ?? []));
}

async function findEncounter(db: Kysely<DB>, actor: TenantActor, caseId: string, encounterId: string): Promise<TEncounter> {
  const row = await selectEncounters(db, actor.organizationId).where('e.case_id', '=', caseId).where('e.id', '=', encounterId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Encounter not found');
  return (await withDiagnoses(db, actor.organizationId, [row]))[0]!;
}

/**
 * Every encounter of the case, newest first (by when it happened); amended versions stay, marked.
 * A medicolegal case reads as empty rather than refused: its platform has medical records (the
 * hospital records received), just no encounters of its own.
 */
export async function listEncounters(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TEncounterList> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectEncounters(db, actor.organizationId)
    .where('e.case_id', '=', kase.id)
    .orderBy('e.occurred_at', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return { items: await withDiagnoses(db, actor.organizationId, rows) };
}

type EncounterContent = Omit<TCreateEncounterInput, 'id'>;

/** Each code must be on the organisation's list (a 400 on `diagnoses.N.code`), a primary one valid as primary. */
async function codedDiagnoses(db: Kysely<DB>, actor: TenantActor, content: EncounterContent) {
  const found = await lookupIcd10Codes(
    db,
    actor.organizationId,
    content.diagnoses.map((d) => d.code),
  );
  const fields: Record<string, string> = {};
  const coded = content.diagnoses.map((d, i) => {
    const entry = found[i];
    if (!entry) fields[`diagnoses.${i}.code`] = `${d.code} is not on the organisation's ICD-10 code list`;
    else if (d.primary && !entry.validPrimary) fields[`diagnoses.${i}.primary`] = `${d.code} cannot be the primary diagnosis (ICD-10 MIT)`;
    return { code: d.code, description: entry?.description ?? '', primary: d.primary };
  });
  if (Object.keys(fields).length > 0) throw new AppError('BAD_REQUEST', Object.values(fields)[0]!, fields);
  return coded;
}

async function insertEncounter(db: Kysely<DB>, actor: TenantActor, caseId: string, content: EncounterContent, amendsId: string | null): Promise<string> {
  const diagnoses = await codedDiagnoses(db, actor, content);
  const id = randomUUID();
  const v = content.vitals ?? {};
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('encounters')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: caseId,
        type: content.type,
        occurred_at: content.occurredAt,
        clinician_id: actor.userId,
        subjective: content.subjective,
        objective: content.objective,
        assessment: content.assessment,
        plan: content.plan,
        pulse: (v.pulse as number | undefined) ?? null,
        systolic: (v.systolic as number | undefined) ?? null,
        diastolic: (v.diastolic as number | undefined) ?? null,
        temperature_c: (v.temperatureC as number | undefined) ?? null,
        respiratory_rate: (v.respiratoryRate as number | undefined) ?? null,
        spo2: (v.spo2 as number | undefined) ?? null,
        weight_kg: (v.weightKg as number | undefined) ?? null,
        amends_id: amendsId,
        created_at: nowIso(),
      })
      .execute();
    if (diagnoses.length > 0) {
      await trx
        .insertInto('encounter_diagnoses')
        .values(diagnoses.map((d, position) => ({ encounter_id: id, organization_id: actor.organizationId, code: d.code, description: d.description, is_primary: d.primary ? 1 : 0, position })))
        .execute();
    }
    const primary = diagnoses.find((d) => d.primary) ?? diagnoses[0];
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId,
      actorId: actor.userId,
      kind: amendsId ? 'encounter.amended' : 'encounter.recorded',
      summary: `${ENCOUNTER_TYPE_LABELS[content.type]} ${amendsId ? 'amended' : 'recorded'}${primary ? ` (${primary.code})` : ''}`,
      details: { encounterId: id, type: content.type, codes: diagnoses.map((d) => d.code), ...(amendsId ? { amendsId } : {}) },
    });
  });
  return id;
}

export async function createEncounter(db: Kysely<DB>, actor: TenantActor, input: TCreateEncounterInput): Promise<TEncounter> {
  requireHealthcare(actor);
  const kase = await requireCaseAccess(db, actor, input.id);
  const { id: _caseId, ...content } = input;
  const id = await insertEncounter(db, actor, kase.id, content, null);
  return findEncounter(db, actor, kase.id, id);
}

export async function amendEncounter(db: Kysely<DB>, actor: TenantActor, input: TAmendEncounterInput): Promise<TEncounter> {
  requireHealthcare(actor);
  const kase = await requireCaseAccess(db, actor, input.id);
  const original = await findEncounter(db, actor, kase.id, input.encounterId);
  // The clinician answers for what they recorded; a Doctor may correct a colleague's (a registrar's
  // coding on the consultant's ward round), and the amendment names who made it.
  if (original.clinicianId !== actor.userId && !can(actor, 'encounters.amendAny')) {
    throw new AppError('FORBIDDEN', 'Only the clinician who recorded an encounter, or a Doctor, can amend it.');
  }
  if (original.amendedById) throw new AppError('CONFLICT', ALREADY_AMENDED_MESSAGE);
  const { id: _caseId, encounterId: _encounterId, ...content } = input;
  let id: string;
  try {
    id = await insertEncounter(db, actor, kase.id, content, original.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ALREADY_AMENDED_MESSAGE);
    throw error;
  }
  return findEncounter(db, actor, kase.id, id);
}
