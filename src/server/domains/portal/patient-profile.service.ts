import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { DB, PatientProfilesTable } from '../../../../db/schema';
import type { PeopleTable } from '../../../../db/schema-people';
import { personFullName } from '../../../shared/domain/people';
import { nowIso } from '../../../../db/time';
import type { TPatientProfile, TUpdatePatientProfileInput } from '../../../shared/domain/portal';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';

// The Patient's own details (SPEC §2.13 My Profile). Name and e-mail come from the account. Since
// issue 19 the person record is where date of birth, phone, address and medical aid live: the
// Patient's linked person (people.user_id) is read and written; the emergency contact stays in
// patient_profiles. A Patient without a linked person gets one on the first save — the person of
// their case when it has no portal account yet, else a new one made from the account's name.

type PersonFields = { date_of_birth: string | null; phone: string | null; address: string | null; medical_aid_scheme: string | null; medical_aid_number: string | null; medical_aid_main_member: string | null; updated_at: string };

async function linkedPerson(db: Kysely<DB>, actor: TenantActor) {
  return db
    .selectFrom('people')
    .select(['id', 'date_of_birth', 'phone', 'address', 'medical_aid_scheme', 'medical_aid_number', 'medical_aid_main_member', 'updated_at'])
    .where('organization_id', '=', actor.organizationId)
    .where('user_id', '=', actor.userId)
    .where('merged_into_id', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
}

const later = (a: string | null | undefined, b: string | null | undefined) => (a && b ? (a > b ? a : b) : (a ?? b ?? null));

export async function getPatientProfile(db: Kysely<DB>, actor: TenantActor): Promise<TPatientProfile> {
  const user = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', actor.userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  const [profile, person] = await Promise.all([
    db.selectFrom('patient_profiles').selectAll().where('user_id', '=', actor.userId).where('organization_id', '=', actor.organizationId).executeTakeFirst(),
    linkedPerson(db, actor),
  ]);
  // Without a person yet, what an older profile row held (the migration copied it to the person).
  const facts: Partial<PersonFields> | undefined = person ?? profile;
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    dateOfBirth: facts?.date_of_birth ?? null,
    phone: facts?.phone ?? null,
    address: facts?.address ?? null,
    emergencyContactName: profile?.emergency_contact_name ?? null,
    emergencyContactRelationship: profile?.emergency_contact_relationship ?? null,
    emergencyContactPhone: profile?.emergency_contact_phone ?? null,
    medicalAidScheme: facts?.medical_aid_scheme ?? null,
    medicalAidNumber: facts?.medical_aid_number ?? null,
    medicalAidMainMember: facts?.medical_aid_main_member ?? null,
    updatedAt: later(person?.updated_at, profile?.updated_at),
  };
}

/** The Patient's person: linked already, else the person of their earliest case with no account, else a new one. */
async function personToWrite(trx: Kysely<DB>, actor: TenantActor, now: string): Promise<string> {
  const linked = await linkedPerson(trx, actor);
  if (linked) return linked.id;
  const ofCase = await trx
    .selectFrom('cases')
    .innerJoin('people', 'people.id', 'cases.person_id')
    .select('people.id')
    .where('cases.organization_id', '=', actor.organizationId)
    .where('cases.patient_user_id', '=', actor.userId)
    .where('people.user_id', 'is', null)
    .where('people.merged_into_id', 'is', null)
    .orderBy('cases.created_at')
    .executeTakeFirst();
  if (ofCase) {
    await trx.updateTable('people').set({ user_id: actor.userId }).where('id', '=', ofCase.id).where('user_id', 'is', null).execute();
    return ofCase.id;
  }
  const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
  const id = randomUUID();
  const firstName = user.first_name.trim() || null;
  const lastName = user.last_name.trim() || user.first_name.trim() || 'Patient';
  await trx
    .insertInto('people')
    .values({
      id, organization_id: actor.organizationId, kind: 'person', first_name: firstName, last_name: lastName,
      full_name: personFullName({ firstName, lastName }), user_id: actor.userId, created_by: actor.userId, created_at: now, updated_at: now,
    })
    .execute();
  return id;
}

export async function updatePatientProfile(db: Kysely<DB>, actor: TenantActor, input: TUpdatePatientProfileInput): Promise<TPatientProfile> {
  const onPerson: Updateable<PeopleTable> = {
    phone: input.phone,
    address: input.address,
    medical_aid_scheme: input.medicalAidScheme,
    medical_aid_number: input.medicalAidNumber,
    medical_aid_main_member: input.medicalAidMainMember,
  };
  const onProfile: Updateable<PatientProfilesTable> = {
    emergency_contact_name: input.emergencyContactName,
    emergency_contact_relationship: input.emergencyContactRelationship,
    emergency_contact_phone: input.emergencyContactPhone,
  };
  // Fields left out of the input stay as they are.
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  const personSet = defined(onPerson);
  const profileSet = defined(onProfile);
  const updatedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    if (Object.keys(personSet).length > 0) {
      const personId = await personToWrite(trx, actor, updatedAt);
      await trx
        .updateTable('people')
        .set((eb) => ({ ...personSet, version: eb('version', '+', 1), updated_at: updatedAt }))
        .where('id', '=', personId)
        .where('organization_id', '=', actor.organizationId)
        .execute();
    }
    if (Object.keys(profileSet).length > 0) {
      await trx
        .insertInto('patient_profiles')
        .values({ user_id: actor.userId, organization_id: actor.organizationId, ...profileSet, updated_at: updatedAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...profileSet, updated_at: updatedAt }).where('patient_profiles.organization_id', '=', actor.organizationId))
        .execute();
    }
  });
  return getPatientProfile(db, actor);
}
