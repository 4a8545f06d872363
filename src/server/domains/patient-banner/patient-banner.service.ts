import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TDischargeDisposition } from '../../../shared/domain/admissions';
import { type TPatientBanner, ageInYears } from '../../../shared/domain/patient-banner';
import type { TenantActor } from '../../auth/actor';
import { allergiesOfPerson } from '../allergies/allergies.service';
import { requireCaseAccess } from '../cases/case-access';
import { parseFlags } from '../cases/cases.service';
import { idNumberFor } from '../people/id-number-visibility';

// The patient banner of a case (issue 31). The case is opened first (tenant, need to know), then
// its person, their allergies and the case's stay: four small indexed reads, kept out of the case
// DTO that hot lists carry.

export async function patientBanner(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TPatientBanner> {
  await requireCaseAccess(db, actor, caseId);
  const kase = await db.selectFrom('cases').select(['patient_name', 'person_id', 'urgent_flags']).where('id', '=', caseId).executeTakeFirstOrThrow();
  const person = kase.person_id
    ? await db
        .selectFrom('people')
        .select(['id', 'full_name', 'date_of_birth', 'sex', 'id_number', 'passport_number', 'folder_number', 'no_known_allergies_at', 'no_known_allergies_by'])
        .where('id', '=', kase.person_id)
        .where('organization_id', '=', actor.organizationId)
        .executeTakeFirst()
    : undefined;
  const stays = await db
    .selectFrom('admissions as a')
    .leftJoin('beds as b', 'b.id', 'a.bed_id')
    .select(['a.id', 'a.admitted_at', 'a.discharged_at', 'a.disposition', 'b.bed_number', 'b.ward'])
    .where('a.organization_id', '=', actor.organizationId)
    .where('a.case_id', '=', caseId)
    .orderBy('a.admitted_at', 'desc')
    .limit(1)
    .execute();
  const stay = stays[0];
  return {
    caseId,
    personId: person?.id ?? null,
    name: person?.full_name ?? kase.patient_name,
    dateOfBirth: person?.date_of_birth ?? null,
    ageYears: person?.date_of_birth ? ageInYears(person.date_of_birth, new Date()) : null,
    sex: person?.sex ?? null,
    idNumber: idNumberFor(actor, person?.id_number ?? null),
    passportNumber: person?.passport_number ?? null,
    folderNumber: person?.folder_number ?? null,
    allergies: person ? await allergiesOfPerson(db, actor.organizationId, person) : null,
    alerts: parseFlags(kase.urgent_flags),
    bed: stay && !stay.discharged_at ? { admissionId: stay.id, bedNumber: stay.bed_number ?? null, ward: stay.ward ?? null, admittedAt: stay.admitted_at } : null,
    lastDischarge: stay?.discharged_at ? { at: stay.discharged_at, disposition: (stay.disposition as TDischargeDisposition | null) ?? null } : null,
  };
}

