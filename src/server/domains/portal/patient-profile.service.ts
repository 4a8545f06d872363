import type { Kysely, Updateable } from 'kysely';
import type { DB, PatientProfilesTable } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TPatientProfile, TUpdatePatientProfileInput } from '../../../shared/domain/portal';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// The Patient's own details (SPEC §2.13 My Profile). Name and e-mail come from the account, date of
// birth from the hospital's records; the patient edits contact, emergency contact and medical aid.
// A patient without a profile row yet sees empty fields; the first save creates the row.

export async function getPatientProfile(db: Kysely<DB>, actor: TenantActor): Promise<TPatientProfile> {
  const user = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', actor.userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  const profile = await db
    .selectFrom('patient_profiles')
    .selectAll()
    .where('user_id', '=', actor.userId)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    dateOfBirth: profile?.date_of_birth ?? null,
    phone: profile?.phone ?? null,
    address: profile?.address ?? null,
    emergencyContactName: profile?.emergency_contact_name ?? null,
    emergencyContactRelationship: profile?.emergency_contact_relationship ?? null,
    emergencyContactPhone: profile?.emergency_contact_phone ?? null,
    medicalAidScheme: profile?.medical_aid_scheme ?? null,
    medicalAidNumber: profile?.medical_aid_number ?? null,
    medicalAidMainMember: profile?.medical_aid_main_member ?? null,
    updatedAt: profile?.updated_at ?? null,
  };
}

export async function updatePatientProfile(db: Kysely<DB>, actor: TenantActor, input: TUpdatePatientProfileInput): Promise<TPatientProfile> {
  const changes: Updateable<PatientProfilesTable> = {
    phone: input.phone,
    address: input.address,
    emergency_contact_name: input.emergencyContactName,
    emergency_contact_relationship: input.emergencyContactRelationship,
    emergency_contact_phone: input.emergencyContactPhone,
    medical_aid_scheme: input.medicalAidScheme,
    medical_aid_number: input.medicalAidNumber,
    medical_aid_main_member: input.medicalAidMainMember,
  };
  // Fields left out of the input stay as they are.
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Updateable<PatientProfilesTable>;
  const updatedAt = nowIso();
  await db
    .insertInto('patient_profiles')
    .values({ user_id: actor.userId, organization_id: actor.organizationId, ...set, updated_at: updatedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: updatedAt }).where('patient_profiles.organization_id', '=', actor.organizationId))
    .execute();
  return getPatientProfile(db, actor);
}
