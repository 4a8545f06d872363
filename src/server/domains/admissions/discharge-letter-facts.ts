import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { DISPOSITION_LABELS, type TDischargeDisposition } from '../../../shared/domain/admissions';
import { fullName } from '../../../shared/format';
import type { DischargeSummaryFacts } from './discharge-summary-pdf';

// What the discharge letter says (issue 31): what a GP needs to continue care — who the patient is,
// when they were in, who looked after them, the diagnoses with ICD-10 codes (from the encounters as
// they stand: an amended encounter's newer version), procedures, the medications to continue, and
// the follow-up. Nothing about bed housekeeping.

export async function dischargeLetterFacts(
  trx: Kysely<DB>,
  organizationId: string,
  stay: { caseId: string; personId: string; admittedAt: string; dischargedAt: string; disposition: TDischargeDisposition; dischargedBy: string; summary: string | null },
): Promise<DischargeSummaryFacts> {
  const [org, kase, person, by] = await Promise.all([
    trx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow(),
    trx.selectFrom('cases').select(['reference', 'assigned_doctor_id', 'case_type']).where('id', '=', stay.caseId).executeTakeFirstOrThrow(),
    trx.selectFrom('people').select(['full_name', 'date_of_birth', 'id_number', 'passport_number', 'folder_number']).where('id', '=', stay.personId).executeTakeFirstOrThrow(),
    trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', stay.dischargedBy).executeTakeFirst(),
  ]);
  const doctorId =
    kase.assigned_doctor_id ??
    (await trx.selectFrom('case_team').select('user_id').where('case_id', '=', stay.caseId).where('role_on_case', '=', 'attending-doctor').orderBy('added_at').limit(1).executeTakeFirst())?.user_id ??
    null;
  const doctor = doctorId ? await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', doctorId).executeTakeFirst() : undefined;

  // Encounters as they stand: one that was amended is replaced by its amendment.
  const current = trx
    .selectFrom('encounters as e')
    .leftJoin('encounters as amender', 'amender.amends_id', 'e.id')
    .where('e.organization_id', '=', organizationId)
    .where('e.case_id', '=', stay.caseId)
    .where('amender.id', 'is', null);
  const [diagnosisRows, procedureRows, medicationRows, appointmentRows] = await Promise.all([
    current
      .innerJoin('encounter_diagnoses as d', 'd.encounter_id', 'e.id')
      .select(['d.code', 'd.description', 'd.is_primary', 'e.occurred_at', 'd.position'])
      .orderBy('d.is_primary', 'desc')
      .orderBy('e.occurred_at')
      .orderBy('d.position')
      .execute(),
    current.select(['e.occurred_at', 'e.assessment', 'e.plan']).where('e.type', '=', 'theatre').orderBy('e.occurred_at').execute(),
    trx
      .selectFrom('medications')
      .select(['name', 'dosage', 'route', 'frequency', 'instructions'])
      .where('organization_id', '=', organizationId)
      .where('case_id', '=', stay.caseId)
      .where('status', '=', 'Active')
      .orderBy('start_date')
      .orderBy('name')
      .execute(),
    trx
      .selectFrom('appointments')
      .select(['title', 'start_time', 'location'])
      .where('organization_id', '=', organizationId)
      .where('case_id', '=', stay.caseId)
      .where('start_time', '>', stay.dischargedAt)
      .where('status', '!=', 'Cancelled')
      .orderBy('start_time')
      .limit(10)
      .execute(),
  ]);
  const seen = new Set<string>();
  const diagnoses = diagnosisRows.filter((d) => !seen.has(d.code) && seen.add(d.code)).map((d) => ({ code: d.code, description: d.description, primary: Number(d.is_primary) === 1 }));

  return {
    organizationName: org.name,
    patientName: person.full_name,
    dateOfBirth: person.date_of_birth,
    identity: person.id_number ? `SA ID ${person.id_number}` : person.passport_number ? `Passport ${person.passport_number}` : null,
    folderNumber: person.folder_number,
    caseReference: kase.reference,
    admittedAt: stay.admittedAt,
    dischargedAt: stay.dischargedAt,
    disposition: DISPOSITION_LABELS[stay.disposition],
    attendingDoctor: doctor ? fullName(doctor.first_name, doctor.last_name) : null,
    dischargedBy: by ? fullName(by.first_name, by.last_name) : null,
    diagnoses,
    procedures: procedureRows.map((p) => ({ at: p.occurred_at, text: [p.assessment, p.plan].filter(Boolean).join(' — ') || 'Theatre' })),
    medications: medicationRows.map((m) => ({ name: m.name, dose: m.dosage, route: m.route, frequency: m.frequency, instructions: m.instructions })),
    followUp: appointmentRows.map((a) => ({ at: a.start_time, title: a.title, location: a.location })),
    summary: stay.summary,
  };
}
